package grade_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
)

// A grading worker stops a grading at the exercise's own deadline
// (twice its build and total limits, at least 3 minutes), so that an
// exercise that allows five minutes of processor time is not cut at
// three and its student told "took longer than 3m0s"; a Timeout chosen
// stands.
func TestPoolDeadlineFollowsTheExercise(t *testing.T) {
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	dir := t.TempDir()
	for _, name := range []string{"central", "token-ring"} {
		require.NoError(t, os.CopyFS(filepath.Join(dir, name), os.DirFS(filepath.Join(root, "exercises", name))))
	}
	md := filepath.Join(dir, "central", "exercise.md")
	b, err := os.ReadFile(md)
	require.NoError(t, err)
	require.Contains(t, string(b), "  total: 30s\n")
	require.NoError(t, os.WriteFile(md, []byte(strings.Replace(string(b), "  total: 30s\n", "  total: 5m\n", 1)), 0o644))

	p := &grade.Pool{Dir: dir}
	assert.Equal(t, 2*(time.Minute+5*time.Minute), p.Deadline(filepath.Join(dir, "central")))
	assert.Equal(t, 3*time.Minute, p.Deadline(filepath.Join(dir, "token-ring")), "twice 60s and 30s is less than the least")
	assert.Equal(t, 3*time.Minute, p.Deadline(filepath.Join(dir, "missing")))
	p.Timeout = 20 * time.Second
	assert.Equal(t, 20*time.Second, p.Deadline(filepath.Join(dir, "central")))
}
