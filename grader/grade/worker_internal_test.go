package grade

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A worker left waiting for its next request gives its memory back, once
// a wait (FreeOSMemory collects and returns everything: once is all it
// takes, and more would spend a core on nothing). The test sets the
// package's idle variables, so it runs alone (no t.Parallel).
func TestIdleWorkerFreesItsMemory(t *testing.T) {
	freed := make(chan struct{}, 8)
	wasIdle, wasFree := idleFree, freeMemory
	idleFree, freeMemory = 20*time.Millisecond, func() { freed <- struct{}{} }
	t.Cleanup(func() { idleFree, freeMemory = wasIdle, wasFree })

	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Work(context.Background(), r, io.Discard, &Grader{}, t.TempDir(), "") }()
	select {
	case <-freed:
	case <-time.After(30 * time.Second):
		t.Fatal("an idle worker never gave its memory back")
	}
	time.Sleep(10 * idleFree) // long enough for a timer that fired again
	require.NoError(t, w.Close())
	require.NoError(t, <-done)
	assert.Len(t, freed, 0, "freed more than once in one wait")
}

// A grading that fails because its exercise no longer loads (staff
// changed it while serving) says which exercise, for the server's log.
func TestGradeOneNamesABrokenExercise(t *testing.T) {
	set := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(set, "other"), os.DirFS(filepath.Join("..", "..", "exercises", "central"))))
	require.NoError(t, os.WriteFile(filepath.Join(set, "other", "hidden", "typo.scn"), []byte("algorithm central\nnodes N1 N2\nsedn N1 request\n"), 0o644))
	_, err := gradeOne(context.Background(), nil, set, "", workRequest{Exercise: "other", File: "a.go"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "exercise other: ")
	assert.Contains(t, err.Error(), "typo.scn:3:1: unknown statement")
}
