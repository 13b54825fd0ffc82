package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"dmelab/algorithms/registry"
	"dmelab/internal/metricspage"
)

func init() {
	register("metrics", "seed 002's comparison: messages, client and synchronization delay, properties, per algorithm and N (make metrics)", cmdMetrics)
}

type metricsFlags struct {
	nodes     []int
	algos     []string
	maxStates int
	json      bool
}

// parseMetricsFlags parses metrics' flags; on -h it writes them to help.
func parseMetricsFlags(args []string, help io.Writer) (*metricsFlags, error) {
	fs := flag.NewFlagSet("metrics", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	nodes := fs.String("nodes", joinInts(metricspage.Nodes), "comma-separated sizes N (2..8)")
	algos := fs.String("algo", "", "comma-separated algorithms (default: every mutual-exclusion algorithm)")
	maxStates := fs.Int("max-states", metricspage.MaxStates, "bound of each verdict search (0: no verdicts)")
	asJSON := fs.Bool("json", false, "print JSON instead of Markdown")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(help)
			fs.PrintDefaults()
		}
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	f := &metricsFlags{maxStates: *maxStates, json: *asJSON}
	if f.maxStates < 0 || f.maxStates > 10_000_000 {
		return nil, errors.New("--max-states must be 0..10000000")
	}
	for _, s := range strings.Split(*nodes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 2 || n > 8 {
			return nil, fmt.Errorf("--nodes: %q is not a size 2..8", s)
		}
		f.nodes = append(f.nodes, n)
	}
	if *algos == "" {
		f.algos = metricspage.Algorithms()
	} else {
		for _, s := range strings.Split(*algos, ",") {
			a := registry.Lookup(strings.TrimSpace(s))
			if a == nil || a.Election {
				return nil, fmt.Errorf("unknown mutual-exclusion algorithm %q (see dmelab list)", s)
			}
			f.algos = append(f.algos, a.Name)
		}
	}
	return f, nil
}

func cmdMetrics(args []string, stdout, stderr io.Writer) int {
	f, err := parseMetricsFlags(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "dmelab metrics: %s\n", oneLine(err))
		}
		return exitUsage
	}
	rows, err := metricspage.Rows(f.nodes, f.algos, f.maxStates)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab metrics: %s\n", oneLine(err))
		return exitUsage
	}
	if f.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rows)
		return exitOK
	}
	metricspage.Write(stdout, f.nodes, f.maxStates, rows)
	return exitOK
}

// joinInts writes ns as the --nodes flag takes them: 2,3,4,5.
func joinInts(ns []int) string {
	var s []string
	for _, n := range ns {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, ",")
}
