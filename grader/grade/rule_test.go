package grade_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dmelab/grader/report"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Graded whole: a suzuki-kasami Exit that queues its own node breaks a
// rule (it would send itself the token); the public test that fails
// first says which, and each hidden test that fails the same way points
// there.
func TestHiddenRuleBreakPointsToAPublicTest(t *testing.T) {
	ex := load(t, "suzuki-kasami")
	src, err := os.ReadFile(ex.Solution())
	require.NoError(t, err)
	bad := strings.Replace(string(src), "if n.outstanding(j) && !slices.Contains(n.Q, j) {", "if n.outstanding(j) || j == n.MyID() {", 1)
	bad = strings.Replace(bad, "\t\"slices\"\n", "\t_ \"slices\"\n", 1)
	require.NotEqual(t, string(src), bad, "the edit applies")
	path := filepath.Join(t.TempDir(), "self.go")
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	res := gradeFile(t, ex, path)
	require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
	pointed := 0
	for _, tt := range res.Tests {
		switch {
		case tt.Name == "public/alone":
			assert.False(t, tt.Passed)
			assert.NotContains(t, tt.Message, "a hidden test does not show", "a public test says the rule itself")
		case tt.Visibility == report.Hidden && strings.Contains(tt.Message, "it broke a rule of its step"):
			assert.Contains(t, tt.Message, "(a hidden test does not show which; public/alone shows a rule your code broke: likely this one)", tt.Name)
			if tt.Counterexample != nil {
				assert.NotContains(t, tt.Counterexample.Summary, "a public test or an exploration that breaks", "the summary says the same: %s", tt.Name)
			}
			pointed++
		}
	}
	assert.Positive(t, pointed, "some hidden test broke the rule")
}
