package grade_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

// Submissions that would exhaust the grader's machine rather than the
// sandbox are not gradable, with a message that says why, and never a
// failure of the grader.
func TestHostileBounds(t *testing.T) {
	ex := load(t, "ra-steps")
	t.Run("a package variable over the memory limit", func(t *testing.T) {
		res := gradeFile(t, ex, hostile("ra_big_variable.go"))
		assert.Equal(t, report.Crashed, res.Status)
		require.NotEmpty(t, res.Problems)
		assert.Contains(t, res.Problems[0].Msg, "ran out of memory (the limit is 64 MiB)")
		assert.Zero(t, res.Score)
	})
	t.Run("a constant that needs gigabytes to compile", func(t *testing.T) {
		// Under the exercise's own bound (build-memory), a quarter of the
		// default, which the build crosses four times sooner: a build to
		// 1 GiB takes about ten seconds of a core. grader/sandbox's tests
		// and make hostile's corpus build it to the default.
		small := load(t, "ra-steps")
		small.BuildMemory = 256 << 20
		res := gradeFile(t, small, hostile("ra_big_constant.go"))
		assert.Equal(t, report.CompileError, res.Status)
		require.NotEmpty(t, res.Problems)
		assert.Equal(t, "the build needed more than 256 MiB of memory", res.Problems[0].Msg)
		assert.Zero(t, res.Score)
	})
}
