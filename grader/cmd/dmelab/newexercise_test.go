package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
)

func TestNewExercise(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, exec.Command("cp", "-r", "../../../exercises/ra-steps", dir).Run())

	code, out, errs := runCLI("new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "alternative solutions from ra-steps")
	ex, err := exercise.Load(filepath.Join(dir, "my-ra"), "")
	require.NoError(t, err, "the scaffold loads as an exercise")
	assert.Equal(t, "rasteps", ex.Interface)
	assert.Len(t, ex.Public, 1)
	sol, _ := os.ReadFile(filepath.Join(dir, "ra-steps", "solution.go"))
	got, _ := os.ReadFile(ex.Solution())
	assert.Equal(t, sol, got)
	assert.DirExists(t, filepath.Join(dir, "my-ra", "solutions"))
	tmpl, err := exercise.Load(filepath.Join(dir, "ra-steps"), "")
	require.NoError(t, err)
	require.Equal(t, len(tmpl.Solutions), len(ex.Solutions), "the template's alternative solutions come along")
	for i, s := range tmpl.Solutions {
		assert.Equal(t, s.Path, ex.Solutions[i].Path)
		assert.Equal(t, s.Src, ex.Solutions[i].Src)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir}, "exists already"},
		{[]string{"new", "exercise", "c", "--algo", "central", "--in", dir}, "no exercise in"},
		{[]string{"new", "exercise", "Bad_Name", "--algo", "central", "--in", dir}, "lower-case"},
		{[]string{"new", "exercise", "x", "--algo", "nope", "--in", dir}, "unknown --algo"},
		{[]string{"new", "thing"}, "usage"},
	} {
		code, _, errs := runCLI(tc.args...)
		assert.Equal(t, exitUsage, code, tc.args)
		assert.Contains(t, errs, tc.want, tc.args)
	}
}
