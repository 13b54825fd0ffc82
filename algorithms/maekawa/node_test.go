package maekawa_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestEncodeCloneRandomWalks walks random schedules and checks, at every
// state, that Decode restores exactly what Encode wrote (into a fresh
// world) and that a Clone is independent: moving the clone leaves the
// original's encoding and variables untouched.
func TestEncodeCloneRandomWalks(t *testing.T) {
	alg := maekawa.Algorithm()
	for seed := int64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewSource(seed))
		cfg := sim.Config{N: 2 + rng.Intn(6)}
		w, err := sim.NewWorld(alg, cfg, sim.Options{Requests: 3})
		require.NoError(t, err)
		for step := 0; step < 80; step++ {
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			simtest.CheckState(t, alg, cfg, sim.Options{Requests: 3}, w)
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
	}
}

func TestBadSetsRefused(t *testing.T) {
	_, err := sim.NewWorld(maekawa.Algorithm(), sim.Config{N: 3, Sets: [][]int{{0, 1}, {1, 2}, {2}}}, sim.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "V_i ∩ V_j ≠ ∅")
	assert.Contains(t, err.Error(), "V1 = {1,2} and V3 = {3}")

	_, err = sim.NewWorld(maekawa.Algorithm(), sim.Config{N: 3, Sets: [][]int{{0, 1}, {1, 2}, {2, 0}}}, sim.Options{})
	require.NoError(t, err)
}

// TestExplorerFindsDeadlock: the explorer proves safety and finds the
// deadlock with N=4, one request each, on the 2×2 grid, and with the
// triangle sets for N=3.
func TestExplorerFindsDeadlock(t *testing.T) {
	for _, cfg := range []sim.Config{{N: 3, Sets: [][]int{{0, 1}, {1, 2}, {2, 0}}}, {N: 4}} {
		if testing.Short() && cfg.N == 4 {
			t.Skip("N=4 (1.5 million states) skipped in -short mode")
		}
		res, err := explore.Check(explore.Config{Alg: maekawa.Algorithm(), Sim: cfg, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}})
		require.NoError(t, err)
		require.True(t, res.Complete)
		assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety], "N=%d", cfg.N)
		require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness], "N=%d", cfg.N)
		ce := res.Counterexamples[explore.Liveness]
		assert.Equal(t, "deadlock", ce.Kind)
		for _, s := range ce.Steps {
			t.Log(s.Event)
		}
	}
}

// TestTwoNodesCross: with two nodes both sets are {1,2}, and already then
// the two requests can cross: N1 votes for N2 and N2 for N1, and each
// waits for the other's vote. The explorer must find that too.
func TestTwoNodesCross(t *testing.T) {
	res, err := explore.Check(explore.Config{Alg: maekawa.Algorithm(), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}})
	require.NoError(t, err)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
}
