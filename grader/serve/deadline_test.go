package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/sandbox"
)

// An exercise whose limits allow a grading longer than the server's
// default attempt gets attempts that long (twice its build limit and its
// total, the grading workers' deadline, and a minute more), so that a submission using its time is told so by its
// own feedback instead of being cut, tried again and reported as the
// server's failure. An attempt the operator chose stays as chosen.
func TestAttemptFollowsTheExercisesLimits(t *testing.T) {
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(dir, "central"), os.DirFS(filepath.Join(root, "exercises", "central"))))
	require.NoError(t, os.CopyFS(filepath.Join(dir, "token-ring"), os.DirFS(filepath.Join(root, "exercises", "token-ring"))))
	md := filepath.Join(dir, "central", "exercise.md")
	b, err := os.ReadFile(md)
	require.NoError(t, err)
	require.Contains(t, string(b), "  total: 30s\n")
	require.NoError(t, os.WriteFile(md, []byte(strings.Replace(string(b), "  total: 30s\n", "  total: 5m\n", 1)), 0o644))

	o := testOptions(t, newRecorder())
	o.Exercises, o.Hidden = dir, ""
	s, err := New(o)
	require.NoError(t, err)
	defer s.Shutdown(t.Context())
	assert.Equal(t, 2*(60*time.Second+5*time.Minute)+time.Minute, s.pool.attempt("", "central"), "twice build 60s and total 5m, a minute more")
	assert.Equal(t, 4*time.Minute, s.pool.attempt("", "token-ring"), "its limits (build 60s, total 30s) ask less than the default")
	assert.Equal(t, 4*time.Minute, s.pool.attempt("", "no-such-exercise"))
	assert.Greater(t, time.Duration(s.pool.lease.Load()), s.pool.attempt("", "central"), "no lease runs out while an attempt may still run")

	o.GradeTimeout = 5 * time.Minute
	o.DataDir = t.TempDir()
	s2, err := New(o)
	require.NoError(t, err)
	defer s2.Shutdown(t.Context())
	assert.Equal(t, 5*time.Minute, s2.pool.attempt("", "central"), "the operator's choice stands")
}
