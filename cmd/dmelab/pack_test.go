package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPack(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "dmelab-linux")
	require.NoError(t, os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755))
	out := filepath.Join(dir, "gs.zip")
	code, stdout, errs := runCLI("pack", "gradescope", "--exercise", "../../exercises/ra-steps", "--binary", bin, "--out", out)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, stdout, "packed ra-steps for gradescope")
	z, err := zip.OpenReader(out)
	require.NoError(t, err)
	names := map[string]bool{}
	for _, f := range z.File {
		names[f.Name] = true
	}
	z.Close()
	for _, n := range []string{"setup.sh", "run_autograder", "dmelab", "exercise/exercise.md", "exercise/solution.go", "dmelab-src/go.mod", "dmelab-src/algorithms/rasteps/rasteps.go"} {
		assert.True(t, names[n], n)
	}
	for n := range names {
		assert.False(t, strings.HasPrefix(n, "exercise/mutants/"), "mutants stay home: %s", n)
		assert.False(t, strings.HasPrefix(n, "exercise/solutions/"), "alternative solutions stay home: %s", n)
	}

	course := filepath.Join(dir, "course")
	code, _, errs = runCLI("pack", "prairielearn", "--exercise", "../../exercises/maekawa", "--binary", bin, "--out", course)
	require.Equal(t, exitOK, code, errs)
	_, err = os.Stat(filepath.Join(course, "questions", "maekawa", "info.json"))
	assert.NoError(t, err)

	for _, args := range [][]string{
		{"pack", "moodle", "--exercise", "x"},
		{"pack", "gradescope", "--exercise", "../../exercises/ra-steps"},
		{"pack", "gradescope", "--exercise", "/nowhere", "--binary", bin, "--out", out},
	} {
		code, _, _ := runCLI(args...)
		assert.Equal(t, exitUsage, code, args)
	}
}
