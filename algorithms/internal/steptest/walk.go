package steptest

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// Lockstep walks a world of each algorithm through the same random
// schedule (seed) of up to steps events and requires, before each, the
// same enabled events (labels included) and the same states: what equal
// state counts cannot catch (a label that differs, an isomorphic state
// space).
func Lockstep(t *testing.T, want, got *sim.Algorithm, cfg sim.Config, opts sim.Options, seed uint64, steps int) {
	t.Helper()
	a, err := sim.NewWorld(want, cfg, opts)
	require.NoError(t, err)
	b, err := sim.NewWorld(got, cfg, opts)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 1))
	for step := 0; step < steps; step++ {
		ea, eb := a.Events(nil), b.Events(nil)
		require.Equal(t, eventStrings(a, ea), eventStrings(b, eb), "enabled events at step %d (seed %d)", step, seed)
		require.Equal(t, a.StateString(), b.StateString(), "state at step %d (seed %d)", step, seed)
		if len(ea) == 0 {
			return
		}
		k := rng.IntN(len(ea))
		_, err := a.Apply(ea[k])
		require.NoError(t, err)
		_, err = b.Apply(eb[k])
		require.NoError(t, err)
	}
}

func eventStrings(w *sim.World, evs []sim.Event) []string {
	s := make([]string, len(evs))
	for i, e := range evs {
		s[i] = w.EventString(e)
	}
	return s
}

// FirstFault walks random schedules of alg (200 of up to 100 events)
// until a node fails and returns its fault, or "" when none did: for
// contracts that a handler breaks somewhere, without writing the run
// that gets there.
func FirstFault(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for walk := 0; walk < 200; walk++ {
		w, err := sim.NewWorld(alg, cfg, opts)
		require.NoError(t, err)
		for step := 0; step < 100; step++ {
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			_, err := w.Apply(evs[rng.IntN(len(evs))])
			require.NoError(t, err)
			for _, n := range w.Nodes {
				if f := n.(sim.Faulter).Fault(); f != "" {
					require.Equal(t, sim.Wanting, n.Phase(), "a failed node waits forever: %s", f)
					return f
				}
			}
		}
	}
	return ""
}
