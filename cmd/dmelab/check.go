package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/metrics"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/internal/costbench"
	"dmelab/internal/machine"
	"dmelab/wasm/play"
)

func init() {
	register("list", command{
		summary: "print every algorithm name, one per line",
		usage:   "usage: dmelab list\n",
		run:     cmdList,
	})
	register("check", command{
		summary: "model-check an algorithm: dmelab check --algo NAME --nodes N --requests R",
		usage:   "usage: dmelab check --algo NAME | --listing FILE --nodes N [flags]\n",
		flags:   func() *flag.FlagSet { return checkFlagSet().fs },
		run:     cmdCheck,
	})
}

func cmdList(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "dmelab list: takes no arguments, got %q\n", args[0])
		return exitUsage
	}
	for _, n := range registry.Names() {
		fmt.Fprintln(stdout, n)
	}
	return exitOK
}

// checkFlags are check's options, parsed and validated.
type checkFlags struct {
	algo                string
	alg                 *sim.Algorithm // the registry's, or the listing's
	listing             string         // --listing FILE
	nodes, requests     int
	json, first, reduce bool
	emit                bool
	maxStates           int
	seed                uint64
	seedSet             bool
	walks, depth        int
	appMsgs, numbers    int
	crashes             int
	recoveries          int
	props               []string
	propsSet            bool
	maxMemory           int
	timeLimit           time.Duration
	channels            string
	sets                [][]int
	progressEveryMillis int
	cores               int
}

// checkInput is check's FlagSet and what its flags set: checkFlags, and
// the values parseCheck validates into them.
type checkInput struct {
	fs                     *flag.FlagSet
	f                      *checkFlags
	seed                   uint64
	props, maxMemory, sets string
}

func checkFlagSet() *checkInput {
	in := &checkInput{f: &checkFlags{}}
	in.fs = flag.NewFlagSet("check", flag.ContinueOnError)
	fs := in.fs
	fs.SetOutput(io.Discard)
	fs.StringVar(&in.f.algo, "algo", "", "`NAME` the algorithm (see dmelab list)")
	fs.StringVar(&in.f.listing, "listing", "", "`FILE` check the algorithm this listing describes (see docs/listings.md) instead of --algo")
	fs.IntVar(&in.f.nodes, "nodes", 0, "number of nodes `N` (1..32)")
	fs.IntVar(&in.f.requests, "requests", 1, "enter() calls per node `R`")
	fs.BoolVar(&in.f.json, "json", false, "print one JSON object instead of Markdown")
	fs.BoolVar(&in.f.first, "first", false, "stop at the first violation of any property")
	fs.BoolVar(&in.f.emit, "emit-scenario", false, "print the shortest counterexample as a scenario that replays it (for dmelab run and the playground)")
	fs.BoolVar(&in.f.reduce, "reduce", true, "use the partial-order reduction, or sleep sets, where they are sound (--reduce=false: full search)")
	fs.IntVar(&in.f.maxStates, "max-states", 0, "stop after this many states (0: no bound)")
	fs.Uint64Var(&in.seed, "seed", 0, "random-walk mode: seed of the walks (for configurations too big to exhaust)")
	fs.IntVar(&in.f.walks, "walks", 1000, "random-walk mode: number of walks")
	fs.IntVar(&in.f.depth, "depth", 500, "random-walk mode: events per walk at most")
	fs.IntVar(&in.f.appMsgs, "app-messages", 1, "application messages allowed per run (they create the happened-before edges Order is about)")
	fs.IntVar(&in.f.crashes, "crashes", 0, "crash faults allowed per run (for the elections)")
	fs.IntVar(&in.f.recoveries, "recoveries", 0, "recoveries of crashed nodes allowed per run (election-bully; needs --crashes)")
	fs.IntVar(&in.f.numbers, "numbers", 0, "chooseNumber() range 1..`K` for ra-v1 and ra-v2 (0: the algorithm's default)")
	fs.StringVar(&in.props, "props", "safety,liveness", "`LIST` properties to check, comma-separated: safety, liveness, order (order multiplies the states: ask for it with --props safety,liveness,order)")
	fs.StringVar(&in.maxMemory, "max-memory", "2GiB", "`SIZE` stop a search whose states take more memory than this (e.g. 512MiB, 4GiB; at least 1MiB; 0: no bound)")
	fs.DurationVar(&in.f.timeLimit, "time-limit", 30*time.Second, "stop a search still running after this long (e.g. 2m; 0: no limit)")
	fs.StringVar(&in.f.channels, "channels", "", "`ORDER` fifo or unordered: every channel's order (default: the algorithm's own)")
	fs.IntVar(&in.f.cores, "cores", 0, "cores the search computes successors on (0: every core; at most the cores there are; the states and verdicts are the same on any number)")
	fs.StringVar(&in.sets, "sets", "grid", "`SETS` Maekawa voting sets: grid, plane (N = 7, 13, 21, 31) or the sets, e.g. \"{1,2} {2,3} {3,1}\"")
	return in
}

func parseCheck(args []string) (*checkFlags, error) {
	in := checkFlagSet()
	fs, f := in.fs, in.f
	seed, props, maxMemory, sets := &in.seed, &in.props, &in.maxMemory, &in.sets
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "seed":
			f.seedSet = true
		case "props":
			f.propsSet = true
		}
	})
	f.seed = *seed
	switch {
	case f.listing != "" && f.algo != "":
		return nil, errors.New("--algo and --listing: give one (a listing names its algorithm)")
	case f.listing != "":
		var err error
		if f.alg, err = loadListing(f.listing); err != nil {
			return nil, err
		}
		f.algo = f.alg.Name
		if f.emit {
			return nil, errors.New("--emit-scenario needs --algo: a scenario names a built-in algorithm")
		}
	case f.algo == "":
		return nil, errors.New("--algo or --listing is required (see dmelab list)")
	default:
		if f.alg = registry.Lookup(f.algo); f.alg == nil {
			return nil, fmt.Errorf("unknown algorithm %q (known: %s)", f.algo, strings.Join(registry.Names(), ", "))
		}
	}
	switch {
	case f.nodes < 1 || f.nodes > 32:
		return nil, fmt.Errorf("--nodes must be between 1 and 32, got %d", f.nodes)
	case f.requests < 0 || f.requests > 100:
		return nil, fmt.Errorf("--requests must be between 0 and 100, got %d", f.requests)
	case f.maxStates < 0:
		return nil, fmt.Errorf("--max-states must not be negative, got %d", f.maxStates)
	case f.walks < 1 || f.depth < 1:
		return nil, errors.New("--walks and --depth must be positive")
	case f.depth > maxWalkDepth:
		return nil, fmt.Errorf("--depth must be at most %d events (a walk keeps its events, to replay the shortest violation), got %d", maxWalkDepth, f.depth)
	case f.appMsgs < 0 || f.appMsgs > 10:
		return nil, fmt.Errorf("--app-messages must be between 0 and 10, got %d", f.appMsgs)
	case f.crashes < 0 || f.crashes >= f.nodes:
		return nil, fmt.Errorf("--crashes must be between 0 and N-1, got %d", f.crashes)
	case f.recoveries < 0 || f.recoveries > 3:
		return nil, fmt.Errorf("--recoveries must be between 0 and 3, got %d", f.recoveries)
	case f.recoveries > 0 && f.crashes == 0:
		return nil, fmt.Errorf("--recoveries needs --crashes: only crashed nodes recover")
	case f.timeLimit < 0:
		return nil, fmt.Errorf("--time-limit must not be negative, got %s", f.timeLimit)
	case f.numbers < 0 || f.numbers > 100:
		return nil, fmt.Errorf("--numbers must be between 0 and 100, got %d", f.numbers)
	case f.cores < 0 || f.cores > 256:
		return nil, fmt.Errorf("--cores must be between 0 (every core) and 256, got %d", f.cores)
	}
	for _, p := range strings.Split(*props, ",") {
		p = strings.TrimSpace(p)
		switch p {
		case explore.Safety, explore.Liveness, explore.Order:
			f.props = append(f.props, p)
		default:
			return nil, fmt.Errorf("unknown property %q in --props (known: safety, liveness, order)", p)
		}
	}
	n, err := parseSize(*maxMemory)
	if err != nil {
		return nil, fmt.Errorf("--max-memory: %v", err)
	}
	f.maxMemory = n
	switch f.channels {
	case "", "fifo", "unordered":
	default:
		return nil, fmt.Errorf("--channels must be fifo or unordered, got %q", f.channels)
	}
	s, err := parseSets(*sets, f.nodes)
	if err != nil {
		return nil, fmt.Errorf("--sets: %v", err)
	}
	f.sets = s
	return f, nil
}

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	f, err := parseCheck(args)
	if err != nil {
		var list listing.ErrorList
		switch {
		case errors.Is(err, flag.ErrHelp):
			return help("check", stdout)
		case errors.As(err, &list):
			fmt.Fprintln(stderr, list.Error()) // one problem a line, as go vet prints them
		default:
			fmt.Fprintf(stderr, "dmelab check: %s\n", oneLine(err))
		}
		return exitUsage
	}
	alg := f.alg
	if f.channels != "" && alg.FIFO != (f.channels == "fifo") {
		cp := *alg
		cp.FIFO = f.channels == "fifo"
		alg = &cp
	}
	cfg := explore.Config{
		Alg:       alg,
		Sim:       sim.Config{N: f.nodes, Numbers: f.numbers, Sets: f.sets},
		Opts:      sim.Options{Requests: f.requests, AppMsgs: f.appMsgs, Crashes: f.crashes, Recoveries: f.recoveries},
		Props:     f.props,
		MaxStates: f.maxStates,
		MaxBytes:  searchBytes(f.maxMemory),
		First:     f.first,
		NoReduce:  !f.reduce,
	}
	// More lanes than the process has cores would only take turns, each
	// with a world and scratch of its own.
	machine.Use(&cfg, min(f.cores, runtime.GOMAXPROCS(0)))
	start := time.Now()
	lastReport := start
	if f.timeLimit > 0 {
		deadline := start.Add(f.timeLimit)
		cfg.Stop = func() bool { return time.Now().After(deadline) }
	}
	if f.maxMemory > 0 {
		// The search's own figure counts its states, not the garbage
		// collector's slack: hold the whole heap to the bound.
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(f.maxMemory)))
	}
	cfg.ProgressEvery = 1 << 14
	cfg.Progress = func(p explore.Progress) {
		now := time.Now()
		if now.Sub(start) < time.Second || now.Sub(lastReport) < time.Second {
			return
		}
		lastReport = now
		if p.Liveness {
			fmt.Fprintf(stderr, "dmelab check: liveness check of %d states: at N%d's waiting states, %d gone through\n", p.States, p.Node+1, p.Checked)
			return
		}
		if p.Shortening {
			fmt.Fprintf(stderr, "dmelab check: looking for a shorter counterexample (full search): %d states, depth %d\n", p.States, p.Depth)
			return
		}
		rate := float64(p.States) / now.Sub(start).Seconds()
		fmt.Fprintf(stderr, "dmelab check: %d states, %d transitions, depth %d (%.0f states/s)\n", p.States, p.Transitions, p.Depth, rate)
	}
	var res *explore.Result
	if f.seedSet {
		res, err = explore.Walk(explore.WalkConfig{Config: cfg, Seed: f.seed, Walks: f.walks, Depth: f.depth, Cut: true})
	} else {
		res, err = explore.Check(cfg)
	}
	if err != nil {
		fmt.Fprintf(stderr, "dmelab check: %s\n", oneLine(err))
		return exitUsage
	}
	elapsed := time.Since(start)
	// Metrics come from two timed runs; an algorithm that cannot complete
	// them (a deadlock in the contended run, say) simply has none.
	met, merr := metrics.Measure(cfg.Alg, cfg.Sim)
	if res.Bound != "" && (f.json || f.emit) {
		fmt.Fprintf(stderr, "dmelab check: %s\n", stoppedLine(f, res))
	}
	if f.emit {
		return emitScenario(stdout, stderr, f, cfg, res)
	}
	if f.json {
		writeJSON(stdout, f, res, elapsed, met)
	} else {
		writeMarkdown(stdout, f, res, elapsed, met, merr)
		if f.channels != "" {
			fmt.Fprintf(stdout, "\nChannels: %s (--channels).\n", f.channels)
		}
		if note := orderNote(f, res); note != "" {
			fmt.Fprintf(stdout, "\n%s\n", note)
		}
		if res.Bound != "" {
			fmt.Fprintf(stdout, "\nThe search %s.\n", stoppedLine(f, res))
		}
		writeVotingSets(stdout, f.algo, f.nodes, f.sets)
	}
	for _, v := range res.Verdicts {
		if v == explore.Violated {
			return exitViolation
		}
	}
	if !res.Complete {
		return exitIncomplete
	}
	return exitOK
}

// maxWalkDepth bounds --depth: a walk keeps every event it takes, and its
// counterexample is replayed and cut down event by event. (--walks needs
// no bound of its own: --time-limit ends walks as it ends a search.)
const maxWalkDepth = 100_000

// parseSize reads a memory size: bytes, or a number with KiB, MiB, GiB
// (or K, M, G, KB, MB, GB, all powers of 1024). A number is Go's float
// syntax, so 1e9 is 1,000,000,000 bytes (953 MiB) and 1.5GiB is 1536 MiB;
// 0 is no bound, and a bound must be at least 1MiB.
func parseSize(s string) (int, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := 1
	for _, u := range []struct {
		suffix string
		mult   int
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(n) || n < 0 || n*float64(mult) > 1<<50 {
		return 0, fmt.Errorf("%q is not a size such as 512MiB or 2GiB", s)
	}
	b := int(n * float64(mult))
	if n > 0 && b < minSize {
		// Not "no bound", which is 0: a bound the search and the
		// collector could never keep to.
		return 0, fmt.Errorf("%q is less than 1MiB, too little for any search (0: no bound)", s)
	}
	return b, nil
}

// minSize is the least memory bound parseSize takes, other than 0 (none):
// the process needs a few MiB before any search begins, and a smaller
// share of it for the states (searchBytes) would round to 0, no bound.
const minSize = 1 << 20

// searchBytes is the share of --max-memory the search's own figure
// (explore.Config.MaxBytes) may reach: the rest is for the hash table's
// growth (the old table and the new one live together while it doubles),
// the liveness analysis and the collector.
func searchBytes(max int) int {
	return max / 4 * 3
}

// stoppedLine says where a search that hit a bound stopped: "stopped at
// 12,345,678 states, 2048 MiB (--max-memory 2GiB): ...".
func stoppedLine(f *checkFlags, res *explore.Result) string {
	if f.seedSet && res.Bound == explore.BoundStopped {
		return fmt.Sprintf("stopped after %s (the --time-limit bound) in walk %s of %s (%s states): raise it, or ask for fewer --walks",
			f.timeLimit, costbench.Thousands(int64(explore.Walked(res))), costbench.Thousands(int64(f.walks)), costbench.Thousands(int64(res.States)))
	}
	if res.LivenessStopped {
		return fmt.Sprintf("stopped after %s (the --time-limit bound) in its liveness check; the search itself was complete, %s states, %d MiB: raise the limit, or check fewer nodes or requests", f.timeLimit, costbench.Thousands(int64(res.States)), res.StoreBytes>>20)
	}
	s := fmt.Sprintf("stopped at %s states, %d MiB", costbench.Thousands(int64(res.States)), res.StoreBytes>>20)
	switch res.Bound {
	case explore.BoundBytes:
		s += fmt.Sprintf(" (--max-memory %d MiB, of which the states may take 3/4): raise it, or check fewer nodes or requests", f.maxMemory>>20)
	case explore.BoundStates:
		s += " (the --max-states bound)"
	case explore.BoundStopped:
		s += fmt.Sprintf(" after %s (the --time-limit bound): raise it, or check fewer nodes or requests", f.timeLimit)
	}
	why := res.Stopped()
	if res.Bound == explore.BoundStateSize {
		s += ": " + strings.TrimPrefix(why, "the search stopped: ")
	} else if _, grew, ok := strings.Cut(why, "; "); ok {
		s += "; " + grew
	}
	return s
}

// orderNote says that Order was left out, when the default properties
// left it out.
func orderNote(f *checkFlags, res *explore.Result) string {
	if _, ok := res.Verdicts[explore.Order]; ok || f.propsSet || f.alg.Election {
		return ""
	}
	return "Order was not checked: its ghost happened-before state and application messages multiply the states. Ask for it with --props safety,liveness,order."
}

func oneLine(err error) string {
	return strings.ReplaceAll(err.Error(), "\n", "; ")
}

// jsonResult is `dmelab check --json`'s answer: the playground's
// (play.CheckResult, one shape for both) and what only the command line
// says.
type jsonResult struct {
	play.CheckResult
	// Channels is "fifo" or "unordered" when --channels overrides the
	// algorithm's own order.
	Channels string `json:"channels,omitempty"`
	// Stopped says where and why a search that hit a bound stopped.
	Stopped string `json:"stopped,omitempty"`
	// Note says what was not checked (Order, unless asked for).
	Note string `json:"note,omitempty"`
	// Lanes says on how many cores successors were computed at once,
	// when on more than one (--cores).
	Lanes int `json:"lanes,omitempty"`
}

func writeJSON(w io.Writer, f *checkFlags, res *explore.Result, elapsed time.Duration, met *metrics.Metrics) {
	out := jsonResult{CheckResult: *play.ResultOf(play.Params{Algo: f.algo, Nodes: f.nodes, Requests: f.requests}, res, elapsed, met)}
	if f.seedSet {
		out.Mode = "random-walk"
	}
	out.Channels = f.channels
	out.Note = orderNote(f, res)
	if res.Lanes > 1 {
		out.Lanes = res.Lanes
	}
	if res.Bound != "" {
		out.Stopped = stoppedLine(f, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(out)
}

// emitScenario prints res's shortest counterexample as a scenario file.
func emitScenario(stdout, stderr io.Writer, f *checkFlags, cfg explore.Config, res *explore.Result) int {
	t := res.Shortest()
	if t == nil {
		fmt.Fprintf(stderr, "dmelab check: no violation found, so no counterexample to write (%s)\n", completeness(res))
		if !res.Complete {
			return exitIncomplete
		}
		return exitOK
	}
	opts := cfg.Opts
	opts.Order = t.Property == explore.Order
	if !opts.Order {
		opts.AppMsgs = 0 // as the search that found it had
	}
	src, err := scenario.FromCounterexample(scenario.NewSetup(cfg.Alg, nil, cfg.Sim, opts), t)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab check: %s\n", oneLine(err))
		return exitUsage
	}
	fmt.Fprint(stdout, src)
	return exitViolation
}
