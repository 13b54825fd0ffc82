package suzukikasami_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
	"dmelab/algorithms/suzukikasami"
)

// TestCodecAndClone walks random schedules and checks, in every state
// reached, that each node's encoding decodes into a node with the same
// encoding and variables, that a world rebuilt from the encoding offers the
// same events with the same successors, and that stepping a clone leaves the
// original untouched.
func TestCodecAndClone(t *testing.T) {
	alg := suzukikasami.Algorithm()
	rng := rand.New(rand.NewPCG(5, 7))
	for run := 0; run < 150; run++ {
		cfg := sim.Config{N: 1 + rng.IntN(4)}
		opts := sim.Options{Requests: 2, AppMsgs: 1, Order: true}
		w, err := sim.NewWorld(alg, cfg, opts)
		require.NoError(t, err)
		for step := 0; step < 80; step++ {
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			simtest.CheckState(t, alg, cfg, opts, w)
			e := evs[rng.IntN(len(evs))]
			before := simtest.Encoding(w)
			c := w.Clone()
			_, err := c.Apply(e)
			require.NoError(t, err)
			require.Equal(t, before, simtest.Encoding(w), "stepping a clone changed the original")
			_, err = w.Apply(e)
			require.NoError(t, err)
			require.Equal(t, simtest.Encoding(c), simtest.Encoding(w))
			require.False(t, w.Unsafe(), "two nodes in the CS")
		}
	}
}
