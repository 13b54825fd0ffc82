package grade

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
)

// stoppedSandbox is a sandbox that has stopped, for why.
type stoppedSandbox string

func (s stoppedSandbox) Stopped() string { return string(s) }
func (s stoppedSandbox) Refused() int    { return 1 }

// A test not run after the whole submission's time ran out points to
// the failed tests above only when there are some: with every test
// before it passed, the steps were slow, not wrong, and it says so.
func TestNotRunSaysWhatToFix(t *testing.T) {
	ex := loadExercise(t, "ra-steps")
	walk := planTests(ex)[len(planTests(ex))-1]
	r := &runner{ex: ex, sb: stoppedSandbox("was not run: the code has used up the time limit for the whole submission (30s)")}
	msg := r.notRun(walk).Message
	assert.Contains(t, msg, "your code had already used up the time for the whole submission (30s)")
	assert.Contains(t, msg, "The tests above passed, but their steps took that time: make your code's steps faster, and this test runs.")
	assert.NotContains(t, msg, "failed tests above")
	r.failed = true
	assert.Contains(t, r.notRun(walk).Message, "The failed tests above show where; once that is fixed, this test runs.")
}

// The grader plans the tests the exercise lists (exercise.Tests: what
// points.tests may name, checked when an exercise loads), in the same
// order and worth the same, for every exercise of the set.
func TestPlanIsTheExercisesTests(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "exercises", "*", "exercise.md"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, md := range dirs {
		ex := loadExercise(t, filepath.Base(filepath.Dir(md)))
		var got, want []exercise.Test
		for _, p := range planTests(ex) {
			got = append(got, exercise.Test{Name: p.name, Points: p.points})
		}
		for _, t := range ex.Tests() {
			want = append(want, exercise.Test{Name: t.Name, Points: t.Points})
		}
		assert.Equal(t, want, got, ex.Name)
	}
}
