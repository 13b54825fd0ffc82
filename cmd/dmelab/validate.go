package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/sandbox"
	"dmelab/grader/validate"
)

func init() {
	register("validate", command{
		summary: "check an exercise set: statements, starters, references, every mutant caught, every alternative solution full marks",
		usage:   validateUsage,
		flags:   flagsOf(validateFlags),
		notes:   validateNotes,
		run:     cmdValidate,
	})
}

const validateUsage = `usage: dmelab validate [flags] DIR
       dmelab validate --show-mutant FILE

Checks an exercise (DIR holds exercise.md) or a set of them (DIR holds
set.md or exercise folders): every statement renders and shows the names
and parameters the starter and its interface declare, the starter
compiles and fails some test, the reference solution passes everything,
every mutant loses points on some test (mutation adequacy), and every
alternative solution (solutions/*.go) gets full marks; an exercise needs
at least 4 mutants and 3 alternatives. Every schedule must also hold on
the exercise's algorithm as dmelab run runs it, which students compare
their code with. Prints a table per exercise:
tests, mutants caught, which tests caught each, for a mutant that
survived what could catch it, and which tests marked an alternative down.

A mutant is mutants/NAME.patch (a line saying what is wrong, then a
unified diff against the exercise's solution.go, as diff -u prints it)
or mutants/NAME.go (the whole file, opening with a // comment saying
what is wrong). --show-mutant prints a mutant whole: the patch applied.
`

const validateNotes = `exit status: 0 everything holds, 1 something does not, 2 bad input (a set
or exercise that does not load) or usage.
`

type validateOpts struct {
	hidden, cache, root, show string
	probe, full, quiet        bool
	workers                   int
}

func validateFlags() (*flag.FlagSet, *validateOpts) {
	o := &validateOpts{}
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.show, "show-mutant", "", "`FILE` print the mutant's Go source (a .patch applied to its exercise's solution.go) and stop")
	fs.StringVar(&o.hidden, "hidden", "", "`DIR` hidden schedules kept outside the exercises")
	fs.BoolVar(&o.probe, "probe", false, "grade surviving mutants against larger explorations")
	fs.BoolVar(&o.full, "full", false, "grade every mutant on every test (its row then lists every test that caught it, and its score); by default a mutant's grading stops at the first test that fails")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "`N` files graded at once (default: one per core)")
	fs.StringVar(&o.cache, "cache", "", "`DIR` compiled modules (default: the user cache directory)")
	fs.StringVar(&o.root, "root", os.Getenv("DMELAB_ROOT"), "`DIR` the dmelab module's sources (default: found, or $DMELAB_ROOT)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress on stderr")
	return fs, o
}

func cmdValidate(args []string, stdout, stderr io.Writer) int {
	fs, fo := validateFlags()
	hidden, probe, full, workers := &fo.hidden, &fo.probe, &fo.full, &fo.workers
	cache, root, quiet, show := &fo.cache, &fo.root, &fo.quiet, &fo.show
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("validate", stdout)
		}
		fmt.Fprintf(stderr, "dmelab validate: %s\n", oneLine(err))
		return exitUsage
	}
	if *show != "" {
		if fs.NArg() != 0 {
			fmt.Fprintln(stderr, "dmelab validate: --show-mutant takes one FILE and no DIR")
			return exitUsage
		}
		m, err := exercise.ReadMutant(*show)
		if err != nil {
			fmt.Fprintf(stderr, "dmelab validate: %s\n", err)
			return exitUsage
		}
		stdout.Write(m.Src)
		return exitOK
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "dmelab validate: give one DIR (an exercise or a set)")
		return exitUsage
	}
	g, err := newGrader(*root, *cache, sandbox.Auto)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab validate: %s\n", err)
		return exitUsage
	}
	o := validate.Options{Grader: g, HiddenDir: *hidden, Probe: *probe, Full: *full, Workers: *workers, Record: validate.RecordDir()}
	if !*quiet {
		start := time.Now()
		o.Progress = func(f string, a ...any) {
			fmt.Fprintf(stderr, "[%5.1fs] %s\n", time.Since(start).Seconds(), fmt.Sprintf(f, a...))
		}
	}
	r, err := validate.Dir(context.Background(), fs.Arg(0), o)
	var bad *validate.LoadError
	switch {
	case errors.As(err, &bad):
		fmt.Fprintf(stderr, "dmelab validate: %s\n", bad.Err)
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "dmelab validate: %s\n", oneLine(err))
		return exitViolation
	}
	fmt.Fprint(stdout, r.Markdown())
	if !r.OK() {
		return exitViolation
	}
	return exitOK
}
