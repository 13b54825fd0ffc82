package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

func init() {
	register("grade", command{
		summary: "grade a student's file: dmelab grade --exercise DIR SUBMISSION.go",
		usage:   gradeUsage,
		flags:   flagsOf(gradeFlags),
		notes:   gradeNotes,
		run:     cmdGrade,
	})
}

// Exit codes of grade (the autograder packages depend on them).
const (
	exitGradeFailed = 1 // the grader itself failed (no Go toolchain, ...)
	exitUngradable  = 4 // refused, does not compile, crashed at start: feedback written
)

const gradeUsage = `usage: dmelab grade --exercise DIR [flags] SUBMISSION.go

Grades a student's file: the exercise's public and hidden schedules, its
explorations and walks (or, with --schedule, the given scenarios alone),
run on the student's code in a sandbox.
`

const gradeNotes = `exit status: 0 graded (whatever the score), 1 grading failed, 2 bad
usage, 4 the submission could not be graded (refused, does not compile,
crashed at start); the feedback is written in every case but 1 and 2.
`

type gradeOpts struct {
	exDir, hidden, format, out, play, vis string
	cache, root, engine                   string
	quiet                                 bool
	maxMem                                int64
	own                                   []string // --schedule, in order
}

func gradeFlags() (*flag.FlagSet, *gradeOpts) {
	o := &gradeOpts{}
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.exDir, "exercise", "", "`DIR` the exercise folder (exercise.md, public/, hidden/, ...)")
	fs.StringVar(&o.hidden, "hidden", "", "`DIR` hidden schedules kept outside the exercise (DIR/NAME/ if it exists, else DIR itself)")
	fs.StringVar(&o.format, "format", "md", "`FORMAT` md (default), html, json, gradescope, prairielearn")
	fs.StringVar(&o.out, "out", "", "`FILE` write the feedback there instead of stdout")
	fs.StringVar(&o.play, "playground", "", "`URL` where counterexample links point (default "+report.DefaultPlaygroundURL+")")
	fs.StringVar(&o.vis, "hidden-visibility", "", "`V` Gradescope visibility of hidden tests (default after_due_date)")
	fs.Func("schedule", "`FILE` run only this scenario on the code, as the test yours/NAME (repeat for more): your own run, with the expectations you believe, shown step by step",
		func(f string) error { o.own = append(o.own, f); return nil })
	fs.StringVar(&o.cache, "cache", "", "`DIR` compiled modules (default: the user cache directory)")
	fs.StringVar(&o.root, "root", os.Getenv("DMELAB_ROOT"), "`DIR` the dmelab module's sources (default: found from the current directory, or $DMELAB_ROOT)")
	fs.StringVar(&o.engine, "engine", "auto", "`E` how the sandbox runs the code: auto (default: a file compiled before starts compiled, and so does one of an exercise whose recent gradings were long, or one graded interpreted for as long before; any other starts in wazero's interpreter, and a grading that turns out long is compiled meanwhile on an idle core and goes on compiled), interpreter or compiler")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress on stderr")
	fs.Int64Var(&o.maxMem, "max-memory", 0, "`BYTES` bound on the grading's own work on this machine (default 1 GiB): a test that needs more is stopped and fails")
	return fs, o
}

// cmdGrade grades one submission.
func cmdGrade(args []string, stdout, stderr io.Writer) int {
	fs, o := gradeFlags()
	exDir, hidden, format, out, play, vis := &o.exDir, &o.hidden, &o.format, &o.out, &o.play, &o.vis
	cache, root, engine, quiet, maxMem := &o.cache, &o.root, &o.engine, &o.quiet, &o.maxMem
	var files []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return help("grade", stdout)
			}
			return gradeBad(stderr, err.Error())
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	switch {
	case *exDir == "":
		return gradeBad(stderr, "--exercise DIR is required")
	case len(files) != 1:
		return gradeBad(stderr, "give exactly one SUBMISSION.go")
	case !map[string]bool{"md": true, "html": true, "json": true, "gradescope": true, "prairielearn": true}[*format]:
		return gradeBad(stderr, fmt.Sprintf("unknown --format %q (md, html, json, gradescope, prairielearn)", *format))
	}
	ex, err := exercise.Load(*exDir, *hidden)
	if err != nil {
		return gradeBad(stderr, err.Error())
	}
	if len(o.own) > 0 {
		sched, err := exercise.ReadOwn(o.own)
		if err == nil {
			err = ex.UseOwn(sched)
		}
		if err != nil {
			return gradeBad(stderr, err.Error())
		}
	}
	src, err := os.ReadFile(files[0])
	if err != nil {
		return gradeBad(stderr, err.Error())
	}
	eng, err := sandbox.ParseEngine(*engine)
	if err != nil {
		return gradeBad(stderr, "--engine: "+err.Error())
	}
	g, err := newGrader(*root, *cache, eng)
	if err != nil {
		return gradeBad(stderr, err.Error())
	}
	if *maxMem > 0 {
		g.MaxMemory = *maxMem
	}
	// This process grades one submission: its heap is the grading's, and
	// the collector works harder as it nears the bound, so that garbage
	// is not mistaken for growth.
	debug.SetMemoryLimit(g.MemoryBound())
	if !*quiet {
		start := time.Now()
		g.Progress = func(f string, a ...any) {
			fmt.Fprintf(stderr, "[%5.1fs] %s\n", time.Since(start).Seconds(), fmt.Sprintf(f, a...))
		}
	}
	res, err := g.Grade(context.Background(), ex, filepath.Base(files[0]), src)
	if err != nil {
		fmt.Fprintf(stderr, "dmelab grade: %s\n", oneLine(err))
		return exitGradeFailed
	}
	text, err := render(res, *format, report.Options{PlaygroundURL: *play}, *vis)
	if err != nil {
		return gradeBad(stderr, err.Error())
	}
	if *out != "" {
		if err := os.WriteFile(*out, text, 0o644); err != nil {
			fmt.Fprintf(stderr, "dmelab grade: %s\n", oneLine(err))
			return exitGradeFailed
		}
	} else if _, err := stdout.Write(text); err != nil {
		return exitGradeFailed
	}
	if res.Status != report.Graded {
		return exitUngradable
	}
	return exitOK
}

func gradeBad(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "dmelab grade: %s\n", strings.TrimSpace(msg))
	return exitUsage
}

// render writes res in the chosen format.
func render(res *report.Result, format string, o report.Options, vis string) ([]byte, error) {
	switch format {
	case "html":
		return []byte(report.HTML(res, o)), nil
	case "json":
		return report.JSON(res)
	case "gradescope":
		return report.Gradescope(res, report.GradescopeOptions{Options: o, HiddenVisibility: vis})
	case "prairielearn":
		return report.PrairieLearn(res, o)
	}
	return []byte(report.Markdown(res, o)), nil
}
