package main

import (
	"archive/zip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPack(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("packs this test's own program as the platforms' dmelab (linux/amd64)")
	}
	dir := t.TempDir()
	// This test's program is a linux/amd64 executable holding dmelab's
	// commands, as a dmelab built for the platforms is.
	bin, err := os.Executable()
	require.NoError(t, err)
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
	for _, n := range []string{"setup.sh", "run_autograder", "dmelab", "exercise/ra-steps/exercise.md", "exercise/ra-steps/solution.go", "dmelab-src/go.mod", "dmelab-src/algorithms/rasteps/rasteps.go"} {
		assert.True(t, names[n], n)
	}
	for n := range names {
		assert.False(t, strings.HasPrefix(n, "exercise/ra-steps/mutants/"), "mutants stay home: %s", n)
		assert.False(t, strings.HasPrefix(n, "exercise/ra-steps/solutions/"), "alternative solutions stay home: %s", n)
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

	// A file that is not dmelab for linux/amd64 is refused, saying how to
	// build the right one: a script, and a Linux program that is not dmelab.
	script := filepath.Join(dir, "dmelab.sh")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755))
	other, err := exec.LookPath("sh")
	require.NoError(t, err)
	for _, b := range []string{script, other} {
		code, _, errs := runCLI("pack", "gradescope", "--exercise", "../../exercises/ra-steps", "--binary", b, "--out", filepath.Join(dir, "no.zip"))
		assert.Equal(t, exitUsage, code, b)
		assert.Contains(t, errs, "GOOS=linux GOARCH=amd64", b)
		assert.NoFileExists(t, filepath.Join(dir, "no.zip"))
	}
}

// A listing exercise packs for both platforms, and Gradescope's
// run_autograder, run with this dmelab in a fake /autograder, grades a
// submitted listing (solution.txt): a wrong one gets a counterexample
// whose replay link carries the listing. No Go is built for a listing.
func TestPackListing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dmelab")
	}
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "dmelab")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	zipPath := filepath.Join(dir, "gs.zip")
	exDir := filepath.Join("..", "..", "exercises", "listing-ra-v1")
	code, _, errs := runCLI("pack", "gradescope", "--exercise", exDir, "--binary", bin, "--out", zipPath, "--playground", "https://play.example.org/")
	require.Equal(t, exitOK, code, errs)

	ag := filepath.Join(dir, "autograder")
	z, err := zip.OpenReader(zipPath)
	require.NoError(t, err)
	for _, f := range z.File {
		assert.False(t, strings.HasPrefix(f.Name, "exercise/listing-ra-v1/mutants/") || strings.HasPrefix(f.Name, "exercise/listing-ra-v1/solutions/"), f.Name)
		p := filepath.Join(ag, "source", filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		r, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(r)
		r.Close()
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(p, b, f.Mode().Perm()))
	}
	z.Close()
	assert.FileExists(t, filepath.Join(ag, "source", "exercise", "listing-ra-v1", "starter.txt"))
	assert.FileExists(t, filepath.Join(ag, "source", "exercise", "listing-ra-v1", "hidden", "two_rounds.scn"))

	ex, err := exercise.Load(exDir, "")
	require.NoError(t, err)
	var wrong []byte
	for _, m := range ex.Mutants {
		if m.Name == "no_tie_break" {
			wrong = m.Src
		}
	}
	require.NotEmpty(t, wrong)
	require.NoError(t, os.MkdirAll(filepath.Join(ag, "submission"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ag, "submission", "solution.txt"), wrong, 0o644))
	cmd := exec.Command("bash", filepath.Join(ag, "source", "run_autograder"))
	cmd.Env = append(os.Environ(), "AUTOGRADER_ROOT="+ag)
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)

	b, err := os.ReadFile(filepath.Join(ag, "results", "results.json"))
	require.NoError(t, err)
	var res struct {
		Score     float64           `json:"score"`
		ExtraData map[string]string `json:"extra_data"`
		Tests     []struct {
			Status string `json:"status"`
			Output string `json:"output"`
		} `json:"tests"`
	}
	require.NoError(t, json.Unmarshal(b, &res), "%s", b)
	require.NotEmpty(t, res.Tests, "%s", b)
	assert.Less(t, res.Score, 21.0)
	assert.Equal(t, "listing-ra-v1", res.ExtraData["exercise"], "the exercise's name, not its folder's in the autograder")
	links := 0
	for _, tt := range res.Tests {
		if tt.Status != "failed" {
			continue
		}
		for _, m := range regexp.MustCompile(`https://play\.example\.org/#(scenario=[A-Za-z0-9_-]+[^)>\s]*)`).FindAllStringSubmatch(tt.Output, -1) {
			sh, err := scenario.ParseShared(m[1])
			require.NoError(t, err)
			assert.Equal(t, string(wrong), sh.Listing, "the replay link carries the submitted listing")
			links++
		}
		if strings.Contains(tt.Output, "This run as a scenario") {
			assert.Contains(t, tt.Output, "dmelab run --listing solution.txt FILE")
		}
	}
	assert.Positive(t, links, "%s", b)

	course := filepath.Join(dir, "course")
	code, _, errs = runCLI("pack", "prairielearn", "--exercise", exDir, "--binary", bin, "--out", course)
	require.Equal(t, exitOK, code, errs)
	q := filepath.Join(course, "questions", "listing-ra-v1")
	assert.FileExists(t, filepath.Join(q, "starter.txt"))
	info, err := os.ReadFile(filepath.Join(q, "info.json"))
	require.NoError(t, err)
	assert.Contains(t, string(info), "run.sh solution.txt")
}
