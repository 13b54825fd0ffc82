package grade_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		assert.Len(t, res.Tests, 15, "every test is listed, unscored")
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
		assert.Contains(t, res.Problems[0].Msg, "initialisation")
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
}
