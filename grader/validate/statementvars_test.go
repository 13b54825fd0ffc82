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

// A statement that never writes a variable a schedule looks at as code,
// spelt as the schedules spell it, is a problem, told at the first line
// that looks at it; where the statement has the word in prose (or in
// another case), the problem says so and where. A name inside a longer
// one (`requests`, `token-ring`) does not count; a variable a "run
// until" waits on counts as one looked at.
func TestStatementVarsUnnamed(t *testing.T) {
	for _, c := range []struct {
		name, exercise string
		oldnew         []string
		want           []string
	}{
		{name: "as written", exercise: "token-ring"},
		{
			name:     "in prose only",
			exercise: "token-ring",
			oldnew:   []string{"`token = yes` is", "token = yes is"},
			want:     []string{"the statement says Token (token-ring/exercise.md:21:3), but never `token` as code (in backticks, as the schedules spell it), which public/alone.scn:13:11 (expect N1 token = no) looks at: write `token` where it says what it shows"},
		},
		{
			name:     "a longer name in prose",
			exercise: "permission-ring",
			oldnew:   []string{"`request` what\n", "`requests` what\n"},
			want:     []string{"the statement says request (permission-ring/exercise.md:28:48), but never `request` as code (in backticks, as the schedules spell it), which public/alone.scn:10:11 (expect N1 request = travelling) looks at: write `request` where it says what it shows"},
		},
		{
			name:     "in another case, as code",
			exercise: "ra-steps",
			oldnew:   []string{"(`myNum = highestNum + 1`), the receive process keeps `highestNum`", "(`myNum` one more), the receive process keeps `HighestNum`", "highestNum", "HighestNum"},
			want:     []string{"the statement says `HighestNum` (ra-steps/exercise.md:28:47), but never `highestNum` as code (in backticks, as the schedules spell it), which public/alone.scn:15:11 (expect N2 highestNum = 1) looks at: write `highestNum` where it says what it shows"},
		},
		{
			name:     "never",
			exercise: "ra-steps",
			oldnew:   []string{"highestNum", "topNum", "HighestNum", "TopNum"},
			want:     []string{"the statement never writes `highestNum` as code (in backticks, as the schedules spell it), which public/alone.scn:15:11 (expect N2 highestNum = 1) looks at: say what it shows, as the other variables the schedules look at are said"},
		},
		{
			name:     "run until",
			exercise: "listing-ra-v1",
			oldnew:   []string{"and at `main`, the step", "and at main, the step", "(`main = P1` back", "(main = P1 back"},
			want:     []string{"the statement says main (listing-ra-v1/exercise.md:29:9), but never `main` as code (in backticks, as the schedules spell it), which hidden/flag_reset.scn:9:14 (run until N1 main = P1) looks at: write `main` where it says what it shows"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex := withStatement(t, c.exercise, c.oldnew...)
			assert.Equal(t, c.want, StatementVars(ex))
		})
	}
}
