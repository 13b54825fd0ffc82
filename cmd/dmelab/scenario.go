package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

func init() {
	register("run", command{
		summary: "run a scenario file: its script, the default policy, its expectations",
		usage:   "usage: dmelab run [flags] FILE\n",
		flags:   flagsOf(runFlags),
		run:     cmdRun,
	})
	register("explore", command{
		summary: "run a scenario's script, then explore every completion of it",
		usage:   "usage: dmelab explore [flags] FILE\n",
		flags:   flagsOf(exploreFlags),
		run:     cmdExplore,
	})
	register("fmt", command{
		summary: "print a scenario file in canonical form",
		usage:   "usage: dmelab fmt FILE\n",
		run:     cmdFmt,
	})
}

type runOpts struct {
	asJSON, emit      bool
	maxRun, maxStates int
	lst               string
}

func runFlags() (*flag.FlagSet, *runOpts) {
	o := &runOpts{}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.StringVar(&o.lst, "listing", "", "`FILE` run the scenario on the algorithm this listing describes (see docs/listings.md), which the scenario names")
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object")
	fs.BoolVar(&o.emit, "emit-scenario", false, "print the run as a scenario that replays it exactly")
	fs.IntVar(&o.maxRun, "max-events", 0, "stop a run after this many events (0: the default)")
	fs.IntVar(&o.maxStates, "max-states", 0, "bound the search that settles a property expectation (0: the default bound)")
	return fs, o
}

type exploreOpts struct {
	asJSON    bool
	maxStates int
	lst       string
}

func exploreFlags() (*flag.FlagSet, *exploreOpts) {
	o := &exploreOpts{}
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	fs.StringVar(&o.lst, "listing", "", "`FILE` explore the scenario on the algorithm this listing describes, which the scenario names")
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object")
	fs.IntVar(&o.maxStates, "max-states", 0, "stop after this many states (0: the default bound)")
	return fs, o
}

// maxScenarioBytes bounds what run, explore and fmt read.
const maxScenarioBytes = 1 << 20

// readScenario reads FILE ("-" for standard input is not offered: errors
// must name a file).
func readScenario(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxScenarioBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxScenarioBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxScenarioBytes)
	}
	return b, nil
}

// scenarioFlags parses "FILE [flags]" or "[flags] FILE".
func scenarioFlags(cmd string, args []string, fs *flag.FlagSet) (string, error) {
	fs.SetOutput(io.Discard)
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return "", err
	}
	rest := fs.Args()
	if file == "" && len(rest) > 0 {
		file, rest = rest[0], rest[1:]
	}
	if len(rest) > 0 {
		return "", fmt.Errorf("unexpected argument %q", rest[0])
	}
	if file == "" {
		return "", fmt.Errorf("usage: dmelab %s FILE", cmd)
	}
	return file, nil
}

// loadScenario reads and checks a scenario, printing its errors as
// file:line:col lines on stderr. With lst (--listing FILE) the scenario
// runs on the algorithm that listing describes, which it must name.
func loadScenario(cmd, file, lst string, stderr io.Writer) (*scenario.Scenario, int) {
	var alg *sim.Algorithm
	if lst != "" {
		var err error
		if alg, err = loadListing(lst); err != nil {
			var list listing.ErrorList
			if errors.As(err, &list) {
				fmt.Fprintln(stderr, list.Error()) // one problem a line, as check --listing prints them
			} else {
				fmt.Fprintf(stderr, "dmelab %s: %s\n", cmd, oneLine(err))
			}
			return nil, exitUsage
		}
	}
	src, err := readScenario(file)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab %s: %s\n", cmd, oneLine(err))
		return nil, exitUsage
	}
	read := func(name string) ([]byte, error) { return readScenario(filepath.FromSlash(name)) }
	s, err := scenario.LoadFilesWith(filepath.ToSlash(file), src, read, alg)
	if err != nil {
		printErrors(stderr, err)
		return nil, exitUsage
	}
	if alg != nil && s.Setup.Alg.Name != alg.Name {
		fmt.Fprintf(stderr, "dmelab %s: %s runs algorithm %s, but the listing %s is of algorithm %s: the scenario's algorithm line must name the listing's\n",
			cmd, file, s.Setup.Alg.Name, lst, alg.Name)
		return nil, exitUsage
	}
	return s, exitOK
}

// maxListingBytes bounds a listing that run and explore read (the grader
// takes at most 64 KiB).
const maxListingBytes = 1 << 20

// loadListing reads and compiles the listing file name (--listing).
func loadListing(name string) (*sim.Algorithm, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxListingBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxListingBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxListingBytes)
	}
	return listing.Load(name, string(b))
}

func printErrors(w io.Writer, err error) {
	var list scenario.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(w, e)
		}
		return
	}
	fmt.Fprintln(w, err)
}

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs, o := runFlags()
	asJSON, emit, maxRun, maxStates, lst := &o.asJSON, &o.emit, &o.maxRun, &o.maxStates, &o.lst
	file, err := scenarioFlags("run", args, fs)
	if err == nil && *maxStates < 0 {
		err = fmt.Errorf("--max-states must not be negative, got %d", *maxStates)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("run", stdout)
		}
		fmt.Fprintf(stderr, "dmelab run: %s\n", oneLine(err))
		return exitUsage
	}
	s, code := loadScenario("run", file, *lst, stderr)
	if s == nil {
		return code
	}
	r := scenario.Run(s, scenario.Options{MaxRun: *maxRun, MaxStates: *maxStates})
	switch {
	case *emit:
		src, err := r.Scenario()
		if err != nil {
			fmt.Fprintf(stderr, "dmelab run: %s\n", oneLine(err))
			return exitUsage
		}
		fmt.Fprint(stdout, src)
	case *asJSON:
		writeJSONValue(stdout, r)
	default:
		fmt.Fprint(stdout, r.Report())
	}
	return r.Exit()
}

func cmdExplore(args []string, stdout, stderr io.Writer) int {
	fs, o := exploreFlags()
	asJSON, maxStates, lst := &o.asJSON, &o.maxStates, &o.lst
	file, err := scenarioFlags("explore", args, fs)
	if err == nil && *maxStates < 0 {
		err = fmt.Errorf("--max-states must not be negative, got %d", *maxStates)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("explore", stdout)
		}
		fmt.Fprintf(stderr, "dmelab explore: %s\n", oneLine(err))
		return exitUsage
	}
	s, code := loadScenario("explore", file, *lst, stderr)
	if s == nil {
		return code
	}
	x, err := scenario.Explore(s, scenario.Options{MaxStates: *maxStates})
	if err != nil {
		fmt.Fprintf(stderr, "dmelab explore: %s\n", oneLine(err))
		return exitUsage
	}
	if *asJSON {
		writeJSONValue(stdout, x)
	} else {
		fmt.Fprint(stdout, x.Report())
		writeExpectations(stdout, x.Run)
	}
	return exploreExit(x)
}

// writeExpectations prints every expectation of the script, as run does
// (status, line, what, and what happened instead when it failed), then
// how many held.
func writeExpectations(w io.Writer, r *scenario.Result) {
	if len(r.Expects) == 0 {
		return
	}
	fmt.Fprintln(w, "\nexpectations of the script:")
	pass := 0
	for _, e := range r.Expects {
		fmt.Fprintln(w, e.String())
		if e.Status == scenario.Pass {
			pass++
		}
	}
	fmt.Fprintf(w, "expectations: %d ok, %d not\n", pass, len(r.Expects)-pass)
}

// exploreExit is dmelab explore's exit status, the same codes as run and
// check: 1 if the script's run fails (an expectation is false or not
// reached, or the script stopped) or a property is violated over some
// completion; otherwise 3 if an expectation or a verdict is undecided; 0
// when everything holds.
func exploreExit(x *scenario.Exploration) int { return x.Exit() }

func cmdFmt(args []string, stdout, stderr io.Writer) int {
	file, err := scenarioFlags("fmt", args, flag.NewFlagSet("fmt", flag.ContinueOnError))
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("fmt", stdout)
		}
		fmt.Fprintf(stderr, "dmelab fmt: %s\n", oneLine(err))
		return exitUsage
	}
	src, err := readScenario(file)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab fmt: %s\n", oneLine(err))
		return exitUsage
	}
	f, err := scenario.Parse(file, src)
	if err != nil {
		printErrors(stderr, err)
		return exitUsage
	}
	fmt.Fprint(stdout, scenario.Format(f))
	return exitOK
}

func writeJSONValue(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
