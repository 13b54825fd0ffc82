package ralamport_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestCodecAndClone walks random schedules and checks, in every state
// reached, that each node's encoding decodes into a node with the same
// encoding and variables (up to the order of the queue, which Encode
// sorts), that a world rebuilt from the encoding offers the
// same events with the same successors, and that stepping a clone leaves the
// original untouched.
func TestCodecAndClone(t *testing.T) {
	alg := ralamport.Algorithm()
	rng := rand.New(rand.NewPCG(1, 81))
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
			simtest.CheckStateVars(t, alg, cfg, opts, w, sortedQueue)
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

// sortedQueue returns vars with the queue's entries sorted: the queue is
// kept in arrival order but encoded as a set.
func sortedQueue(vars []sim.Var) []sim.Var {
	out := slices.Clone(vars)
	for i, v := range out {
		if v.Name == "queue" {
			f := strings.Fields(strings.Trim(v.Value, "[]"))
			slices.Sort(f)
			out[i].Value = "[" + strings.Join(f, " ") + "]"
		}
	}
	return out
}
