package grade_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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
	require.NoError(t, err)
	return res, beside
}

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
				res, beside := gradeBeside(t, ex, file, src, true)
				assert.Equal(t, walks(ex), beside, "every walk kept from beside")
				assert.Equal(t, after, res)
			})
		}
	}
}

// A walk that runs out of its share of the time, or whose code runs out
// of a call's, is not kept from beside: it runs again after the other
// tests, and its feedback is what it was before walks ran beside.
func TestWalksBesideRunAgainWhenStopped(t *testing.T) {
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
	// What a stopped test says of how far it got depends on the machine.
	stopped := regexp.MustCompile(`stopped after [0-9.]+m?s|reached [0-9]+ states at depth [0-9]+`)
	for name, file := range map[string]string{"slow.go": slow, "loops.go": loops} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ex := load(t, "suzuki-kasami")
			// A total well above what the other tests take on a slow machine,
			// well below what the slow walk needs.
			ex.Limits.Total, ex.Limits.Call = 8*time.Second, 300*time.Millisecond
			after, _ := gradeBeside(t, ex, name, []byte(file), false)
			res, beside := gradeBeside(t, ex, name, []byte(file), true)
			assert.Empty(t, beside, "the walk ran again after the others")
			require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
			walk := res.Tests[len(res.Tests)-1]
			assert.False(t, walk.Passed, walk.Message)
			for i := range res.Tests {
				res.Tests[i].Message = stopped.ReplaceAllString(res.Tests[i].Message, "…")
				after.Tests[i].Message = stopped.ReplaceAllString(after.Tests[i].Message, "…")
			}
			assert.Equal(t, after, res)
			for _, tt := range res.Tests[:len(res.Tests)-1] {
				assert.True(t, tt.Passed, "%s: %s", tt.Name, tt.Message)
			}
		})
	}
}

// The walks beside end with a grading that is canceled, and the grading
// says so.
func TestWalksBesideEndWithTheGrading(t *testing.T) {
	ex := load(t, "suzuki-kasami")
	src, err := os.ReadFile(filepath.Join(ex.Dir, "solution.go"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	g := grade.WithBeside(grader, true)
	g.Progress = func(format string, args ...any) {
		if strings.HasPrefix(format, "built") {
			cancel() // as the tests begin
		}
	}
	_, err = g.Grade(ctx, ex, "solution.go", src)
	assert.ErrorIs(t, err, context.Canceled)
}
