package electionbully

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestCodecAndClone: simtest.CodecWalk over random schedules (encodings
// round-trip, rebuilt worlds agree, clones are independent).
func TestCodecAndClone(t *testing.T) {
	simtest.CodecWalk(t, Algorithm(), simtest.Walk{
		Seed: [2]uint64{6, 7}, Runs: 200, Steps: 60,
		Setup: func(rng *rand.Rand) (sim.Config, sim.Options) {
			cfg := sim.Config{N: 1 + rng.IntN(5)}
			opts := sim.Options{Requests: 1 + rng.IntN(2), Crashes: rng.IntN(3)}
			return cfg, opts
		},
		Check: func(t *testing.T, w *sim.World, e sim.Event, out sim.Outcome) {
			require.False(t, out.WrongLeader, "%s elected a node that is not the highest live one", w.EventString(e))
		},
	})
}
