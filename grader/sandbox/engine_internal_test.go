package sandbox

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The compiled-code cache keeps within its bound, the oldest files going
// first, and forgets the marks not used since the newest file it removed
// was written; a mark used since stays.
func TestPruneCompiledKeepsTheNewest(t *testing.T) {
	dir := t.TempDir()
	code := filepath.Join(dir, "wazero-v-amd64-linux")
	require.NoError(t, os.MkdirAll(code, 0o700))
	old := time.Now().Add(-time.Hour)
	for i, name := range []string{"a", "b", "c", "d"} {
		p := filepath.Join(code, name)
		require.NoError(t, os.WriteFile(p, make([]byte, 1000), 0o600))
		at := old.Add(time.Duration(i) * time.Minute)
		require.NoError(t, os.Chtimes(p, at, at))
	}
	// Three marks: one as old as "a" (unused since), one as old as "c"
	// (its code stays), one as old as "a" but found since.
	mark := func(module string, at time.Time) {
		markCompiled(dir, moduleSum([]byte(module)))
		require.NoError(t, os.Chtimes(markPath(dir, moduleSum([]byte(module))), at, at))
	}
	mark("old", old)
	mark("kept", old.Add(2*time.Minute))
	mark("used", old)
	require.True(t, compiledBefore(dir, moduleSum([]byte("used")))) // its time is now
	rememberRuns(dir, "lamport", 15097)

	pruneCompiled(dir, 5000) // within the bound: nothing goes
	assert.FileExists(t, filepath.Join(code, "a"))
	marked := func(module string) bool {
		_, err := os.Stat(markPath(dir, moduleSum([]byte(module))))
		return err == nil
	}
	assert.True(t, marked("old"), "nothing removed, no mark forgotten")

	pruneCompiled(dir, 2500)
	for name, kept := range map[string]bool{"a": false, "b": false, "c": true, "d": true} {
		_, err := os.Stat(filepath.Join(code, name))
		assert.Equal(t, kept, err == nil, name)
	}
	assert.False(t, marked("old"), "a mark unused since the removed code was written goes")
	assert.True(t, marked("kept"), "a mark younger than every removed file stays")
	assert.True(t, marked("used"), "a mark found since stays")
	assert.Equal(t, 15097, expectedRuns(dir, "lamport"), "the runs remembered stay")
}

// The idle-core gate reads procs_running, which counts the asking thread
// itself: one runnable thread on two cores leaves one idle.
func TestIdleCoreReadsProcsRunning(t *testing.T) {
	stat := func(running string) []byte {
		return []byte("cpu  4705 0 1320 93458 0 0 0 0 0 0\nctxt 1990473\nprocs_running " + running + "\nprocs_blocked 0\n")
	}
	for _, c := range []struct {
		running string
		procs   int
		idle    bool
	}{
		{"1", 2, true},
		{"2", 2, false},
		{"7", 2, false},
		{"3", 4, true},
		{"1", 1, false},
		{"x", 2, true}, // unreadable: assumed idle, as without /proc
	} {
		assert.Equal(t, c.idle, idleCore(stat(c.running), c.procs), "procs_running %s on %d cores", c.running, c.procs)
	}
	assert.True(t, idleCore([]byte("cpu  1 2 3\n"), 2), "no procs_running line")
	assert.True(t, idleCore(nil, 2))
}
