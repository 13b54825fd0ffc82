package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --show-mutant prints a mutant whole: a patch applied to its exercise's
// solution.go, or a .go mutant as it is; a patch that does not apply is
// bad input, named with its line.
func TestValidateShowMutant(t *testing.T) {
	code, out, errs := runCLI("validate", "--show-mutant", "../../exercises/central/mutants/lifo_queue.patch")
	require.Equal(t, exitOK, code, errs)
	assert.True(t, strings.HasPrefix(out, "// OnRelease grants to the last of the queue"), out)
	assert.Contains(t, out, "n.Holder = n.Queue[len(n.Queue)-1]\n")
	assert.Contains(t, out, "package server")

	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "mutants"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "solution.go"), []byte("// ref\npackage ra\n\nvar x = 1\n"), 0o644))
	for name, text := range map[string]string{
		"w.go":    "// whole\npackage ra\n",
		"b.patch": "stale\n--- solution.go\n+++ b.go\n@@ -3,2 +3,2 @@\n \n-var x = 2\n+var x = 3\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "mutants", name), []byte(text), 0o644))
	}
	code, out, _ = runCLI("validate", "--show-mutant", filepath.Join(dir, "mutants", "w.go"))
	require.Equal(t, exitOK, code)
	assert.Equal(t, "// whole\npackage ra\n", out)

	code, out, errs = runCLI("validate", "--show-mutant", filepath.Join(dir, "mutants", "b.patch"))
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, `b.patch:6: hunk 1 does not apply: solution.go line 4 is "var x = 1", the patch expects "var x = 2"`)

	code, _, errs = runCLI("validate", "--show-mutant", filepath.Join(dir, "mutants", "w.go"), "exercises")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "no DIR")
}

// An exercise that does not load is bad input, reported with every
// problem it has in one run, each file named with the exercise folder:
// two patches that no longer apply, a bad walk, an alternative without
// its comment, a misspelt property at its line and column.
func TestValidateEveryLoadProblem(t *testing.T) {
	src := filepath.Join("..", "..", "exercises", "central")
	ex := filepath.Join(t.TempDir(), "m4")
	md, err := os.ReadFile(filepath.Join(src, "exercise.md"))
	require.NoError(t, err)
	files := map[string]string{
		"exercise.md":      strings.Replace(string(md), "partial-credit: [safety, liveness]", "partial-credit: [safety, livenes]", 1),
		"solution.go":      "// ref\npackage server\n",
		"starter.go":       "// ref\npackage server\n",
		"hidden/w2.walk":   "nodes 3\nspeed 9\n",
		"solutions/s.go":   "package server\n",
		"mutants/a.patch":  "stale\n--- solution.go\n+++ a.go\n@@ -2,1 +2,1 @@\n-package ra\n+package rb\n",
		"mutants/b.patch":  "stale too\n--- solution.go\n+++ b.go\n@@ -2,1 +2,1 @@\n-package rx\n+package ry\n",
		"public/alone.scn": "algorithm central\nnodes N1 N2\nfrobnicate\n",
	}
	for name, text := range files {
		p := filepath.Join(ex, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	code, out, errs := runCLI("validate", "--quiet", ex)
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	for _, want := range []string{
		`m4/exercise.md:10:26: partial-credit: "livenes" is not a property: did you mean "liveness"?`,
		"m4/mutants/a.patch:5: hunk 1 does not apply",
		"m4/mutants/b.patch:5: hunk 1 does not apply",
		`m4/hidden/w2.walk:2:1: unknown setting "speed"`,
		"m4/solutions/s.go:1: an alternative solution starts",
		"m4/public/alone.scn:3:1: ",
	} {
		assert.Contains(t, errs, want)
	}
}
