package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// A search says whether some state it stored is decided: a node in the
// critical section, or for an election a node that has elected a leader.
// Every algorithm decides, in full and reduced, one at a time, ahead and
// in lanes; with no request no mutual-exclusion node enters (an election's
// timers may elect unasked).
func TestSawDecision(t *testing.T) {
	forks := 0
	for _, a := range registry.All() {
		for _, requests := range []int{1, 0} {
			base := explore.Config{Alg: a, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: requests}, Props: []string{explore.Safety, explore.Liveness}}
			full := base
			full.NoReduce = true
			// With Order, a reducible algorithm is searched in two (safety
			// and liveness reduced, Order in full), their results merged.
			order := base
			order.Props, order.Opts.AppMsgs = []string{explore.Safety, explore.Liveness, explore.Order}, 1
			for name, c := range map[string]explore.Config{"reduced": base, "full": full, "one by one": explore.OneByOne(full), "in lanes": explore.Lanes(full, 2, &forks), "with Order": order} {
				res, err := explore.Check(c)
				require.NoError(t, err, "%s %s", a.Name, name)
				if a.Election && requests == 0 {
					continue
				}
				assert.Equal(t, requests > 0, res.SawDecision, "%s, %d requests, %s", a.Name, requests, name)
			}
		}
	}
}
