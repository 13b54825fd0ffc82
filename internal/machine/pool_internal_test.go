package machine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Forks of two made one after another keep to one worker: each finds the
// worker the one before used (free again before that fork returned)
// instead of starting another to spin beside it.
func TestForksOneAfterAnotherKeepOneWorker(t *testing.T) {
	pool.Lock()
	pool.workers = nil // the other tests' workers go to sleep unused
	pool.Unlock()
	calls := 0
	for range 20_000 {
		Fork(2, func(i int) {
			if i == 1 {
				calls++
			}
		})
	}
	require.Equal(t, 20_000, calls)
	pool.Lock()
	defer pool.Unlock()
	require.Len(t, pool.workers, 1)
}
