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
		{"override with its file's extension", "points:\n  tests:\n    hidden/two.scn: 3\n", `ex/exercise.md:7:21: points.tests: "hidden/two.scn" is not a test of this exercise: did you mean "hidden/two"? (a test is named as the feedback names it: its file without .scn) (its tests: public/one; hidden/two)`},
		{"override with its file's name only", "points:\n  tests:\n    two.scn: 3\n", `ex/exercise.md:7:14: points.tests: "two.scn" is not a test of this exercise: did you mean "hidden/two"? (a test is named as the feedback names it: its file without .scn)`},
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
	assert.Equal(t, []Test{{"public/one", 1, "public"}, {"hidden/three", 5, "hidden"}, {"hidden/two", 0, "hidden"}}, ex.Tests())
}

// A file an exercise's folders hold that loading would pass over (a
// schedule misnamed, one in a folder of its own, a mutant saved as a
// .diff) is refused, naming it; notes and editors' files are left alone.
func TestStraysAreSaid(t *testing.T) {
	const sched = "algorithm central\nnodes N1 N2\nrequest N2\n"
	_, err := Load(mk(t, map[string]string{
		"exercise.md":          "---\ntitle: T\nalgorithm: central\ninterface: centralsteps\n---\n",
		"public/one.scn":       sched,
		"public/two.SCN":       sched,
		"hidden/three.scen":    sched,
		"hidden/more/four.scn": sched,
		"hidden/.five.scn.swp": sched,
		"hidden/w.walk":        "nodes 3\nrequests 1\n",
		"mutants/bug.diff":     "x\n",
		"solutions/notes.md":   "x\n",
		"solutions/a.go~":      "x\n",
		"solutions/b.go.txt":   "x\n",
		"solutions/.DS_Store":  "x",
	}), "")
	require.Error(t, err)
	assert.Equal(t, []string{
		"ex/public/two.SCN: not read: public schedules end in .scn; rename it or move it out of public/",
		"ex/hidden/more/: a folder inside hidden/ is not read: hidden schedules and walks are the files of hidden/ itself",
		"ex/hidden/three.scen: not read: hidden schedules and walks end in .scn or .walk; rename it or move it out of hidden/",
		"ex/mutants/bug.diff: not read: mutants end in .patch or .go; rename it or move it out of mutants/",
		"ex/solutions/b.go.txt: not read: alternative solutions end in .go; rename it or move it out of solutions/",
	}, strings.Split(err.Error(), "\n"))
}
