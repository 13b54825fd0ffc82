package validate

import (
	"os"
	"path/filepath"
	"testing"

	"dmelab/grader/exercise"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What validate said of an exercise is kept by its content: found again
// for the same files, wherever the folder is, and lost when a file
// changes or the hidden tests it was loaded with differ.
func TestValidatedIsKeptByContent(t *testing.T) {
	dir, records := t.TempDir(), t.TempDir()
	copyExercise(t, "central", dir)
	load := func(path, hidden string) *exercise.Exercise {
		t.Helper()
		ex, err := exercise.Load(path, hidden)
		require.NoError(t, err)
		return ex
	}
	ex := load(filepath.Join(dir, "central"), "")
	_, _, known := Validated(records, ex)
	assert.False(t, known, "never validated")

	Keep(records, ex, &Exercise{Name: "central"})
	ok, _, known := Validated(records, ex)
	assert.True(t, known)
	assert.True(t, ok)

	moved := filepath.Join(t.TempDir(), "central")
	require.NoError(t, os.CopyFS(moved, os.DirFS(ex.Dir)))
	ok, _, known = Validated(records, load(moved, ""))
	assert.True(t, ok && known, "the same files elsewhere")

	f, err := os.OpenFile(filepath.Join(moved, "public", "alone.scn"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("# a comment added since\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, _, known = Validated(records, load(moved, ""))
	assert.False(t, known, "edited since it was validated")

	hidden := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(hidden, "central"), os.DirFS(filepath.Join(ex.Dir, "hidden"))))
	require.NoError(t, os.Remove(filepath.Join(hidden, "central", "frees_again.scn")))
	_, _, known = Validated(records, load(ex.Dir, hidden))
	assert.False(t, known, "other hidden tests")

	Keep(records, ex, &Exercise{Name: "central", Problems: []string{"the starter passes every test: give students something to do"}})
	ok, problem, known := Validated(records, ex)
	assert.True(t, known)
	assert.False(t, ok)
	assert.Equal(t, "the starter passes every test: give students something to do", problem)

	Keep(records, ex, &Exercise{Name: "central", Mutants: []Mutant{{File: "lifo_queue.patch"}}})
	_, problem, _ = Validated(records, ex)
	assert.Equal(t, "mutant lifo_queue.patch survived: no test catches it", problem)

	_, _, known = Validated("", ex)
	assert.False(t, known, "no folder for records: not known")
}
