package ralamport_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestCodecAndClone: simtest.CodecWalk over random schedules (encodings
// round-trip, rebuilt worlds agree, clones are independent).
func TestCodecAndClone(t *testing.T) {
	simtest.CodecWalk(t, ralamport.Algorithm(), simtest.Walk{
		Seed: [2]uint64{1, 81}, Runs: 150, Steps: 80,
		Setup: func(rng *rand.Rand) (sim.Config, sim.Options) {
			cfg := sim.Config{N: 1 + rng.IntN(4)}
			opts := sim.Options{Requests: 2, AppMsgs: 1, Order: true}
			return cfg, opts
		},
		Norm: sortedQueue, // the queue is encoded as a set
	})
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
