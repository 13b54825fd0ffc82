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
// first, and forgets its marks when it removes any code.
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
	markCompiled([]byte("module"), dir)
	require.True(t, compiledBefore([]byte("module"), dir))

	pruneCompiled(dir, 5000) // within the bound: nothing goes
	assert.FileExists(t, filepath.Join(code, "a"))
	assert.True(t, compiledBefore([]byte("module"), dir))

	pruneCompiled(dir, 2500)
	for name, kept := range map[string]bool{"a": false, "b": false, "c": true, "d": true} {
		_, err := os.Stat(filepath.Join(code, name))
		assert.Equal(t, kept, err == nil, name)
	}
	assert.False(t, compiledBefore([]byte("module"), dir), "marks go with the code")
}
