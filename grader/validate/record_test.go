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
	assert.False(t, Validated(records, ex).Known, "never validated")

	Keep(records, ex, &Exercise{Name: "central"})
	r := Validated(records, ex)
	assert.True(t, r.Known)
	assert.True(t, r.OK)
	assert.False(t, r.OtherBuild)

	moved := filepath.Join(t.TempDir(), "central")
	require.NoError(t, os.CopyFS(moved, os.DirFS(ex.Dir)))
	r = Validated(records, load(moved, ""))
	assert.True(t, r.OK && r.Known, "the same files elsewhere")

	f, err := os.OpenFile(filepath.Join(moved, "public", "alone.scn"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("# a comment added since\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	assert.False(t, Validated(records, load(moved, "")).Known, "edited since it was validated")

	hidden := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(hidden, "central"), os.DirFS(filepath.Join(ex.Dir, "hidden"))))
	require.NoError(t, os.Remove(filepath.Join(hidden, "central", "frees_again.scn")))
	assert.False(t, Validated(records, load(ex.Dir, hidden)).Known, "other hidden tests")

	Keep(records, ex, &Exercise{Name: "central", Problems: []string{"the starter passes every test: give students something to do"}})
	r = Validated(records, ex)
	assert.True(t, r.Known)
	assert.False(t, r.OK)
	assert.Equal(t, "the starter passes every test: give students something to do", r.Problem)

	Keep(records, ex, &Exercise{Name: "central", Mutants: []Mutant{{File: "lifo_queue.patch"}}})
	assert.Equal(t, "mutant lifo_queue.patch survived: no test catches it", Validated(records, ex).Problem)

	assert.False(t, Validated("", ex).Known, "no folder for records: not known")
}

// A record names the build of dmelab that wrote it: one written by
// another build (or by one that named none) is known, and says so.
func TestValidatedNamesTheBuild(t *testing.T) {
	dir, records := t.TempDir(), t.TempDir()
	copyExercise(t, "central", dir)
	ex, err := exercise.Load(filepath.Join(dir, "central"), "")
	require.NoError(t, err)
	require.NotEmpty(t, thisBuild(), "the test binary can be read")
	fp, err := fingerprint(ex)
	require.NoError(t, err)
	for _, text := range []string{"ok\nbuild 0123456789abcdef\n", "ok\n"} {
		require.NoError(t, os.WriteFile(filepath.Join(records, fp), []byte(text), 0o644))
		r := Validated(records, ex)
		assert.True(t, r.Known && r.OK, "%q", text)
		assert.True(t, r.OtherBuild, "%q", text)
	}
	Keep(records, ex, &Exercise{Name: "central", Problems: []string{"two\nlines"}})
	r := Validated(records, ex)
	assert.Equal(t, Record{Known: true, Problem: "two lines"}, r, "this build, and a problem kept on one line")
}
