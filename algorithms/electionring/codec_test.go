package electionring_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/electionring"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestCodecAndClone walks random schedules with crashes and checks, in
// every state reached, that each node's encoding decodes into a node with
// the same encoding, variables and leader, that a world rebuilt from the
// encoding offers the same events with the same successors, and that
// stepping a clone leaves the original untouched.
func TestCodecAndClone(t *testing.T) {
	alg := electionring.Algorithm()
	rng := rand.New(rand.NewPCG(4, 5))
	for run := 0; run < 200; run++ {
		cfg := sim.Config{N: 1 + rng.IntN(5)}
		opts := sim.Options{Requests: 1 + rng.IntN(2), Crashes: rng.IntN(3)}
		w, err := sim.NewWorld(alg, cfg, opts)
		require.NoError(t, err)
		for step := 0; step < 60; step++ {
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
			out, err := w.Apply(e)
			require.NoError(t, err)
			require.Equal(t, simtest.Encoding(c), simtest.Encoding(w))
			require.False(t, out.WrongLeader, "%s elected a node that is not the highest live one", w.EventString(e))
		}
	}
}
