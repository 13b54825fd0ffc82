package suzukikasami_test

import (
	"math/rand/v2"
	"testing"

	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
	"dmelab/algorithms/suzukikasami"
)

// TestCodecAndClone: simtest.CodecWalk over random schedules (encodings
// round-trip, rebuilt worlds agree, clones are independent).
func TestCodecAndClone(t *testing.T) {
	simtest.CodecWalk(t, suzukikasami.Algorithm(), simtest.Walk{
		Seed: [2]uint64{5, 7}, Runs: 150, Steps: 80,
		Setup: func(rng *rand.Rand) (sim.Config, sim.Options) {
			cfg := sim.Config{N: 1 + rng.IntN(4)}
			opts := sim.Options{Requests: 2, AppMsgs: 1, Order: true}
			return cfg, opts
		},
	})
}
