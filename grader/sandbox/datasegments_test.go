package sandbox_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
	"dmelab/grader/wasmdata"
)

// A module the grader builds has its data segments merged: Go's linker
// writes about 32,000 and wazero evaluates each at every instance. A Go
// release whose modules the merge cannot read, or must leave as they are
// (a data count section, passive segments), would fail here rather than
// make every instance slower unseen.
func TestBuiltModulesHaveTheirDataMerged(t *testing.T) {
	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir()} // built now, not found in a cache
	built, r, err := b.Build(context.Background(), iface.Lookup("tokenringsteps"), "solution.go", exercise(t, "token-ring", "solution.go"))
	require.NoError(t, err)
	require.Nil(t, r)
	n := wasmdata.Segments(built.Wasm)
	assert.Positive(t, n)
	assert.Less(t, n, 100, "data segments in a built module")
}

// fmt and the reflection it brings are an eighth of a module, which
// wazero readies or compiles at every grading (about a fifth of that
// time). No module needs them: a student's file may not import fmt, and
// the harness, the wire and the messages' texts do without. Each
// exercise's reference solution, which imports no fmt, is built here and
// must come without fmt's printer (whose "(PANIC=" text it would carry).
func TestBuiltModulesLeaveFmtOut(t *testing.T) {
	fmtText := []byte("(PANIC=")
	dirs, err := filepath.Glob(filepath.Join(builder.Root, "exercises", "*", "exercise.md"))
	require.NoError(t, err)
	ifaceLine := regexp.MustCompile(`(?m)^interface:\s*(\S+)`)
	built := 0
	for _, md := range dirs {
		name := filepath.Base(filepath.Dir(md))
		text, err := os.ReadFile(md)
		require.NoError(t, err)
		m := ifaceLine.FindSubmatch(text)
		src, err := os.ReadFile(filepath.Join(filepath.Dir(md), "solution.go"))
		if m == nil || os.IsNotExist(err) {
			continue // a listing exercise: nothing is built
		}
		require.NoError(t, err)
		require.NotContains(t, string(src), `"fmt"`, name)
		t.Run(name, func(t *testing.T) {
			b, r, err := builder.Build(context.Background(), iface.Lookup(string(m[1])), "solution.go", src)
			require.NoError(t, err)
			require.Nil(t, r)
			assert.False(t, bytes.Contains(b.Wasm, fmtText), "fmt's printer is in the module")
		})
		built++
	}
	assert.GreaterOrEqual(t, built, 14, "exercises built")

	// The check can fail: a file that uses fmt (which Precheck refuses;
	// Build alone does not) brings it in.
	src := append(exercise(t, "token-ring", "solution.go"), "\nfunc init() { _ = fmt.Sprint(1) }\n"...)
	src = bytes.Replace(src, []byte("\nimport "), []byte("\nimport \"fmt\"\nimport "), 1)
	b, r, err := builder.Build(context.Background(), iface.Lookup("tokenringsteps"), "solution.go", src)
	require.NoError(t, err)
	require.Nil(t, r, "%v", r)
	assert.True(t, bytes.Contains(b.Wasm, fmtText))
}
