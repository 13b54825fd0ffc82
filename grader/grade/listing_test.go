package grade_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
)

// A listing whose lines end in "\r\n" or a lone "\r" has its problems at
// the same lines and columns, the line quoted without the line's end.
func TestListingCompileErrorsLineEnds(t *testing.T) {
	ex := load(t, "listing-ra-v1")
	src := strings.Replace(listing.SeedText("ra-v1"), "P11: if requestedNum < myNum:", "P11: if requestedNum < myNumber:", 1)
	for _, end := range []string{"\r\n", "\r"} {
		res, err := grader.Grade(context.Background(), ex, "mine.txt", []byte(strings.ReplaceAll(src, "\n", end)))
		require.NoError(t, err, "%q", end)
		require.Equal(t, report.CompileError, res.Status, "%q", end)
		require.NotEmpty(t, res.Problems, "%q", end)
		p := res.Problems[0]
		assert.Equal(t, [2]int{26, 32}, [2]int{p.Line, p.Col}, "%q", end)
		require.GreaterOrEqual(t, len(p.Source), p.Col-1+8, "%q", end)
		assert.Equal(t, "myNumber", p.Source[p.Col-1:p.Col-1+8], "%q", end)
		assert.NotContains(t, p.Source, "\r", "%q", end)
	}
}

// A listing that does not compile is not run: every problem comes at its
// line and column (bytes) with the line quoted, and every test is listed
// as not run.
func TestListingCompileErrors(t *testing.T) {
	ex := load(t, "listing-ra-v1")
	src := strings.Replace(listing.SeedText("ra-v1"), "P11: if requestedNum < myNum:", "P11: if requestedNum < myNumber:", 1)
	res, err := grader.Grade(context.Background(), ex, "mine.txt", []byte(src))
	require.NoError(t, err)
	require.Equal(t, report.CompileError, res.Status)
	require.NotEmpty(t, res.Problems)
	p := res.Problems[0]
	assert.Equal(t, 26, p.Line)
	assert.Equal(t, 32, p.Col)
	assert.Contains(t, p.Msg, "myNumber")
	assert.Contains(t, p.Source, "requestedNum < myNumber")
	require.GreaterOrEqual(t, len(p.Source), p.Col-1+8)
	assert.Equal(t, "myNumber", p.Source[p.Col-1:p.Col-1+8], "the quoted line keeps its indentation, so the column points into it")
	require.Len(t, res.Tests, 10)
	for _, tt := range res.Tests {
		assert.Contains(t, tt.Message, "not run: the listing has errors")
	}
	md := report.Markdown(res, report.Options{})
	assert.Contains(t, md, "mine.txt:26:32")
	assert.Contains(t, md, "**Not graded:** `mine.txt` has errors (see below). Nothing was run.")
}

// The listing must be of the exercise's algorithm: its schedules run that
// one. Another name is a problem at the algorithm line.
func TestListingOfAnotherAlgorithm(t *testing.T) {
	ex := load(t, "listing-ra-v1")
	res, err := grader.Grade(context.Background(), ex, "mine.txt", []byte(listing.SeedText("ra-benari")))
	require.NoError(t, err)
	require.Equal(t, report.CompileError, res.Status)
	require.Len(t, res.Problems, 1)
	assert.Equal(t, 3, res.Problems[0].Line)
	assert.Equal(t, 1, res.Problems[0].Col)
	assert.Contains(t, res.Problems[0].Msg, `write "algorithm ra-v1"`)
}

// A listing that renames a variable the schedules look at fails those
// schedules saying so, with the name for a public one and without it
// for a hidden one, instead of reading the variable as blank ("N1
// deferred is .").
func TestListingWithoutTheSchedulesNames(t *testing.T) {
	ex := load(t, "listing-ra-v1")
	ref, err := os.ReadFile(filepath.Join(ex.Dir, "solution.txt"))
	require.NoError(t, err)
	src := strings.ReplaceAll(string(ref), "deferred", "differed")
	res, err := grader.Grade(context.Background(), ex, "mine.txt", []byte(src))
	require.NoError(t, err)
	require.Equal(t, report.Graded, res.Status)
	var public, hidden int
	for _, tt := range res.Tests {
		if !strings.Contains(tt.Message, "does not declare") {
			continue
		}
		assert.False(t, tt.Passed)
		assert.NotContains(t, tt.Message, " is .")
		if tt.Visibility == report.Public {
			public++
			assert.Contains(t, tt.Message, `N1 has no variable "deferred"`)
		} else {
			hidden++
			assert.NotContains(t, tt.Message, "deferred")
		}
	}
	assert.Positive(t, public)
	assert.Positive(t, hidden)

	// Another difference than a name (two servers) is not said to be
	// one: the run shows the step that could not happen.
	central := load(t, "listing-central")
	ref, err = os.ReadFile(filepath.Join(central.Dir, "solution.txt"))
	require.NoError(t, err)
	require.Contains(t, string(ref), "servers 1")
	res, err = grader.Grade(context.Background(), central, "mine.txt", []byte(strings.Replace(string(ref), "servers 1", "servers 2", 1)))
	require.NoError(t, err)
	for _, tt := range res.Tests {
		assert.NotContains(t, tt.Message, "does not declare", tt.Name)
	}
}

// A listing whose state space has no end is graded within the
// exercise's total time: each search stops at its share of the budget or
// its bound of states, and the grading goes on.
func TestListingWithoutEndIsBounded(t *testing.T) {
	ex := *load(t, "listing-ra-v1")
	ex.Limits.Total = 3 * time.Second
	ex.MaxStates = 0 // the default bound, a million states
	sol, err := os.ReadFile(ex.Solution())
	require.NoError(t, err)
	// A process that counts for ever: no two states are the same.
	grow := strings.Replace(string(sol), "\non receive(reply):", "\nprocess tick:\n    loop forever:\n        P30: highestNum = highestNum + 1\n\non receive(reply):", 1)
	require.NotEqual(t, string(sol), grow)
	res, err := grader.Grade(context.Background(), &ex, "grow.txt", []byte(grow))
	require.NoError(t, err)
	require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
	assert.Less(t, res.Score, res.MaxScore)
	stopped := 0
	for _, tt := range res.Tests {
		if strings.Contains(tt.Message, "used up its share of the grading's time") || strings.Contains(tt.Message, "stopped at its bound of") {
			stopped++
		}
	}
	assert.Positive(t, stopped, "no search was stopped by its share of the time or its bound")
}

// FuzzGradeListing grades any text as a listing: grading must end, with a
// result, never a panic or an error. Run it long with
// go test ./grader/grade -run '^$' -fuzz FuzzGradeListing.
func FuzzGradeListing(f *testing.F) {
	for _, name := range listing.Seeds() {
		f.Add(listing.SeedText(name))
	}
	f.Add("algorithm central\nservers 1\n")
	f.Add("algorithm ra-v1\nprocess main:\n    loop forever:\n        P1: NCS\n        P2: CS\n")
	f.Add("\x00\xff algorithm\n\tP1:")
	ex, err := exercise.Load(filepath.Join(root, "exercises", "listing-central"), "")
	require.NoError(f, err)
	ex.Limits.Total = 2 * time.Second
	ex.MaxStates = 20000
	g := &grade.Grader{MaxMemory: 256 << 20}
	f.Fuzz(func(t *testing.T, src string) {
		res, err := g.Grade(context.Background(), ex, "fuzz.txt", []byte(src))
		require.NoError(t, err)
		require.NotNil(t, res)
		require.Contains(t, []report.Status{report.Graded, report.CompileError}, res.Status)
		if res.Status == report.CompileError {
			require.NotEmpty(t, res.Problems)
		}
	})
}

// A listing exercise's counterexamples run on the student's listing, not
// on the built-in algorithm of the same name: the result keeps the
// listing, every replay link carries it beside the scenario, and the
// scenario replays step for step on it (a hidden test's without its
// comments). The built-in ra-v1 cannot replay them all: the link would
// show another run without the listing.
func TestListingReplayLinksCarryTheListing(t *testing.T) {
	ex := load(t, "listing-ra-v1")
	var src []byte
	for _, m := range ex.Mutants {
		if m.Name == "no_tie_break" {
			src = m.Src
		}
	}
	require.NotEmpty(t, src, "the mutant no_tie_break")
	res, err := grader.Grade(context.Background(), ex, "mine.txt", src)
	require.NoError(t, err)
	require.Equal(t, report.Graded, res.Status)
	require.Equal(t, string(src), res.Listing)
	alg, err := listing.Load("mine.txt", res.Listing)
	require.NoError(t, err)

	failed, builtinDiffers := 0, false
	for i := range res.Tests {
		tt := &res.Tests[i]
		if tt.Passed || tt.Counterexample == nil {
			continue
		}
		failed++
		link := report.ReplayLink(res, tt, report.Options{PlaygroundURL: "https://example.org/play/"})
		frag, ok := strings.CutPrefix(link, "https://example.org/play/#")
		require.True(t, ok, link)
		sh, err := scenario.ParseShared(frag)
		require.NoError(t, err, tt.Name)
		assert.Equal(t, res.Listing, sh.Listing, "%s: the link carries the listing", tt.Name)
		if tt.Visibility == report.Hidden {
			for _, ln := range strings.Split(sh.Text, "\n") {
				assert.False(t, strings.HasPrefix(strings.TrimSpace(ln), "#"), "%s: a hidden test's link keeps no comment: %q", tt.Name, ln)
			}
		}
		s, err := scenario.LoadWith("link.scn", []byte(sh.Text), alg)
		require.NoError(t, err, tt.Name)
		run := scenario.Run(s, scenario.Options{})
		if tt.Visibility == report.Public && tt.Counterexample.Kind == "stopped" {
			// A public schedule replays as written: it stops where the grader's run did.
			require.NotNil(t, run.Stopped, "%s: the replay stops where the grader's run did", tt.Name)
			assert.Equal(t, tt.At, fmt.Sprintf("%s:%d", tt.Source, run.Stopped.Pos.Line), tt.Name)
		} else {
			assert.Nil(t, run.Stopped, "%s: the scenario replays on the listing", tt.Name)
		}
		assert.Len(t, run.Steps, len(tt.Counterexample.Steps), "%s: step for step", tt.Name)
		if b, err := scenario.Load("link.scn", []byte(sh.Text)); err != nil {
			builtinDiffers = true
		} else if r := scenario.Run(b, scenario.Options{}); r.Stopped != nil || len(r.Steps) != len(tt.Counterexample.Steps) {
			builtinDiffers = true
		}
	}
	require.Positive(t, failed, "the mutant fails some test with a counterexample")
	assert.True(t, builtinDiffers, "some counterexample does not replay on the built-in ra-v1")

	md := report.Markdown(res, report.Options{})
	assert.Contains(t, md, "dmelab run --listing mine.txt FILE")
	assert.Contains(t, md, "&lst=")
}

// A listing exercise's public schedule that stopped or broke an
// expectation replays as written, up to that line: the line the feedback
// cites (public/arrival_order.scn:10) is the line the playground marks
// when it replays the run on the listing (the run written out event by
// event put its expectation on line 12).
func TestListingReplayKeepsTheSchedulesLines(t *testing.T) {
	ex := load(t, "listing-central")
	i := slices.IndexFunc(ex.Mutants, func(m exercise.Mutant) bool { return m.Name == "grants_when_busy" })
	require.GreaterOrEqual(t, i, 0)
	res, err := grader.Grade(context.Background(), ex, "mine.txt", ex.Mutants[i].Src)
	require.NoError(t, err)
	alg, err := listing.Load("mine.txt", res.Listing)
	require.NoError(t, err)
	public, arrival := 0, false
	for _, tt := range res.Tests {
		if tt.Passed || tt.Counterexample == nil || tt.Visibility != report.Public || tt.At == "" {
			continue
		}
		public++
		file, line, ok := strings.Cut(tt.At, ":")
		require.True(t, ok, tt.At)
		require.Equal(t, tt.Source, file)
		n, err := strconv.Atoi(line)
		require.NoError(t, err)
		own, err := os.ReadFile(filepath.Join("..", "..", "exercises", "listing-central", file))
		require.NoError(t, err)
		text := tt.Counterexample.Scenario
		assert.Equal(t, strings.Split(string(own), "\n")[:n], strings.Split(text, "\n")[:n], "%s: the replay is the schedule's own lines up to %s", tt.Name, tt.At)
		assert.Contains(t, tt.Message, "("+tt.At+")", "%s: the feedback cites that line", tt.Name)
		s, err := scenario.LoadWith("link.scn", []byte(text), alg)
		require.NoError(t, err, tt.Name)
		run := scenario.Run(s, scenario.Options{})
		at := 0
		if run.Stopped != nil {
			at = run.Stopped.Pos.Line
		}
		for _, x := range run.Expects {
			if x.Status != scenario.Pass && (at == 0 || x.Pos.Line < at) {
				at = x.Pos.Line
			}
		}
		assert.Equal(t, n, at, "%s: the playground marks the line the feedback cites", tt.Name)
		assert.Len(t, run.Steps, len(tt.Counterexample.Steps), "%s: step for step", tt.Name)
		if tt.At == "public/arrival_order.scn:10" {
			arrival = true
			assert.Equal(t, "expect N1 holder = N3", strings.Split(text, "\n")[9])
		}
	}
	require.Positive(t, public, "the mutant fails a public schedule at a line")
	assert.True(t, arrival, "public/arrival_order fails at line 10")
}

// FirstFailure stops the grading at the first test that loses points:
// the tests before it ran as always, the rest are listed, not run.
func TestFirstFailureStopsGrading(t *testing.T) {
	ex := load(t, "listing-ra-v1")
	i := slices.IndexFunc(ex.Mutants, func(m exercise.Mutant) bool { return m.Name == "no_tie_break" })
	require.GreaterOrEqual(t, i, 0)
	full, err := grader.Grade(context.Background(), ex, "mine.txt", ex.Mutants[i].Src)
	require.NoError(t, err)
	g := *grader
	g.FirstFailure = true
	first, err := g.Grade(context.Background(), ex, "mine.txt", ex.Mutants[i].Src)
	require.NoError(t, err)
	require.Equal(t, len(full.Tests), len(first.Tests), "every test is listed")
	k := slices.IndexFunc(full.Tests, func(t report.Test) bool { return t.Points < t.MaxPoints })
	require.GreaterOrEqual(t, k, 0, "the mutant fails a test")
	require.Less(t, k, len(full.Tests)-1, "a test comes after the first failure")
	assert.Equal(t, full.Tests[:k+1], first.Tests[:k+1], "the same tests up to the first failure")
	for _, rt := range first.Tests[k+1:] {
		assert.Equal(t, "not run: the grading stopped at the first test that failed", rt.Message, rt.Name)
		assert.Zero(t, rt.Points)
	}
	assert.Less(t, first.Score, full.Score+1e-9)
	assert.False(t, grade.StoppedForMemory(first))
}
