package grade_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

// A grading that lost points names the package variables the file's
// steps write, at their first write ("Worth a look"): state kept outside
// the node's variables answers differently from test to test, and its
// failures do not point at it. Full marks say nothing of them.
func TestNotesNamePackageState(t *testing.T) {
	ex := load(t, "ra-steps")
	res := gradeFile(t, ex, hostile("ra_records_hidden.go"))
	require.Equal(t, report.Graded, res.Status)
	require.Less(t, res.Score, res.MaxScore)
	require.Len(t, res.Notes, 2)
	assert.Equal(t, 27, res.Notes[0].Line)
	assert.Contains(t, res.Notes[0].Msg, "P11 writes the package variable seen: if seen keeps a node's state")
	assert.Equal(t, 28, res.Notes[1].Line)
	assert.Contains(t, res.Notes[1].Msg, "package variable count")

	ref := gradeFile(t, ex, filepath.Join(ex.Dir, "solution.go"))
	assert.Equal(t, ref.MaxScore, ref.Score)
	assert.Empty(t, ref.Notes)
}
