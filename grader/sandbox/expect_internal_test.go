package sandbox

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A workload's expected runs are the median of its last keptRuns
// gradings: one odd grading moves nothing, most of the last ones do.
func TestExpectedRunsAreTheRecentMedian(t *testing.T) {
	dir := t.TempDir()
	assert.Zero(t, expectedRuns(dir, "lamport"), "nothing remembered")
	rememberRuns(dir, "lamport", 15097)
	assert.Equal(t, 15097, expectedRuns(dir, "lamport"))
	rememberRuns(dir, "lamport", 12)    // a mutant that failed at once
	rememberRuns(dir, "lamport", 15097) // back to the usual
	assert.Equal(t, 15097, expectedRuns(dir, "lamport"))
	assert.Zero(t, expectedRuns(dir, "token-ring"), "workloads are apart")

	for range 3 {
		rememberRuns(dir, "lamport", 100)
	}
	assert.Equal(t, 100, expectedRuns(dir, "lamport"), "the last five: 12, 15097, 100, 100, 100")
	data, err := os.ReadFile(runsPath(dir, "lamport"))
	require.NoError(t, err)
	assert.Equal(t, "12\n15097\n100\n100\n100\n", string(data), "only the last keptRuns are kept")
}

// A spoilt file is read for what numbers it holds, and written anew.
func TestRunsFileSpoilt(t *testing.T) {
	dir := t.TempDir()
	rememberRuns(dir, "w", 1)
	p := runsPath(dir, "w")
	require.NoError(t, os.WriteFile(p, []byte("9000 x -4 \x00\n99999999999999999999999 9001"), 0o600))
	assert.Equal(t, 9001, expectedRuns(dir, "w"), "9000 and 9001 are numbers; the median of two is the upper")
	rememberRuns(dir, "w", 8000)
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, "9000\n9001\n8000\n", string(data))

	require.NoError(t, os.WriteFile(p, []byte("nothing"), 0o600))
	assert.Zero(t, expectedRuns(dir, "w"))

	// A file grown large is read no further than its first KiB.
	require.NoError(t, os.WriteFile(p, []byte("9000 "+strings.Repeat(" ", 1<<10)+"1"), 0o600))
	assert.Equal(t, []int{9000}, readRuns(dir, "w"))
}
