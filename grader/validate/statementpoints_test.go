package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dmelab/grader/exercise"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every exercise of the project says in its statement what its front
// matter's points give.
func TestStatementPointsAgreeInEveryExercise(t *testing.T) {
	dirs, err := filepath.Glob("../../exercises/*/exercise.md")
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	checked := 0
	for _, md := range dirs {
		ex, err := exercise.Load(filepath.Dir(md), "")
		require.NoError(t, err, md)
		assert.Empty(t, StatementPoints(ex), ex.Name)
		if len(gradingClauses(ex.Statement)) > 0 {
			checked++
		}
	}
	assert.Equal(t, len(dirs), checked, "every statement has a grading section the check reads")
}

// A statement that says other points than the front matter is a
// problem, clause by clause; overrides count, and prose the check
// cannot read is left alone.
func TestStatementPointsDisagree(t *testing.T) {
	dir := t.TempDir()
	copyExercise(t, "lamport", dir)
	path := filepath.Join(dir, "lamport", "exercise.md")
	orig, err := os.ReadFile(path)
	require.NoError(t, err)
	edit := func(from, to string) *exercise.Exercise {
		t.Helper()
		text := strings.Replace(string(orig), from, to, 1)
		require.NotEqual(t, string(orig), text, "the edit applies")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		ex, err := exercise.Load(filepath.Join(dir, "lamport"), "")
		require.NoError(t, err)
		return ex
	}

	ex := edit("  hidden: 2\n", "  hidden: 4\n")
	assert.Equal(t, []string{`the statement says hidden schedules are worth 2 points ("Hidden schedules: 2 points"), but the front matter's points make them worth 4 points: change one or the other`}, StatementPoints(ex))

	ex = edit("- Public schedules (in `public/`, run them in the playground): 1 point each.", "- Public schedules (in `public/`, run them in the playground): 1.5 points each.")
	assert.Equal(t, []string{`the statement says public schedules are worth 1.5 points ("Public schedules (in ` + "`public/`" + `, run them in the playground): 1.5 points"), but the front matter's points make them worth 1 point: change one or the other`}, StatementPoints(ex))

	ex = edit("  walk: 2\n", "  walk: 2\n  tests: {hidden/walk_four: 5}\n")
	assert.Empty(t, StatementPoints(ex), "one walk is worth 2, as the statement says")

	ex = edit("  explore: 3\n", "  explore: 1\n")
	assert.Len(t, StatementPoints(ex), 1, "the exploration's 3 points")
	assert.Contains(t, StatementPoints(ex)[0], "the statement says explorations are worth 3 points")

	ex = edit("## How it is graded", "## What to hand in")
	require.NotEmpty(t, ex.Statement)
	assert.Empty(t, gradingClauses(ex.Statement), "no grading section")
}

// The clauses of a grading section: list items with their continuation
// lines, split at semicolons.
func TestGradingClauses(t *testing.T) {
	md := "Intro: 9 points.\n\n## How it is graded\n\n- Public schedules: 1 point each; hidden schedules: 2\n  points each.\n- Random walks: 2 points.\n\nA note.\n\n## The rules\n\n- Hidden schedules: 7 points.\n"
	assert.Equal(t, []string{"Public schedules: 1 point each", "hidden schedules: 2 points each.", "Random walks: 2 points."}, gradingClauses(md))
	assert.Equal(t, "hidden", clauseKind("hidden schedules: 2 points each."))
	assert.Equal(t, "walk", clauseKind("A random walk on 5 nodes asking twice: 2 points."))
	assert.Equal(t, "explore", clauseKind("Exhaustive exploration of safety and liveness for 3 and 4 nodes: 3 points each."))
	assert.Equal(t, "voting-sets", clauseKind("The voting sets, for n = 1 … 25: 3 points."))
	assert.Equal(t, "", clauseKind("Your listing is compiled as the playground compiles it."))
}
