package grade_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

// A system the code cannot set up (VotingSets panicking with words of
// its own, here only for ten nodes, which only a hidden schedule has)
// is told without those words in a hidden test, as its other faults
// are: a file could spell out there what the hidden test fed it.
func TestHiddenSetupFailureShowsNoWordsOfTheCode(t *testing.T) {
	ex := load(t, "maekawa")
	sol, err := os.ReadFile(filepath.Join(ex.Dir, "solution.go"))
	require.NoError(t, err)
	src := strings.Replace(string(sol), "func VotingSets(n int) [][]int {\n", "func VotingSets(n int) [][]int {\n\tif n == 10 {\n\t\tpanic(\"secret: ten nodes\")\n\t}\n", 1)
	require.NotEqual(t, string(sol), src)
	path := filepath.Join(t.TempDir(), "solution.go")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	res := gradeFile(t, ex, path)
	require.Equal(t, report.Graded, res.Status)
	var failed []string
	for _, tt := range res.Tests {
		if tt.Passed {
			continue
		}
		failed = append(failed, tt.Name)
		if tt.Visibility == report.Public {
			continue // a public test may show the code's words
		}
		assert.NotContains(t, tt.Message, "secret", tt.Name)
		if tt.Name == "hidden/grid10" {
			assert.Contains(t, tt.Message, "The system could not be built: your code failed while it was set up")
		}
	}
	assert.Contains(t, failed, "hidden/grid10")
}
