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
	"dmelab/grader/validate"

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
	code, stdout, errs := runCLI("pack", "gradescope", "--exercise", "../../exercises/ra-steps", "--binary", bin, "--out", out, "--playground", "https://play.example.org/")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, stdout, "packed ra-steps for gradescope")
	assert.Contains(t, stdout, "7 hidden tests, replay links to https://play.example.org/")
	assert.NotContains(t, errs, "no hidden test")
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
	code, _, errs = runCLI("pack", "prairielearn", "--exercise", "../../exercises/maekawa", "--binary", bin, "--out", course, "--playground", "https://play.example.org/")
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
		code, _, errs := runCLI("pack", "gradescope", "--exercise", "../../exercises/ra-steps", "--binary", b, "--out", filepath.Join(dir, "no.zip"), "--playground", "https://play.example.org/")
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
	// Built as make gradescope builds it: static, so that it starts
	// whatever C library the autograder's image has.
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	zipPath := filepath.Join(dir, "gs.zip")
	exDir := filepath.Join("..", "..", "exercises", "listing-ra-v1")
	code, _, errs := runCLI("pack", "gradescope", "--exercise", exDir, "--binary", bin, "--out", zipPath, "--playground", "https://play.example.org/")
	require.Equal(t, exitOK, code, errs)
	assert.NotContains(t, errs, "linked dynamically")

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
		// Students on Gradescope have no dmelab: no command to run.
		assert.NotContains(t, tt.Output, "dmelab run")
	}
	assert.Positive(t, links, "%s", b)

	course := filepath.Join(dir, "course")
	code, _, errs = runCLI("pack", "prairielearn", "--exercise", exDir, "--binary", bin, "--out", course, "--playground", "https://play.example.org/")
	require.Equal(t, exitOK, code, errs)
	q := filepath.Join(course, "questions", "listing-ra-v1")
	assert.FileExists(t, filepath.Join(q, "starter.txt"))
	info, err := os.ReadFile(filepath.Join(q, "info.json"))
	require.NoError(t, err)
	assert.Contains(t, string(info), "run.sh solution.txt")
}

// packBinary is this test's own program, a linux/amd64 executable holding
// dmelab's commands, as a dmelab built for the platforms is.
func packBinary(t *testing.T) string {
	t.Helper()
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("packs this test's own program as the platforms' dmelab (linux/amd64)")
	}
	bin, err := os.Executable()
	require.NoError(t, err)
	return bin
}

// zipNames lists the files of the zip at p.
func zipNames(t *testing.T, p string) map[string]bool {
	t.Helper()
	z, err := zip.OpenReader(p)
	require.NoError(t, err)
	defer z.Close()
	names := map[string]bool{}
	for _, f := range z.File {
		names[f.Name] = true
	}
	return names
}

// zipFile is the text of the file name in the zip at p.
func zipFile(t *testing.T, p, name string) string {
	t.Helper()
	z, err := zip.OpenReader(p)
	require.NoError(t, err)
	defer z.Close()
	r, err := z.Open(name)
	require.NoError(t, err)
	defer r.Close()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return string(b)
}

// A package's replay links must open for students on the platform: pack
// wants the course's playground, and refuses none, a non-http URL and
// this machine (grade's default, localhost), saying how to give one.
func TestPackWantsAPlayground(t *testing.T) {
	bin := packBinary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "gs.zip")
	for _, play := range []string{"", "localhost:8080", "ftp://play.example.org/", "http://localhost:8080/", "http://127.0.0.1:8080/", "http://[::1]/"} {
		args := []string{"pack", "gradescope", "--exercise", "../../exercises/ra-steps", "--binary", bin, "--out", out}
		if play != "" {
			args = append(args, "--playground", play)
		}
		code, _, errs := runCLI(args...)
		assert.Equal(t, exitUsage, code, play)
		assert.Contains(t, errs, "--playground URL", play)
		assert.Contains(t, errs, "PLAYGROUND=URL", play)
		assert.NoFileExists(t, out, play)
	}

	code, _, errs := runCLI("pack", "gradescope", "--exercise", "../../exercises/ra-steps", "--binary", bin, "--out", out, "--playground", "https://dmelab.example.edu/play/")
	require.Equal(t, exitOK, code, errs)
	for _, s := range []string{"setup.sh", "run_autograder"} {
		assert.Contains(t, zipFile(t, out, s), `'--playground' 'https://dmelab.example.edu/play/'`, s)
	}
	assert.NotContains(t, zipFile(t, out, "run_autograder"), "localhost")
}

// pack --hidden DIR packs hidden tests kept outside the exercise, as
// grade --hidden DIR grades with them; an exercise packed with no hidden
// test, no mutant or dmelab new's statement is packed with a warning.
func TestPackHiddenElsewhere(t *testing.T) {
	bin := packBinary(t)
	dir := t.TempDir()
	ex := filepath.Join(dir, "course", "ra-steps")
	require.NoError(t, os.CopyFS(ex, os.DirFS("../../exercises/ra-steps")))
	hidden := filepath.Join(dir, "staff-only")
	require.NoError(t, os.MkdirAll(hidden, 0o755))
	require.NoError(t, os.Rename(filepath.Join(ex, "hidden"), filepath.Join(hidden, "ra-steps")))
	out := filepath.Join(dir, "gs.zip")
	pack := func(extra ...string) (string, string) {
		t.Helper()
		args := append([]string{"pack", "gradescope", "--exercise", ex, "--binary", bin, "--out", out, "--playground", "https://play.example.org/"}, extra...)
		code, stdout, errs := runCLI(args...)
		require.Equal(t, exitOK, code, errs)
		return stdout, errs
	}

	stdout, errs := pack()
	assert.Contains(t, errs, "dmelab pack: warning: no hidden test")
	assert.Contains(t, stdout, "0 hidden tests")
	for n := range zipNames(t, out) {
		assert.NotContains(t, n, "/hidden/")
	}

	for _, h := range []string{hidden, filepath.Join(hidden, "ra-steps")} { // DIR/NAME, or DIR itself, as grade reads it
		stdout, errs = pack("--hidden", h)
		assert.NotContains(t, errs, "hidden test", h)
		assert.Contains(t, stdout, "7 hidden tests", h)
		names := zipNames(t, out)
		assert.True(t, names["exercise/ra-steps/hidden/stale_numbers.scn"], h)
		assert.True(t, names["exercise/ra-steps/hidden/walk_n4.walk"], h)
	}

	code, _, errs := runCLI("pack", "gradescope", "--exercise", ex, "--binary", bin, "--out", out, "--playground", "https://play.example.org/", "--hidden", filepath.Join(dir, "nowhere"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "nowhere")

	// dmelab new's statement, and no mutants.
	md, err := os.ReadFile(filepath.Join(ex, "exercise.md"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "exercise.md"), append(md, []byte("\n"+validate.ScaffoldStatement+" and numbering.\n")...), 0o644))
	require.NoError(t, os.RemoveAll(filepath.Join(ex, "mutants")))
	_, errs = pack("--hidden", hidden)
	assert.Contains(t, errs, "dmelab pack: warning: exercise.md still holds the statement dmelab new wrote")
	assert.Contains(t, errs, "dmelab pack: warning: no mutants/")
}

// --hidden-visibility, as docs/grading.md says, sets Gradescope's
// visibility of hidden tests in the packed grader.
func TestPackHiddenVisibility(t *testing.T) {
	bin := packBinary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "gs.zip")
	base := []string{"--exercise", "../../exercises/ra-steps", "--binary", bin, "--playground", "https://play.example.org/"}
	code, _, errs := runCLI(append([]string{"pack", "gradescope", "--out", out, "--hidden-visibility", "after_published"}, base...)...)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, zipFile(t, out, "run_autograder"), `'--hidden-visibility' 'after_published'`)

	code, _, errs = runCLI(append([]string{"pack", "gradescope", "--out", filepath.Join(dir, "no.zip"), "--hidden-visibility", "sometimes"}, base...)...)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "after_due_date")
	code, _, errs = runCLI(append([]string{"pack", "prairielearn", "--out", filepath.Join(dir, "course"), "--hidden-visibility", "hidden"}, base...)...)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "Gradescope")
}

// A dmelab linked to this machine's C library does not start on an
// autograder image with an older one: pack says so. make gradescope's
// build is static.
func TestPackSaysDynamicLinking(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads Linux executables")
	}
	sh, err := exec.LookPath("sh")
	require.NoError(t, err)
	real, err := filepath.EvalSymlinks(sh)
	require.NoError(t, err)
	b, err := os.ReadFile(real)
	require.NoError(t, err)
	assert.Contains(t, dynamicLinking(b), "libc.so.6 (GLIBC_2.")
	assert.True(t, glibcLess("GLIBC_2.9", "GLIBC_2.34"))
	assert.False(t, glibcLess("GLIBC_2.34", "GLIBC_2.17"))

	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	cmd := exec.Command("make", "-n", "bin/dmelab-linux-amd64")
	cmd.Dir = filepath.Join("..", "..")
	recipe, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", recipe)
	assert.Contains(t, string(recipe), "CGO_ENABLED=0 GOOS=linux GOARCH=amd64")
}

// pack does not grade, but says when dmelab validate has not validated
// the exercise as it is now, or found it wrong (from validate's records,
// kept in the user's cache directory), and says nothing once it passed.
func TestPackSaysWhetherValidated(t *testing.T) {
	bin := packBinary(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // validate.RecordDir, for this test only
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	exDir := filepath.Join(dir, "central")
	require.NoError(t, os.CopyFS(exDir, os.DirFS("../../exercises/central")))
	out := filepath.Join(dir, "gs.zip")
	pack := func() string {
		t.Helper()
		code, _, errs := runCLI("pack", "gradescope", "--exercise", exDir, "--binary", bin, "--out", out, "--playground", "https://play.example.org/")
		require.Equal(t, exitOK, code, errs)
		return errs
	}
	assert.Contains(t, pack(), "dmelab pack: warning: central was not validated as it is now (pack checks that it loads, not that its reference gets full marks or that its tests catch its mutants): run dmelab validate "+exDir+" first")

	ex, err := exercise.Load(exDir, "")
	require.NoError(t, err)
	require.NotEmpty(t, validate.RecordDir())
	validate.Keep(validate.RecordDir(), ex, &validate.Exercise{Name: "central", Problems: []string{"the reference solution scores 23 of 24"}})
	assert.Contains(t, pack(), "dmelab pack: warning: dmelab validate found central wrong as it is now (the reference solution scores 23 of 24): fix it and run dmelab validate "+exDir+" before students see it")

	validate.Keep(validate.RecordDir(), ex, &validate.Exercise{Name: "central"})
	assert.NotContains(t, pack(), "validate", "validated as it is: nothing to say")

	// A record another build of dmelab wrote: its first line is the
	// verdict, its second the build.
	records, err := os.ReadDir(validate.RecordDir())
	require.NoError(t, err)
	require.Len(t, records, 1)
	require.NoError(t, os.WriteFile(filepath.Join(validate.RecordDir(), records[0].Name()), []byte("ok\nbuild 0123456789abcdef\n"), 0o644))
	assert.Contains(t, pack(), "dmelab pack: warning: central was validated by another build of dmelab, which may grade otherwise: run dmelab validate "+exDir+" again")
}
