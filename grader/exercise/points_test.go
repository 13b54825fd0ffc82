package exercise

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Points that no gradebook can hold are refused at their line and
// column: not a number, infinite, negative, huge; an override that names
// no test (with the test it could have meant); an exercise worth nothing.
func TestPointsErrors(t *testing.T) {
	const head = "---\ntitle: T\nalgorithm: central\ninterface: centralsteps\n"
	const sched = "algorithm central\nnodes N1 N2\nrequest N2\n"
	for _, c := range []struct{ name, points, want string }{
		{"not a number", "points:\n  hidden: .nan\n", "ex/exercise.md:6:11: points.hidden is NaN: points are a number from 0 to 1000"},
		{"infinite", "points:\n  public: .inf\n", "ex/exercise.md:6:11: points.public is +Inf: points are a number from 0 to 1000"},
		{"negative", "points:\n  explore: -3\n", "ex/exercise.md:6:12: points.explore is -3"},
		{"huge", "points:\n  walk: 1e300\n", "ex/exercise.md:6:9: points.walk is 1e+300"},
		{"override of no test", "points:\n  tests:\n    hidden/tw: 3\n", `ex/exercise.md:7:16: points.tests: "hidden/tw" is not a test of this exercise: did you mean "hidden/two"? (its tests: public/one; hidden/two)`},
		{"override without its folder", "points:\n  tests:\n    two: 3\n", `ex/exercise.md:7:10: points.tests: "two" is not a test of this exercise: did you mean "hidden/two"?`},
		{"override negative", "points:\n  tests:\n    hidden/two: -1\n", `ex/exercise.md:7:17: points.tests: "hidden/two" is worth -1`},
		{"worth nothing", "points:\n  public: 0\n  hidden: 0\n", "ex/exercise.md:6:3: the exercise's tests are worth 0 points in all"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(mk(t, map[string]string{"exercise.md": head + c.points + "---\n", "public/one.scn": sched, "hidden/two.scn": sched}), "")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%s\nwant prefix %s", err, c.want)
		})
	}
}

// A kind's points written 0 make its tests count nothing; a kind not
// written keeps its default; an override holds for its one test.
func TestPointsWrittenZero(t *testing.T) {
	const sched = "algorithm central\nnodes N1 N2\nrequest N2\n"
	ex, err := Load(mk(t, map[string]string{
		"exercise.md":    "---\ntitle: T\nalgorithm: central\ninterface: centralsteps\npoints:\n  hidden: 0\n  tests: {hidden/three: 5}\n---\n",
		"public/one.scn": sched, "hidden/two.scn": sched, "hidden/three.scn": sched,
	}), "")
	require.NoError(t, err)
	assert.Equal(t, []Test{{"public/one", 1}, {"hidden/three", 5}, {"hidden/two", 0}}, ex.Tests())
}
