package maekawasafe_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/maekawasafe"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestEncodeCloneRandomWalks walks random schedules (several requests per
// node, grids and hand-made sets) and checks at every state that Decode
// restores exactly what Encode wrote, that moving a Clone leaves the
// original untouched, and that no two nodes are ever in the CS. Every walk
// must end with all requests served: the algorithm cannot deadlock.
func TestEncodeCloneRandomWalks(t *testing.T) {
	alg := maekawasafe.Algorithm()
	for seed := int64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewSource(seed))
		cfg := sim.Config{N: 2 + rng.Intn(7)}
		if seed%5 == 0 {
			cfg = sim.Config{N: 3, Sets: [][]int{{0, 1}, {1, 2}, {2, 0}}}
		}
		opts := sim.Options{Requests: 3}
		w, err := sim.NewWorld(alg, cfg, opts)
		require.NoError(t, err)
		for step := 0; ; step++ {
			require.Less(t, step, 5000, "seed %d: the run does not end", seed)
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			simtest.CheckState(t, alg, cfg, opts, w)
			b := simtest.Encoding(w)
			// Move a copy made with CopyFrom: the original must not change.
			c := w.Clone()
			for i := range c.Nodes {
				c.Nodes[i].(sim.Copier).CopyFrom(w.Nodes[i])
			}
			before := w.StateString()
			for _, e := range c.Events(nil) {
				_, err := c.Apply(e)
				require.NoError(t, err)
			}
			assert.Equal(t, b, simtest.Encoding(w), "moving a clone changed the original")
			assert.Equal(t, before, w.StateString())

			_, err = w.Apply(evs[rng.Intn(len(evs))])
			require.NoError(t, err)
			require.False(t, w.Unsafe(), "seed %d: %s", seed, w.StateString())
		}
		for i, a := range w.App {
			assert.Equal(t, opts.Requests, a.Entries, "seed %d: N%d entered %d times\n%s", seed, i+1, a.Entries, w.StateString())
		}
		assert.Empty(t, w.Net)
	}
}
