package sandbox

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

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

// A module's interpreted calls add up across gradings; a spoilt count
// is read as none; and past maxInterpreted counts the oldest quarter
// goes, so a course's stream of new files does not fill the cache.
func TestInterpretedRunsAddUp(t *testing.T) {
	dir := t.TempDir()
	a, b := moduleSum([]byte("a")), moduleSum([]byte("b"))
	assert.Zero(t, interpretedRuns(dir, a), "nothing counted")
	addInterpreted(dir, a, 4081)
	addInterpreted(dir, a, 4081)
	addInterpreted(dir, b, 96)
	assert.Equal(t, 8162, interpretedRuns(dir, a))
	assert.Equal(t, 96, interpretedRuns(dir, b), "modules are apart")

	for _, spoilt := range []string{"x", "-5", "", "99999999999999999999999"} {
		require.NoError(t, os.WriteFile(interpretedPath(dir, a), []byte(spoilt), 0o600))
		assert.Zero(t, interpretedRuns(dir, a), "%q", spoilt)
	}
	addInterpreted(dir, a, 7)
	assert.Equal(t, 7, interpretedRuns(dir, a), "counted again from nothing")
}

func TestInterpretedCountsArePruned(t *testing.T) {
	dir := t.TempDir()
	counts := filepath.Join(dir, "interpreted")
	const limit = 8
	require.NoError(t, os.MkdirAll(counts, 0o700))
	old := time.Now().Add(-time.Hour)
	for i := range limit {
		p := filepath.Join(counts, strconv.Itoa(i))
		require.NoError(t, os.WriteFile(p, []byte("1\n"), 0o600))
		at := old.Add(time.Duration(i) * time.Minute) // 0 the oldest
		require.NoError(t, os.Chtimes(p, at, at))
	}
	pruneInterpreted(counts, limit+1)
	names := func() []string {
		entries, err := os.ReadDir(counts)
		require.NoError(t, err)
		var ns []string
		for _, e := range entries {
			ns = append(ns, e.Name())
		}
		return ns
	}
	assert.Len(t, names(), limit, "within the limit: nothing removed")
	pruneInterpreted(counts, limit)
	assert.ElementsMatch(t, []string{"2", "3", "4", "5", "6", "7"}, names(), "at the limit: the oldest quarter gone")
}

// One process at a time claims a module's compilation; a claim given up
// can be taken again, and one left behind by a process that died is
// taken over once it is staleClaim old.
func TestCompilationIsClaimedOnce(t *testing.T) {
	dir := t.TempDir()
	sum := moduleSum([]byte("module"))
	release, ok := claimCompilation(dir, sum)
	require.True(t, ok)
	_, again := claimCompilation(dir, sum)
	assert.False(t, again, "claimed already")
	other, ok := claimCompilation(dir, moduleSum([]byte("other")))
	assert.True(t, ok, "another module's claim is its own")
	other()
	release()
	release, ok = claimCompilation(dir, sum)
	require.True(t, ok, "given up: claimed again")

	p := filepath.Join(dir, "compiling", sum)
	young, old := time.Now().Add(-staleClaim/2), time.Now().Add(-staleClaim-time.Second)
	require.NoError(t, os.Chtimes(p, young, young))
	_, ok = claimCompilation(dir, sum)
	assert.False(t, ok, "a claim younger than staleClaim holds")
	require.NoError(t, os.Chtimes(p, old, old))
	release, ok = claimCompilation(dir, sum)
	assert.True(t, ok, "a stale claim is taken over")
	release()
	_, err := os.Stat(p)
	assert.ErrorIs(t, err, os.ErrNotExist, "released")
}
