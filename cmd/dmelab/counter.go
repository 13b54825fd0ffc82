package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"dmelab/algorithms/counter"
	"dmelab/algorithms/registry"
)

func init() {
	register("counter", command{
		summary: "seed 002's shared counter: lost updates without mutual exclusion, none with it",
		usage:   "usage: dmelab counter [flags]\n",
		flags:   flagsOf(counterFlags),
		run:     cmdCounter,
	})
}

type counterOpts struct {
	algo        string
	procs, adds int
	seed        uint64
}

func counterFlags() (*flag.FlagSet, *counterOpts) {
	o := &counterOpts{}
	fs := flag.NewFlagSet("counter", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.algo, "algo", "none", "`ALGO` the mutual-exclusion algorithm guarding t = t + 1, or none")
	fs.IntVar(&o.procs, "procs", 10, "processes")
	fs.IntVar(&o.adds, "adds", 100, "additions per process (the seed's own example: 1000000)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the interleaving")
	return fs, o
}

// cmdCounter runs seed 002's shared-counter example.
func cmdCounter(args []string, stdout, stderr io.Writer) int {
	fs, o := counterFlags()
	algo, procs, adds, seed := &o.algo, &o.procs, &o.adds, &o.seed
	err := fs.Parse(args)
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err == nil && (*procs < 1 || *procs > 32 || *adds < 0 || *adds > 10_000_000) {
		err = errors.New("--procs must be 1..32 and --adds 0..10000000")
	}
	c := counter.Config{Procs: *procs, Adds: *adds, Seed: *seed}
	if err == nil && *algo != "none" {
		if c.Alg = registry.Lookup(*algo); c.Alg == nil || c.Alg.Election {
			err = fmt.Errorf("unknown mutual-exclusion algorithm %q (see dmelab list, or none)", *algo)
		}
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("counter", stdout)
		}
		fmt.Fprintf(stderr, "dmelab counter: %s\n", oneLine(err))
		return exitUsage
	}
	r, err := counter.Run(c)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab counter: %s\n", oneLine(err))
		return exitUsage
	}
	guard := *algo
	if c.Alg == nil {
		guard = "without mutual exclusion"
	}
	fmt.Fprintf(stdout, "%d processes × %d additions, %s: %s", *procs, *adds, guard, r)
	if c.Alg != nil {
		fmt.Fprintf(stdout, " (%d messages)", r.Messages)
	}
	fmt.Fprintln(stdout)
	if r.Lost > 0 || r.Done < r.Expected {
		return exitViolation
	}
	return exitOK
}
