package sandbox_test

import (
	"context"
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
