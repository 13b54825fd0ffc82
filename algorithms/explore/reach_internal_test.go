package explore

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// Covers answers for exactly the states the kept search reached, not for
// every state whose parts it met: the reduced search of ra-benari at N=3
// R=1 leaves reachable states out, and walks at random meet both kinds.
func TestCoversExactlyTheStatesReached(t *testing.T) {
	c := Config{Alg: registry.Lookup("ra-benari"), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{Safety, Liveness}, Keep: true}
	res, err := Check(c)
	require.NoError(t, err)
	require.True(t, res.Reduced)
	require.NotNil(t, res.kept)
	st := res.kept.st
	reached := map[string]bool{}
	for i := 0; i < st.len(); i++ {
		reached[string(st.bytes(nil, i, nil))] = true
	}
	rnd := rand.New(rand.NewPCG(3, 1))
	seen := map[bool]int{}
	for walk := 0; walk < 50; walk++ {
		w, err := sim.NewWorld(c.Alg, c.Sim, c.Opts)
		require.NoError(t, err)
		for {
			var e sim.Enc
			w.Encode(&e)
			in := reached[string(e.B)]
			require.Equal(t, in, res.Covers(c, w))
			seen[in]++
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			_, err := w.Apply(evs[rnd.IntN(len(evs))])
			require.NoError(t, err)
		}
	}
	assert.Positive(t, seen[true])
	assert.Positive(t, seen[false], "the walks meet states the reduced search left out")
}
