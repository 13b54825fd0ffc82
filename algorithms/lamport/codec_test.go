package lamport_test

import (
	"math/rand/v2"
	"testing"

	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestCodecAndClone: simtest.CodecWalk over random schedules (encodings
// round-trip, rebuilt worlds agree, clones are independent).
func TestCodecAndClone(t *testing.T) {
	simtest.CodecWalk(t, lamport.Algorithm(), simtest.Walk{
		Seed: [2]uint64{4, 1978}, Runs: 150, Steps: 80,
		Setup: func(rng *rand.Rand) (sim.Config, sim.Options) {
			cfg := sim.Config{N: 1 + rng.IntN(4)}
			opts := sim.Options{Requests: 2, AppMsgs: 1, Order: true}
			return cfg, opts
		},
	})
}
