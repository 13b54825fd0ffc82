package grade_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
)

// gradeBeside grades src with the walks beside the other tests (on) or
// after them, and says which walks' lines the progress marked as beside.
func gradeBeside(t *testing.T, ex *exercise.Exercise, name string, src []byte, on bool) (*report.Result, []string) {
	t.Helper()
	res, beside, err := besideGrading(ex, name, src, on)
	require.NoError(t, err)
	return res, beside
}

func besideGrading(ex *exercise.Exercise, name string, src []byte, on bool) (*report.Result, []string, error) {
	g := grade.WithBeside(grader, on)
	var mu sync.Mutex
	var beside []string
	g.Progress = func(format string, args ...any) {
		line := fmt.Sprintf(format, args...)
		if strings.HasSuffix(line, ", beside the others") {
			mu.Lock()
			beside = append(beside, strings.Fields(line)[0])
			mu.Unlock()
		}
	}
	res, err := g.Grade(context.Background(), ex, name, src)
	return res, beside, err
}

// gradedBeside is gradeBeside, graded once in this test process for each
// exercise (as loaded, unchanged), file name, source and setting; a later
// call with the same ones, from any test, is given that grading's result.
// TestSolutionsGetFullMarks and TestMutantsAreCaught grade with the walks
// beside, as TestWalksBesideGradeAlike does, so that the 26 files of
// that test are graded beside once rather than twice: an eighth to a
// fifth of this package's work. A grading's result depends on nothing else: where it
// could (a test stopped by its time budget on a loaded machine), the
// tests that share it assert the same of it.
func gradedBeside(t *testing.T, ex *exercise.Exercise, name string, src []byte, on bool) (*report.Result, []string) {
	t.Helper()
	type graded struct {
		res    *report.Result
		beside []string
	}
	k := gradingKey{ex.Dir, name, sha256.Sum256(src), on}
	once, _ := gradings.LoadOrStore(k, sync.OnceValues(func() (graded, error) {
		res, beside, err := besideGrading(ex, name, src, on)
		return graded{res, beside}, err
	}))
	g, err := once.(func() (graded, error))()
	require.NoError(t, err)
	return g.res, g.beside
}

type gradingKey struct {
	exercise, name string
	src            [sha256.Size]byte
	on             bool
}

var gradings sync.Map // gradingKey → func() (graded, error)

// walks names ex's walks as the feedback does.
func walks(ex *exercise.Exercise) []string {
	var names []string
	for _, w := range ex.Walks {
		names = append(names, "hidden/"+w.Name)
	}
	return names
}

// A grading's walks run beside its other tests give the feedback they
// give run after them, test for test: for the reference solutions and
// every mutant of three exercises (one with two walks, one with crashes),
// and the walks are kept from beside.
func TestWalksBesideGradeAlike(t *testing.T) {
	for _, name := range []string{"suzuki-kasami", "lamport", "election-bully"} {
		ex := load(t, name)
		src, err := os.ReadFile(ex.Solution())
		require.NoError(t, err)
		files := map[string][]byte{"solution.go": src}
		for _, m := range ex.Mutants {
			files[m.File()] = m.Src
		}
		for file, src := range files {
			t.Run(name+"/"+file, func(t *testing.T) {
				t.Parallel()
				after, none := gradeBeside(t, ex, file, src, false)
				assert.Empty(t, none)
				res, beside := gradedBeside(t, ex, file, src, true)
				assert.Equal(t, walks(ex), beside, "every walk kept from beside")
				assert.Equal(t, after, res)
			})
		}
	}
}

// A walk whose code runs out of a call's time is not kept from beside: it
// runs again after the other tests, with the feedback it had before. One
// that runs over its share of the grading's time stops beside where it
// would stop in turn, once the other tests have ended, and that stop is
// kept; or, if its calls reached the sandbox's total first (which of the
// two comes first is a matter of the machine's timing, in turn as
// beside), it runs again in turn. Either way it fails on its time and
// the other tests are as before.
func TestWalksBesideStopAsInTurn(t *testing.T) {
	ex := load(t, "suzuki-kasami")
	src, err := os.ReadFile(ex.Solution())
	require.NoError(t, err)
	// Only the walks have five nodes.
	require.Equal(t, 5, ex.Walks[0].Nodes)
	for _, e := range ex.Explore {
		require.Less(t, e.Nodes, 5)
	}
	slow := strings.Replace(string(src), "func (n Node) OnToken() {", `func (n Node) OnToken() {
	for i := 0; n.N() == 5 && i < 400_000; i++ {
		sink += i
	}`, 1) + "\nvar sink int\n"
	loops := strings.Replace(string(src), "func (n Node) OnToken() {", `func (n Node) OnToken() {
	for n.N() == 5 {
	}`, 1)
	for _, c := range []struct {
		name, file string
		kept       bool
	}{
		{"slow.go", slow, true},
		{"loops.go", loops, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ex := load(t, "suzuki-kasami")
			// A total well above what the other tests take on a slow machine,
			// well below what the slow walk needs.
			ex.Limits.Total, ex.Limits.Call = 8*time.Second, 300*time.Millisecond
			after, _ := gradeBeside(t, ex, c.name, []byte(c.file), false)
			res, beside := gradeBeside(t, ex, c.name, []byte(c.file), true)
			require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
			last := len(res.Tests) - 1
			walk, inTurn := res.Tests[last], after.Tests[last]
			if !c.kept {
				assert.Empty(t, beside, "run again in turn")
				assert.Equal(t, after, res)
				return
			}
			if len(beside) > 0 {
				assert.Equal(t, []string{"hidden/walk_five"}, beside)
				assert.Contains(t, walk.Message, "This test was stopped after", "the guard's stop")
			}
			assert.False(t, walk.Passed, walk.Message)
			assert.Zero(t, walk.Points)
			assert.Contains(t, walk.Message+inTurn.Message, "time")
			assert.Equal(t, after.Tests[:last], res.Tests[:last])
			for _, tt := range res.Tests[:last] {
				assert.True(t, tt.Passed, "%s: %s", tt.Name, tt.Message)
			}
		})
	}
}

// The walks beside end with a grading that is canceled: it says so, and
// it has waited for them when it returns.
func TestWalksBesideEndWithTheGrading(t *testing.T) {
	ex := load(t, "suzuki-kasami")
	src, err := os.ReadFile(filepath.Join(ex.Dir, "solution.go"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	g := grade.WithBeside(grader, true)
	var atCancel int32
	g.Progress = func(format string, args ...any) {
		if strings.HasPrefix(fmt.Sprintf(format, args...), "public/") && atCancel == 0 {
			atCancel = grade.WalksBesideRunning() // the walk (300 ms) runs beside the first test's end
			cancel()
		}
	}
	_, err = g.Grade(ctx, ex, "solution.go", src)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, int32(1), atCancel, "the walk ran beside when the grading was canceled")
	assert.Zero(t, grade.WalksBesideRunning(), "and had ended when it returned")
}
