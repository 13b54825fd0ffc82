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

// Every exercise of the project names in its statement each variable
// its schedules look at.
func TestStatementVarsInEveryExercise(t *testing.T) {
	dirs, err := filepath.Glob("../../exercises/*/exercise.md")
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, md := range dirs {
		ex, err := exercise.Load(filepath.Dir(md), "")
		require.NoError(t, err, md)
		assert.Empty(t, StatementVars(ex), ex.Name)
	}
}

// withStatement is exercise name, copied, with its statement's words
// replaced (old, new pairs, each of which must apply).
func withStatement(t *testing.T, name string, oldnew ...string) *exercise.Exercise {
	t.Helper()
	dir := t.TempDir()
	copyExercise(t, name, dir)
	path := filepath.Join(dir, name, "exercise.md")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	text := string(b)
	for k := 0; k+1 < len(oldnew); k += 2 {
		require.Contains(t, text, oldnew[k])
		text = strings.ReplaceAll(text, oldnew[k], oldnew[k+1])
	}
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	ex, err := exercise.Load(filepath.Join(dir, name), "")
	require.NoError(t, err)
	return ex
}

// A statement that never writes a variable a schedule looks at is a
// problem, told at the first expect that looks at it; a name inside a
// longer one (`requests`) does not count.
func TestStatementVarsUnnamed(t *testing.T) {
	ex := withStatement(t, "permission-ring", "`request` what\n", "`requests` what\n")
	assert.Equal(t, []string{"the statement never names `request`, which public/alone.scn:10:11 (expect N1 request = travelling) looks at: say what it shows, as the other variables the schedules look at are said"}, StatementVars(ex))
}

// A variable a "run until" waits on counts as one looked at.
func TestStatementVarsRunUntil(t *testing.T) {
	ex := withStatement(t, "listing-ra-v1", "and at `main`, the step", "and at main, the step", "(`main = P1` back", "(main = P1 back")
	assert.Equal(t, []string{"the statement never names `main`, which hidden/flag_reset.scn:9:14 (run until N1 main = P1) looks at: say what it shows, as the other variables the schedules look at are said"}, StatementVars(ex))
}
