package sandbox_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/sandbox"
)

// A package variable larger than the memory limit builds (it costs the
// build nothing: it is zeroed memory) but cannot start: the student's
// code ran out of memory, which is not a failure of the grader.
func TestBigPackageVariable(t *testing.T) {
	_, r, err := start(t, "rasteps", hostile(t, p11body+"\n\tbig[n.RequestedNum&1023]++", "var big [1 << 30]byte", ""), sandboxLimits())
	require.Nil(t, r)
	var f *sandbox.Failure
	require.ErrorAs(t, err, &f)
	assert.Equal(t, "the file's package variables ran out of memory (the limit is 64 MiB): the module starts with 1.0 GiB", f.Msg)
}
