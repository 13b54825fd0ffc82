package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"dmelab/algorithms/registry"
	"dmelab/grader/exercise"
)

func init() {
	register("new", "scaffold an exercise: dmelab new exercise NAME --algo ALGO", cmdNew)
}

const newUsage = `usage: dmelab new exercise NAME --algo ALGO [--in DIR]

Creates DIR/NAME (DIR defaults to exercises) with an exercise.md to fill
in, a starter, a reference solution and the alternative solutions
(solutions/) taken from an existing exercise on the same algorithm (the
student interface comes with them), a public schedule to start from, and
empty hidden/ and mutants/ folders. Then write the statement, the
schedules, at least 4 mutants and at least 3 alternative solutions
(correct, each written differently: validate requires full marks for
each), and run dmelab validate DIR/NAME.
`

var exerciseNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,40}$`)

func cmdNew(args []string, stdout, stderr io.Writer) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "dmelab new: "+format+"\n", a...)
		return exitUsage
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(stdout, newUsage)
		return exitOK
	}
	if len(args) < 2 || args[0] != "exercise" {
		return bad("usage: dmelab new exercise NAME --algo ALGO [--in DIR]")
	}
	name := args[1]
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	algo := fs.String("algo", "", "")
	in := fs.String("in", "exercises", "")
	if err := fs.Parse(args[2:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, newUsage)
			return exitOK
		}
		return bad("%s", err)
	}
	switch {
	case fs.NArg() > 0:
		return bad("unexpected argument %q", fs.Arg(0))
	case !exerciseNameRE.MatchString(name):
		return bad("exercise names are lower-case letters, digits and dashes: %q", name)
	case registry.Lookup(*algo) == nil:
		return bad("unknown --algo %q (one of: %s)", *algo, strings.Join(registry.Names(), ", "))
	}
	dst := filepath.Join(*in, name)
	if _, err := os.Stat(dst); err == nil {
		return bad("%s exists already: nothing was written", dst)
	}
	tmpl, err := template(*in, *algo)
	if err != nil {
		return bad("%s", err)
	}
	if err := scaffold(dst, name, *algo, tmpl); err != nil {
		os.RemoveAll(dst)
		return bad("%s", err)
	}
	fmt.Fprintf(stdout, "created %s (starter, solution and %d alternative solutions from %s): write exercise.md, public/ and hidden/ schedules, at least 4 mutants/ and at least 3 solutions/ (correct, each written differently; check the copied ones fit your statement), then run dmelab validate %s\n", dst, len(tmpl.Solutions), tmpl.Name, dst)
	return exitOK
}

// template finds an exercise on algo under dir to take the student
// interface, starter and solutions from.
func template(dir, algo string) (*exercise.Exercise, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var algos []string
	for _, e := range entries {
		ex, err := exercise.Load(filepath.Join(dir, e.Name()), "")
		if err != nil {
			continue
		}
		if ex.Algorithm == algo {
			return ex, nil
		}
		if !slices.Contains(algos, ex.Algorithm) {
			algos = append(algos, ex.Algorithm)
		}
	}
	return nil, fmt.Errorf("no exercise in %s is on %s, so there is no student interface to start from (exercises exist for: %s)", dir, algo, strings.Join(algos, ", "))
}

func scaffold(dst, name, algo string, t *exercise.Exercise) error {
	for _, d := range []string{"public", "hidden", "mutants", "solutions"} {
		if err := os.MkdirAll(filepath.Join(dst, d), 0o755); err != nil {
			return err
		}
	}
	md := fmt.Sprintf(`---
title: "%s"
algorithm: %s
interface: %s
points:
  public: 1
  hidden: 2
  explore: 3
partial-credit: [safety, liveness]
limits:
  call: 2s
  total: 30s
  memory: 64MiB
  build: 60s
explore:
  - {nodes: 2, requests: 1, props: [safety, liveness]}
max-states: 100000
---
# %s

What the student builds, in the course notes' words and numbering; the
steps to write and the rules of the interface (see %s/exercise.md).
`, name, algo, t.Interface, name, t.Name)
	files := map[string]string{
		"exercise.md": md,
		"public/first.scn": fmt.Sprintf(`# A first public schedule: replace it with the run the statement describes.
algorithm %s
nodes N1 N2
request N1
run
expect N1 enters before N2
`, algo),
	}
	for _, f := range []string{"starter.go", "solution.go"} {
		b, err := os.ReadFile(filepath.Join(t.Dir, f))
		if err != nil {
			return err
		}
		files[f] = string(b)
	}
	// The template's alternative solutions: correct for the same
	// algorithm and interface, as its reference is.
	for _, so := range t.Solutions {
		files[so.Path] = string(so.Src)
	}
	for f, text := range files {
		if err := os.WriteFile(filepath.Join(dst, f), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
