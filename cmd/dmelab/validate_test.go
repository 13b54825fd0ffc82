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
