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
	register("grade-worker", "grade submissions read on stdin, one after another (dmelab serve runs it)", cmdGradeWorker)
}

const gradeWorkerUsage = `usage: dmelab grade-worker --exercises DIR [flags]

A grading process of dmelab serve: it reads gradings to do as lines of
JSON on stdin, grades them one after another as dmelab grade does, and
answers each with a line of JSON on stdout. It ends when stdin does.
Not meant to be run by hand.

flags:
  --exercises DIR    the exercises
  --hidden DIR       hidden schedules kept outside the exercises
  --cache DIR        compiled modules (default: the user cache directory)
  --root DIR         the dmelab module's sources
  --max-memory BYTES bound on a grading's own work (default 1 GiB)
`

func cmdGradeWorker(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade-worker", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	exercises := fs.String("exercises", "", "")
	hidden := fs.String("hidden", "", "")
	cache := fs.String("cache", "", "")
	root := fs.String("root", os.Getenv("DMELAB_ROOT"), "")
	maxMem := fs.Int64("max-memory", 0, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, gradeWorkerUsage)
			return exitOK
		}
		return gradeBad(stderr, err.Error())
	}
	if *exercises == "" || fs.NArg() > 0 {
		fmt.Fprint(stderr, gradeWorkerUsage)
		return exitUsage
	}
	g, err := newGrader(*root, *cache, sandbox.Auto)
	if err != nil {
		return gradeBad(stderr, err.Error())
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
