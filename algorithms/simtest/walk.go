package simtest

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// Walk describes random schedules for CodecWalk: Runs runs of at most
// Steps events each, from a generator seeded with Seed; Setup picks each
// run's configuration; Check, when set, looks at every event's outcome
// (by default: never two nodes in the CS).
type Walk struct {
	Seed        [2]uint64
	Runs, Steps int
	Setup       func(rng *rand.Rand) (sim.Config, sim.Options)
	Check       func(t *testing.T, w *sim.World, e sim.Event, out sim.Outcome)
	// Norm, when set, normalizes a node's variables before they are
	// compared with the decoded node's (a queue kept in arrival order but
	// encoded as a set).
	Norm func([]sim.Var) []sim.Var
}

// CodecWalk walks random schedules of alg and checks, in every state
// reached, that each node's encoding decodes into a node with the same
// encoding and variables, that a world rebuilt from the encoding offers
// the same events with the same successors (CheckState), and that
// stepping a clone leaves the original untouched. Every algorithm's
// codec test is this walk with its own configurations.
func CodecWalk(t *testing.T, alg *sim.Algorithm, wk Walk) {
	t.Helper()
	rng := rand.New(rand.NewPCG(wk.Seed[0], wk.Seed[1]))
	for run := 0; run < wk.Runs; run++ {
		cfg, opts := wk.Setup(rng)
		w, err := sim.NewWorld(alg, cfg, opts)
		require.NoError(t, err)
		for step := 0; step < wk.Steps; step++ {
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			CheckStateVars(t, alg, cfg, opts, w, wk.Norm)
			e := evs[rng.IntN(len(evs))]
			before := Encoding(w)
			c := w.Clone()
			_, err := c.Apply(e)
			require.NoError(t, err)
			require.Equal(t, before, Encoding(w), "stepping a clone changed the original")
			out, err := w.Apply(e)
			require.NoError(t, err)
			require.Equal(t, Encoding(c), Encoding(w))
			if wk.Check != nil {
				wk.Check(t, w, e, out)
			} else {
				require.False(t, w.Unsafe(), "two nodes in the CS after %s", w.EventString(e))
			}
		}
	}
}
