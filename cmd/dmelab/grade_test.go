package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
)

// gradeCLI runs dmelab grade on the ra-steps exercise with a private
// cache of compiled modules.
func gradeCLI(t *testing.T, cache string, args ...string) (int, string, string) {
	t.Helper()
	return runCLI(append([]string{"grade", "--quiet", "--cache", cache, "--exercise", "../../exercises/ra-steps"}, args...)...)
}

func TestGradeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"grade"},
		{"grade", "x.go"},
		{"grade", "--exercise", "../../exercises/ra-steps"},
		{"grade", "--exercise", "../../exercises/ra-steps", "--format", "pdf", "../../exercises/ra-steps/solution.go"},
		{"grade", "--exercise", "../../exercises/nope", "../../exercises/ra-steps/solution.go"},
		{"grade", "--exercise", "../../exercises/ra-steps", "no-such-file.go"},
		{"grade", "--exercise", "../../exercises/ra-steps", "a.go", "b.go"},
		{"grade", "--frobnicate"},
	} {
		code, out, errs := runCLI(args...)
		assert.Equal(t, exitUsage, code, "%q", args)
		assert.Empty(t, out, "%q", args)
		assert.True(t, strings.HasPrefix(errs, "dmelab grade: "), "%q: %s", args, errs)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "one line on stderr: %q", errs)
	}
	code, out, _ := runCLI("grade", "-h")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "usage: dmelab grade")
}

func TestGradeFormats(t *testing.T) {
	cache := t.TempDir()
	sol := "../../exercises/ra-steps/solution.go"

	code, out, errs := gradeCLI(t, cache, "--format", "json", sol)
	require.Equal(t, exitOK, code, errs)
	var res struct {
		Status   string
		Score    float64
		MaxScore float64 `json:"max_score"`
		Tests    []struct{ Name, Visibility string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, "graded", res.Status)
	assert.Equal(t, res.MaxScore, res.Score)
	assert.Len(t, res.Tests, 17)

	// Flags may follow the file too; --out writes the feedback there.
	dst := filepath.Join(t.TempDir(), "results.json")
	code, out, errs = gradeCLI(t, cache, sol, "--format", "gradescope", "--out", dst)
	require.Equal(t, exitOK, code, errs)
	assert.Empty(t, out)
	data, err := os.ReadFile(dst)
	require.NoError(t, err)
	var gs struct {
		Score float64
		Tests []struct {
			Score      float64
			MaxScore   float64 `json:"max_score"`
			Status     string
			Visibility string
		}
	}
	require.NoError(t, json.Unmarshal(data, &gs))
	assert.Equal(t, 38.0, gs.Score)
	assert.Equal(t, "passed", gs.Tests[0].Status)

	code, out, errs = gradeCLI(t, cache, "--format", "prairielearn", sol)
	require.Equal(t, exitOK, code, errs)
	var pl struct {
		Score    float64
		Gradable bool
	}
	require.NoError(t, json.Unmarshal([]byte(out), &pl))
	assert.Equal(t, 1.0, pl.Score)
	assert.True(t, pl.Gradable)

	code, out, _ = gradeCLI(t, cache, "--format", "html", sol)
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "<table")
}

// A graded submission exits 0 whatever its score; one that cannot be
// graded exits 4, with its feedback written all the same.
func TestGradeExitCodes(t *testing.T) {
	cache := t.TempDir()
	m, err := exercise.ReadMutant("../../exercises/ra-steps/mutants/no_tie_break.patch")
	require.NoError(t, err)
	wrong := filepath.Join(t.TempDir(), "no_tie_break.go")
	require.NoError(t, os.WriteFile(wrong, m.Src, 0o644))
	code, out, errs := gradeCLI(t, cache, wrong)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "✗")
	assert.Contains(t, out, "playground")

	bad := filepath.Join(t.TempDir(), "ra.go")
	require.NoError(t, os.WriteFile(bad, []byte("package ra\n\nimport \"os\"\n\nvar _ = os.Exit\n"), 0o644))
	code, out, errs = gradeCLI(t, cache, bad)
	require.Equal(t, exitUngradable, code, errs)
	assert.Contains(t, out, `import "os" is not allowed`)
}

// --schedule runs the student's own scenarios alone, as the tests
// yours/NAME: one the mutant breaks fails with its counterexample (and
// one that passes shows its run all the same), one whose expectation
// the algorithm itself breaks, or whose line it cannot take, says so in
// its feedback, and a schedule that cannot be one of the exercise's is
// refused at its line.
func TestGradeOwnSchedules(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	m, err := exercise.ReadMutant("../../exercises/central/mutants/lifo_queue.patch")
	require.NoError(t, err)
	lifo := write("lifo.go", string(m.Src))
	fifo := write("two_wait.scn", "algorithm central\nnodes N1 N2 N3 N4\nrequest N2\nrequest N3\nrequest N4\ndeliver N4->N1 request\ndeliver N2->N1 request\ndeliver N3->N1 request\ndeliver N1->N4 grant\nexit N4\ndeliver N4->N1 release\nexpect N1 holder = N2\n")
	wrong := write("wrong.scn", "algorithm central\nnodes N1 N2 N3\nrequest N2\ndeliver N2->N1 request\nexpect N1 holder = N3\n")
	// The last-come way, which central cannot take at its line 11.
	lastCome := write("last_come.scn", "algorithm central\nnodes N1 N2 N3 N4\nrequest N2\nrequest N3\nrequest N4\ndeliver N4->N1 request\ndeliver N2->N1 request\ndeliver N3->N1 request\ndeliver N1->N4 grant\nexit N4\ndeliver N4->N1 release\ndeliver N1->N3 grant\n")
	grade := func(args ...string) (int, string, string) {
		return runCLI(append([]string{"grade", "--quiet", "--cache", cache, "--exercise", "../../exercises/central"}, args...)...)
	}

	code, out, errs := grade("--schedule", fifo, "--schedule", wrong, "--schedule", lastCome, lifo)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "**Tried on your own schedules, not graded:** 1 of 3 passed.")
	assert.Contains(t, out, "| yours/two\\_wait | yours | — | ✗ failed", "a try scores nothing")
	assert.Contains(t, out, "\n## ✗ yours/two\\_wait\n")
	assert.Contains(t, out, "*Your schedule `"+fifo+"`;*")
	assert.Contains(t, out, `two\_wait.scn:12) does not hold after step 9: N1 holder is N3`)
	assert.NotContains(t, out, "public/", "the exercise's own tests are left out")
	assert.NotContains(t, out, "hidden/")
	assert.Contains(t, out, "Note: "+strings.ReplaceAll(filepath.ToSlash(wrong), "_", "\\_")+`:5:1: "expect N1 holder = N3" does not hold on central itself (N1 holder is N2): the expectation, not your code, may be what is wrong.`)
	assert.Contains(t, out, "Note: "+strings.ReplaceAll(filepath.ToSlash(lastCome), "_", "\\_")+`:12:1: this line cannot run on central itself`)
	assert.Contains(t, out, `("deliver N1->N3 grant" is not possible now; possible: "deliver N1->N2 grant"): your code does here what central does not.`)
	assert.Equal(t, 2, strings.Count(out, "Note: "), "two_wait.scn holds on central")
	// The same line on code that cannot take it either: the schedule is
	// what may be wrong (the line is no expectation).
	code, out, errs = grade("--schedule", lastCome, "../../exercises/central/solution.go")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "**Tried on your own schedules, not graded:** 0 of 1 passed.")
	assert.Contains(t, out, "this line cannot run on central itself")
	assert.Contains(t, out, "your schedule, not your code, may be what is wrong.")

	// Passed, its run is shown all the same: seeing it is the point.
	code, out, errs = grade("--schedule", fifo, "../../exercises/central/solution.go")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "**Tried on your own schedules, not graded:** 1 of 1 passed.")
	assert.Contains(t, out, "## ✓ yours/two\\_wait: your code's run")
	assert.Contains(t, out, "**Your code ran the schedule in 9 steps, and every expectation held.**")
	assert.Contains(t, out, "**Where it ends.** After step 9: N1 receives release from N4.")
	assert.Contains(t, out, "| N1 | `phase=idle holder=N2 queue=[N3]` |")
	assert.Contains(t, out, "### Step by step")
	assert.Empty(t, errs)

	other := write("other.scn", "algorithm lamport\nnodes N1 N2\nrequest N1\n")
	code, out, errs = grade("--schedule", other, lifo)
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, filepath.ToSlash(other)+":1:11: the schedule is written for lamport, and this exercise is about central")
	code, _, errs = grade("--schedule", filepath.Join(dir, "none.scn"), lifo)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "dmelab grade: --schedule: open ")
}
