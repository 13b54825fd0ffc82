package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// grader is shared by the package's tests. Its modules are kept where
// `dmelab validate` keeps them (the user's cache directory), by the hash
// of the file, its interface and the harness: a change outside the
// packages a module is built from (the explorer, the grader) grades the
// same modules again without building them again.
var (
	grader *grade.Grader
	root   string
)

func TestMain(m *testing.M) {
	if os.Getenv("DMELAB_TEST_CHILD") != "" {
		child() // the test binary as a grading process (process_test.go)
		return
	}
	var err error
	root, err = sandbox.FindRoot(".")
	if err != nil {
		panic(err)
	}
	grader = &grade.Grader{Builder: &sandbox.Builder{Root: root, Cache: sandbox.DefaultCache()}}
	os.Exit(m.Run())
}

func load(t *testing.T, name string) *exercise.Exercise {
	t.Helper()
	ex, err := exercise.Load(filepath.Join(root, "exercises", name), "")
	require.NoError(t, err)
	return ex
}

func gradeFile(t *testing.T, ex *exercise.Exercise, path string) *report.Result {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	res, err := grader.Grade(context.Background(), ex, filepath.Base(path), src)
	require.NoError(t, err)
	return res
}

// gradeMutant grades the exercise's mutant name (its patch applied).
func gradeMutant(t *testing.T, ex *exercise.Exercise, name string) *report.Result {
	t.Helper()
	i := slices.IndexFunc(ex.Mutants, func(m exercise.Mutant) bool { return m.Name == name })
	require.GreaterOrEqual(t, i, 0, "no mutant %s in %s", name, ex.Name)
	res, err := grader.Grade(context.Background(), ex, ex.Mutants[i].File(), ex.Mutants[i].Src)
	require.NoError(t, err)
	return res
}

// exercises lists every exercise of the project's set (each folder of
// exercises/ with a statement), so a new exercise is tested as soon as it
// is there.
func exercises(t *testing.T) []string {
	t.Helper()
	found, err := filepath.Glob(filepath.Join(root, "exercises", "*", "exercise.md"))
	require.NoError(t, err)
	var names []string
	for _, f := range found {
		names = append(names, filepath.Base(filepath.Dir(f)))
	}
	require.GreaterOrEqual(t, len(names), 4)
	return names
}

// The reference solutions, the exercises' alternative solutions
// (solutions/*.go) and solutions written in other styles
// (testdata/styles/NAME/*.go for exercise NAME) get full marks; the
// starters compile and fail. The solutions are graded with the walks
// beside the other tests (gradedBeside); TestWalksBesideGradeAlike shows
// that in turn is the same.
func TestSolutionsGetFullMarks(t *testing.T) {
	for _, name := range exercises(t) {
		ex := load(t, name)
		files := []string{ex.Solution()}
		for _, s := range ex.Solutions {
			files = append(files, filepath.Join(ex.Dir, s.Path))
		}
		styles, _ := filepath.Glob(filepath.Join("testdata", "styles", name, "*.go"))
		files = append(files, styles...)
		for _, f := range files {
			rel, err := filepath.Rel(ex.Dir, f)
			if err != nil || strings.HasPrefix(rel, "..") {
				rel = "styles/" + filepath.Base(f)
			}
			t.Run(name+"/"+filepath.ToSlash(rel), func(t *testing.T) {
				t.Parallel()
				src, err := os.ReadFile(f)
				require.NoError(t, err)
				res, _ := gradedBeside(t, ex, filepath.Base(f), src, true)
				require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
				for _, tt := range res.Tests {
					assert.True(t, tt.Passed, "%s: %s", tt.Name, tt.Message)
					assert.Equal(t, slices.Contains(walks(ex), tt.Name), tt.Walk, "%s is told as random walks exactly when it is some", tt.Name)
				}
				assert.Equal(t, res.MaxScore, res.Score)
				assert.Positive(t, res.MaxScore)
			})
		}
		t.Run(name+"/starter", func(t *testing.T) {
			t.Parallel()
			res := gradeFile(t, ex, ex.Starter())
			require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
			// A starter scores what it gets right (listing-central's, a
			// flawed server, some schedules), never an exploration: where
			// nobody gets in (or elects), safety and Order hold only
			// vacuously, and are not scored.
			assert.Less(t, res.Score, res.MaxScore/2)
			for _, tt := range res.Tests {
				assert.False(t, tt.Passed && tt.Visibility == report.Search, "%s passes: %s", tt.Name, tt.Message)
				assert.Equal(t, slices.Contains(walks(ex), tt.Name), tt.Walk, "%s is told as random walks exactly when it is some", tt.Name)
			}
		})
	}
}

// Every mutant loses points, and each failure it gets comes with a
// message and, but for the voting sets, a counterexample whose scenario
// parses and names the exercise's algorithm. Graded with the walks beside,
// as the solutions are.
func TestMutantsAreCaught(t *testing.T) {
	for _, name := range exercises(t) {
		ex := load(t, name)
		require.GreaterOrEqual(t, len(ex.Mutants), 4, name)
		for _, m := range ex.Mutants {
			t.Run(name+"/"+m.Name, func(t *testing.T) {
				t.Parallel()
				res, _ := gradedBeside(t, ex, m.File(), m.Src, true)
				require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
				assert.Less(t, res.Score, res.MaxScore, "mutant %s (%s) survived", m.Name, m.Comment)
				failed := 0
				for _, tt := range res.Tests {
					if tt.Passed {
						continue
					}
					failed++
					assert.NotEmpty(t, tt.Message, tt.Name)
					if tt.Name == "voting sets" {
						continue
					}
					if tt.Counterexample == nil {
						// No run to show: the system could not be built, a
						// search hit its bound (the mutant has more states
						// than the reference), the grading's budget
						// stopped the test, or safety held only because no
						// node ever got into the critical section.
						assert.Regexp(t, "could not be built|stopped at its bound|stopped at its memory bound|This test was stopped|^(Safety|Order) holds only because no node ever (enters|elects)|^(Safety|Order) was never put to the test", tt.Message, tt.Name)
						continue
					}
					ce := tt.Counterexample
					assert.NotEmpty(t, ce.Steps, tt.Name)
					_, err := scenario.Parse("ce.scn", []byte(ce.Scenario))
					assert.NoError(t, err, tt.Name)
					assert.Contains(t, ce.Scenario, "algorithm "+ex.Algorithm, tt.Name)
					if !ex.IsListing() {
						// A Go file's replay runs on the exercise's own
						// algorithm: what it expects, it shows holding
						// there, never as a replay that fails.
						sc, err := scenario.Load("ce.scn", []byte(ce.Scenario))
						require.NoError(t, err, tt.Name)
						for _, e := range scenario.Run(sc, scenario.Options{}).Expects {
							assert.NotEqual(t, scenario.Fail, e.Status, "%s: the replay reads as failing: %s: %s", tt.Name, e.Text, e.Got)
						}
					}
				}
				assert.Positive(t, failed)
			})
		}
	}
}

func loadB(b *testing.B, name string) *exercise.Exercise {
	b.Helper()
	ex, err := exercise.Load(filepath.Join(root, "exercises", name), "")
	if err != nil {
		b.Fatal(err)
	}
	return ex
}

func TestExercisesByName(t *testing.T) {
	x := &grade.Exercises{Grader: grader, Dir: filepath.Join(root, "exercises")}
	src, err := os.ReadFile(filepath.Join(root, "exercises", "ra-steps", "solution.go"))
	require.NoError(t, err)
	res, err := x.Grade(context.Background(), "ra-steps", "ra.go", src)
	require.NoError(t, err)
	assert.Equal(t, res.MaxScore, res.Score)
	for _, bad := range []string{"../ra-steps", "nope", "", "ra-steps/x"} {
		_, err := x.Grade(context.Background(), bad, "ra.go", src)
		assert.Error(t, err, bad)
	}
}

// A grading whose host work runs over its budget is still a grading: the
// tests over their share are stopped, say so, and score nothing; every
// test is listed and nothing fails on the grader's side. (A budget of
// 300ms of computing is far below what the reference needs.)
//
// Two bounds may end it, and which comes first depends on the machine:
// the guard's (the grading thread's CPU time, searches included) stops a
// test "after 300ms of computing"; the sandbox's (the CPU time of the
// code's calls and of its instances' starts, the first start included,
// which the guard does not see) refuses the calls from then on, and the
// tests left are "not run". On a loaded machine a slow first start can
// use up the sandbox's 300ms before the guard's clock has begun.
func TestBudgetStopsTestsNotTheGrading(t *testing.T) {
	ex := load(t, "ra-steps")
	ex.Limits.Total = 300 * time.Millisecond
	// One exploration far larger than the budget on any machine (N=3
	// R=2 through the sandbox takes seconds of computing), so the test
	// does not depend on how fast the others run.
	require.NotEmpty(t, ex.Explore)
	ex.Explore[0] = exercise.Explore{Nodes: 3, Requests: 2, Props: []string{"safety", "liveness"}}
	// No hidden schedules, walks or conformance searches: the budget is
	// also the sandbox's (its calls' wall time), and on a loaded machine
	// six hidden tests, each on a fresh instance, could use it up before
	// the search starts; the search would then end at once, on calls not
	// run.
	ex.Hidden, ex.Walks, ex.Conform = nil, nil, nil
	res := gradeFile(t, ex, filepath.Join(root, "exercises", "ra-steps", "solution.go"))
	assert.Equal(t, report.Graded, res.Status)
	require.Len(t, res.Tests, 8)
	stopped := 0
	for _, tt := range res.Tests {
		switch {
		case strings.HasPrefix(tt.Message, "This test was stopped after"):
			assert.Contains(t, tt.Message, "the limit is 300ms for all tests together", tt.Name)
		case tt.NotRun:
			assert.Contains(t, tt.Message, "used up the time for the whole submission (300ms)", tt.Name)
		default:
			continue
		}
		stopped++
		assert.Zero(t, tt.Points, tt.Name)
		assert.False(t, tt.Passed, tt.Name)
	}
	if !assert.Positive(t, stopped, "some test ran over its share") {
		for _, tt := range res.Tests {
			t.Logf("%s: %v/%v %s", tt.Name, tt.Points, tt.MaxPoints, tt.Message)
		}
	}
	assert.Less(t, res.Score, res.MaxScore)
}

// A failed schedule test records where in its file it failed (At), for
// staff: dmelab validate names a hidden schedule's line with it, which
// the student's feedback leaves out.
func TestScheduleFailureRecordsItsLine(t *testing.T) {
	ex := load(t, "central")
	res := gradeMutant(t, ex, "never_frees")
	src, err := os.ReadFile(filepath.Join(ex.Dir, "hidden", "frees_again.scn"))
	require.NoError(t, err)
	for _, tt := range res.Tests {
		if tt.Name != "hidden/frees_again" {
			continue
		}
		require.False(t, tt.Passed)
		require.Regexp(t, `^hidden/frees_again\.scn:\d+$`, tt.At)
		line, _ := strconv.Atoi(tt.At[strings.LastIndexByte(tt.At, ':')+1:])
		lines := strings.Split(string(src), "\n")
		require.Less(t, line-1, len(lines))
		assert.Contains(t, tt.Message, `"`+strings.TrimSpace(lines[line-1])+`"`, "the line the message quotes")
		assert.NotContains(t, report.Markdown(res, report.Options{}), "frees_again.scn", "the student's feedback names no hidden file")
		return
	}
	t.Fatal("no hidden/frees_again test")
}
