package exercise

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A student's own schedules replace every test of the exercise, and are
// checked as the exercise's own are, each error at its file as given.
func TestUseOwn(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	load := func() *Exercise {
		ex, err := Load("../../exercises/lamport", "")
		require.NoError(t, err)
		require.NotEmpty(t, ex.Hidden)
		return ex
	}
	mine := write("mine.scn", "algorithm lamport\nnodes N1 N2\nrequest N1\nexpect safety holds\n")
	ex := load()
	own, err := ReadOwn([]string{mine})
	require.NoError(t, err)
	require.NoError(t, ex.UseOwn(own))
	require.Len(t, ex.Own, 1)
	assert.Equal(t, "mine", ex.Own[0].Name)
	assert.Equal(t, filepath.ToSlash(mine), ex.Own[0].Path)
	assert.Empty(t, ex.Public)
	assert.Empty(t, ex.Hidden)
	assert.Empty(t, ex.Walks)
	assert.Empty(t, ex.Explore)

	// WithOwn leaves the exercise it is given as it was.
	ex = load()
	cp, err := ex.WithOwn(own)
	require.NoError(t, err)
	assert.Len(t, cp.Own, 1)
	assert.Empty(t, cp.Hidden)
	assert.Empty(t, ex.Own)
	assert.NotEmpty(t, ex.Hidden)
	same, err := ex.WithOwn(nil)
	require.NoError(t, err)
	assert.Same(t, ex, same, "no schedules: the exercise itself")

	again := write("again/mine.scn", "algorithm lamport\nnodes N1 N2\n")
	bad := write("bad.scn", "algorithm lamport\nnodes N1 N2\nrequst N1\n")
	_, err = ReadOwn([]string{mine, filepath.Join(dir, "none.scn")})
	assert.ErrorContains(t, err, "--schedule: open ")
	own, err = ReadOwn([]string{mine, again, bad})
	require.NoError(t, err)
	ex = load()
	err = ex.UseOwn(own)
	require.Error(t, err)
	var list ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 2)
	assert.Contains(t, list[0].Error(), "would both be the test yours/mine: give them different names")
	assert.Contains(t, list[1].Error(), filepath.ToSlash(bad)+":3:1: unknown statement")
	assert.Nil(t, ex.Own, "nothing is replaced when a schedule is refused")
	assert.NotEmpty(t, ex.Hidden)

	assert.ErrorContains(t, ex.UseOwn(nil), "no schedule given")
	many := make([]Schedule, MaxOwn+1)
	for i := range many {
		many[i] = Schedule{Name: fmt.Sprint("s", i), Path: fmt.Sprint("s", i, ".scn"), Text: []byte("algorithm lamport\nnodes N1 N2\n")}
	}
	assert.ErrorContains(t, ex.UseOwn(many), "6 schedules given: a grading runs at most 5 of your own")
	require.NoError(t, ex.UseOwn(many[:MaxOwn]))
}
