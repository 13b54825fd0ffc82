package grade_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
)

func hostile(name string) string { return filepath.Join("testdata", "hostile", name) }

// Hostile or broken submissions are graded with a clear message, and the
// grader goes on.
func TestHostile(t *testing.T) {
	ex := load(t, "ra-steps")
	t.Run("refused import", func(t *testing.T) {
		t.Parallel()
		res := gradeFile(t, ex, hostile("ra_reads_file.go"))
		assert.Equal(t, report.Refused, res.Status)
		require.NotEmpty(t, res.Problems)
		assert.Equal(t, 6, res.Problems[0].Line)
		assert.Contains(t, res.Problems[0].Msg, `import "os" is not allowed`)
		assert.Zero(t, res.Score)
		assert.Len(t, res.Tests, 17, "every test is listed, unscored")
	})
	t.Run("compile error", func(t *testing.T) {
		t.Parallel()
		res := gradeFile(t, ex, hostile("ra_compile_error.go"))
		assert.Equal(t, report.CompileError, res.Status)
		require.NotEmpty(t, res.Problems)
		assert.Equal(t, 15, res.Problems[0].Line)
		assert.Contains(t, res.Problems[0].Msg, "n.Reply undefined")
		assert.Equal(t, "func (n Node) P12()     { n.Reply(n.Source) }", res.Problems[0].Source)
	})
	t.Run("init panics", func(t *testing.T) {
		t.Parallel()
		res := gradeFile(t, ex, hostile("ra_init_panics.go"))
		assert.Equal(t, report.Crashed, res.Status)
		require.NotEmpty(t, res.Problems)
		assert.Contains(t, res.Problems[0].Msg, "the file's initialisation panicked: init side effect")
	})
	t.Run("loops on a tie", func(t *testing.T) {
		t.Parallel()
		ex := load(t, "ra-steps")
		ex.Limits.Call = 1e9 // 1s
		res := gradeFile(t, ex, hostile("ra_loop_on_tie.go"))
		assert.Equal(t, report.Graded, res.Status)
		assert.Less(t, res.Score, res.MaxScore)
		found := false
		for _, tt := range res.Tests {
			if strings.Contains(tt.Message, "P12 did not finish within 1s") {
				found = true
				require.NotNil(t, tt.Counterexample, tt.Name)
			}
		}
		assert.True(t, found, "some test names the step that did not finish")
	})
	t.Run("sends the token from the critical section", func(t *testing.T) {
		t.Parallel()
		// The feedback names the send the student wrote, and shows the
		// failed node as failed: it said "OnRequest() left state = Held"
		// (a state the code never touched) on a node shown "wanting".
		res := gradeFile(t, load(t, "suzuki-kasami"), hostile("suzuki_token_from_cs.go"))
		require.Equal(t, report.Graded, res.Status)
		named := false
		for _, tt := range res.Tests {
			named = named || strings.Contains(tt.Message, "OnRequest() sent the token from the critical section")
			assert.NotContains(t, tt.Message, "left state = Held", tt.Name)
			if ce := tt.Counterexample; ce != nil {
				for _, s := range ce.Steps {
					for _, v := range s.Vars {
						if strings.Contains(v, "fault=") {
							assert.Contains(t, v, "phase=failed", tt.Name)
						}
					}
				}
			}
		}
		assert.True(t, named, "some test says which send broke the rule")
	})
	t.Run("loops on a rare path", func(t *testing.T) {
		t.Parallel()
		// The same bug twice: P11 loops, or panics, once a requested
		// number reaches 3. The sandbox stops running a looping file's
		// calls once its timeouts have cost enough; the tests from then
		// on must not pass or fail on steps that never ran.
		ex := load(t, "ra-steps")
		ex.Limits.Call = 1e9 // 1s
		loops := gradeFile(t, ex, hostile("ra_loops_rarely.go"))
		panics := gradeFile(t, ex, hostile("ra_panics_rarely.go"))
		require.Equal(t, report.Graded, loops.Status)
		require.Len(t, loops.Tests, len(panics.Tests))
		timeouts, notRun := 0, 0
		for i, tt := range loops.Tests {
			var shown strings.Builder
			shown.WriteString(tt.Message)
			if ce := tt.Counterexample; ce != nil {
				for _, s := range ce.Steps {
					shown.WriteString(strings.Join(s.Vars, " "))
				}
			}
			switch {
			case tt.NotRun:
				notRun++
				assert.Zero(t, tt.Points, tt.Name)
				assert.Nil(t, tt.Counterexample, tt.Name)
				assert.Contains(t, tt.Message, "could not give a verdict: your code had already run out of time too often", tt.Name)
			case tt.Passed:
				assert.True(t, panics.Tests[i].Passed, "%s passes only where the code ran: its twin that panics passes it too", tt.Name)
			default:
				assert.NotContains(t, shown.String(), "was not run", "%s fails on a step that never ran", tt.Name)
				if strings.Contains(tt.Message, "did not finish") || strings.Contains(tt.Message, "ran out of time (") {
					timeouts++
				}
			}
		}
		// The sandbox used to refuse every call after the second timeout.
		assert.Greater(t, timeouts, 2, "tests after two timeouts still run the code")
		assert.Positive(t, notRun, "the timeouts' cost is bounded: the last tests are not run")
		assert.True(t, strings.Contains(report.Markdown(loops, report.Options{}), fmt.Sprintf("%d not run (see below)", notRun)), "the summary counts the tests not run")
	})
}

// exerciseOf is an exercise made of files (path in its folder: text).
func exerciseOf(t *testing.T, files map[string]string) *exercise.Exercise {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	ex, err := exercise.Load(dir, "")
	require.NoError(t, err)
	return ex
}

// What the code saw in a hidden test never reaches the log, not even
// when it prints it later: the log stops at the first hidden test, and
// every public test runs before.
func TestLogKeepsHiddenInputsOut(t *testing.T) {
	ex := exerciseOf(t, map[string]string{
		"exercise.md":     "---\ntitle: T\nalgorithm: maekawa\ninterface: maekawasteps\nvoting-sets: [16]\n---\n",
		"public/four.scn": "algorithm maekawa\nnodes N1 N2 N3 N4\nrun\n",
		"hidden/nine.scn": "algorithm maekawa\nnodes N1 N2 N3 N4 N5 N6 N7 N8 N9\nrequest N9\nrun until N9 enters\n",
	})
	res := gradeFile(t, ex, hostile("maekawa_hoards.go"))
	require.Equal(t, report.Graded, res.Status)
	assert.Equal(t, res.MaxScore, res.Score)
	assert.Contains(t, res.Log, "pj=3", "what public tests showed is logged")
	assert.NotContains(t, res.Log, "pj=8", "N9 asks only in the hidden test")

}

// A hidden walk run beside the public tests, from their start, prints
// nothing into the log either: the file prints every request it takes,
// and only the public test's two nodes' reach the log.
func TestWalkBesideLogsNothing(t *testing.T) {
	ex := exerciseOf(t, map[string]string{
		"exercise.md":      "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\n---\n",
		"public/two.scn":   "algorithm ra-benari\nnodes N1 N2\nrequests 1\nrun\n",
		"hidden/five.walk": "nodes 5\nrequests 1\nwalks 3\ndepth 80\nseed 5\nprops safety\n",
	})
	src, err := os.ReadFile(filepath.Join(root, "exercises", "ra-steps", "solution.go"))
	require.NoError(t, err)
	printing := strings.Replace(string(src), "func (n Node) P11() {", "func (n Node) P11() {\n\tprintln(\"request from\", n.Source, \"taken\")", 1)
	require.NotEqual(t, string(src), printing)
	res, beside := gradeBeside(t, ex, "printing.go", []byte(printing), true)
	require.Equal(t, report.Graded, res.Status)
	assert.Equal(t, []string{"hidden/five"}, beside)
	assert.Contains(t, res.Log, "request from 1 taken", "the public test's prints are logged")
	assert.NotContains(t, res.Log, "request from 4 taken", "N5 is only in the walk")
}
