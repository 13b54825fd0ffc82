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
	register("metrics", command{
		summary: "seed 002's comparison: messages, client and synchronization delay, properties, per algorithm and N (make metrics)",
		usage:   "usage: dmelab metrics [flags]\n",
		flags:   flagsOf(metricsFlagSet),
		run:     cmdMetrics,
	})
}

type metricsOpts struct {
	nodes, algos string
	maxStates    int
	json         bool
}

func metricsFlagSet() (*flag.FlagSet, *metricsOpts) {
	o := &metricsOpts{}
	fs := flag.NewFlagSet("metrics", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.nodes, "nodes", joinInts(metricspage.Nodes), "`SIZES` comma-separated sizes N (2..8)")
	fs.StringVar(&o.algos, "algo", "", "`ALGOS` comma-separated algorithms (default: every mutual-exclusion algorithm)")
	fs.IntVar(&o.maxStates, "max-states", metricspage.MaxStates, "bound of each verdict search (0: no verdicts)")
	fs.BoolVar(&o.json, "json", false, "print JSON instead of Markdown")
	return fs, o
}

type metricsFlags struct {
	nodes     []int
	algos     []string
	maxStates int
	json      bool
}

// parseMetricsFlags parses metrics' flags.
func parseMetricsFlags(args []string) (*metricsFlags, error) {
	fs, o := metricsFlagSet()
	nodes, algos, maxStates, asJSON := &o.nodes, &o.algos, &o.maxStates, &o.json
	if err := fs.Parse(args); err != nil {
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
	f, err := parseMetricsFlags(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("metrics", stdout)
		}
		fmt.Fprintf(stderr, "dmelab metrics: %s\n", oneLine(err))
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
