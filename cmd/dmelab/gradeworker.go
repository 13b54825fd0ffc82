package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
)

func init() {
	register("grade-worker", command{
		summary: "grade submissions read on stdin, one after another (dmelab serve runs it)",
		usage:   gradeWorkerUsage,
		flags:   flagsOf(gradeWorkerFlags),
		run:     cmdGradeWorker,
	})
}

const gradeWorkerUsage = `usage: dmelab grade-worker --exercises DIR [flags]

A grading process of dmelab serve: it reads gradings to do as lines of
JSON on stdin, grades them one after another as dmelab grade does, and
answers each with a line of JSON on stdout. It ends when stdin does.
Not meant to be run by hand.
`

type gradeWorkerOpts struct {
	exercises, hidden, cache, root string
	maxMem                         int64
}

func gradeWorkerFlags() (*flag.FlagSet, *gradeWorkerOpts) {
	o := &gradeWorkerOpts{}
	fs := flag.NewFlagSet("grade-worker", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.exercises, "exercises", "", "`DIR` the exercises")
	fs.StringVar(&o.hidden, "hidden", "", "`DIR` hidden schedules kept outside the exercises")
	fs.StringVar(&o.cache, "cache", "", "`DIR` compiled modules (default: the user cache directory)")
	fs.StringVar(&o.root, "root", os.Getenv("DMELAB_ROOT"), "`DIR` the dmelab module's sources (default: found, or $DMELAB_ROOT)")
	fs.Int64Var(&o.maxMem, "max-memory", 0, "`BYTES` bound on a grading's own work (default 1 GiB)")
	return fs, o
}

func cmdGradeWorker(args []string, stdout, stderr io.Writer) int {
	fs, o := gradeWorkerFlags()
	exercises, hidden, cache, root, maxMem := &o.exercises, &o.hidden, &o.cache, &o.root, &o.maxMem
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("grade-worker", stdout)
		}
		fmt.Fprintf(stderr, "dmelab grade-worker: %s\n", oneLine(err))
		return exitUsage
	}
	if *exercises == "" || fs.NArg() > 0 {
		help("grade-worker", stderr)
		return exitUsage
	}
	g, err := newGrader(*root, *cache, sandbox.Auto)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab grade-worker: %s\n", oneLine(err))
		return exitUsage
	}
	if *maxMem > 0 {
		g.MaxMemory = *maxMem
	}
	// As in dmelab grade: the heap is the grading's (one at a time), and
	// the collector works harder near the bound.
	debug.SetMemoryLimit(g.MemoryBound())
	// Standard output carries the answers: anything else this process
	// might print there goes to standard error instead.
	if stdout == os.Stdout {
		os.Stdout = os.Stderr
	}
	if err := grade.Work(context.Background(), os.Stdin, stdout, g, *exercises, *hidden); err != nil {
		fmt.Fprintf(stderr, "dmelab grade-worker: %s\n", oneLine(err))
		return exitGradeFailed
	}
	return exitOK
}
