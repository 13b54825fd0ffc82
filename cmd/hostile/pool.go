package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"dmelab/grader/grade"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// honest is the file graded after each hostile one in the worker: the
// token-ring exercise's reference solution, which gets full marks.
const honest = "token-ring"

// throughPool grades the corpus again through one grading worker, as dmelab
// serve does, each followed by an honest file in the same worker, and
// checks that the hostile file keeps its promises there too (exit code
// read from the result's status, score and feedback) and that the honest
// file still gets full marks: nothing a hostile grading leaves in a
// worker reaches the next grading. It writes a second table to out and
// returns the number of files that broke a promise.
func throughPool(cases []hostileCase, out io.Writer) (bad int) {
	exe, err := filepath.Abs(*dmelab)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hostile: %v\n", err)
		os.Exit(2)
	}
	root, err := sandbox.FindRoot(".")
	if err != nil {
		fmt.Fprintf(os.Stderr, "hostile: %v\n", err)
		os.Exit(2)
	}
	solution, err := os.ReadFile(filepath.Join(*exercises, honest, "solution.go"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "hostile: %v\n", err)
		os.Exit(2)
	}
	p := &grade.Pool{Exe: exe, Dir: *exercises, Root: root, Idle: 1}
	defer p.Close()
	fmt.Fprintf(out, "\nThe same files through one grading worker (dmelab serve's), each followed by %s's reference solution in the worker:\n\n", honest)
	fmt.Fprintln(out, "| submission | exit | score | then the solution | time | workers started | verdict |")
	fmt.Fprintln(out, "|---|---|---|---|---:|---:|---|")
	gradings := 0
	for _, c := range cases {
		f, w := c.file, c.want
		src, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(os.Stderr, "hostile: %v\n", err)
			os.Exit(2)
		}
		start, before := time.Now(), p.Started()
		r := viaPool(p, w.exercise, filepath.Base(f), src)
		fails := broken(w, r)
		after := viaPool(p, honest, "solution.go", solution)
		gradings += 2
		if after.exit != 0 || after.max == 0 || after.score != after.max {
			fails = append(fails, fmt.Sprintf("the solution after it got %g/%g (exit %d): %s", after.score, after.max, after.exit, strings.TrimSpace(after.text)))
		}
		if len(fails) > 0 {
			bad++
		}
		fmt.Fprintf(out, "| %s | %d | %g/%g | %g/%g | %.1f s | %d | %s |\n", filepath.Base(f), r.exit, r.score, r.max, after.score, after.max,
			time.Since(start).Seconds(), p.Started()-before, verdictCell(fails))
	}
	fmt.Fprintf(out, "\n%d gradings by %d worker processes\n", gradings, p.Started())
	return bad
}

// viaPool grades src on p, read as dmelab grade's exit code would say:
// 0 graded, 4 ungradable, 1 the grading failed.
func viaPool(p *grade.Pool, exercise, name string, src []byte) got {
	res, err := p.Grade(context.Background(), exercise, name, src)
	if err != nil {
		return got{exit: 1, text: err.Error()}
	}
	r := got{score: res.Score, max: res.MaxScore, text: resultText(res)}
	if res.Status != report.Graded {
		r.exit = 4
	}
	return r
}
