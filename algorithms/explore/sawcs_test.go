package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// A search says whether some state it stored has a node in the critical
// section: every mutual-exclusion algorithm lets a node in, in full and
// reduced, one at a time, ahead and in lanes; with no request nobody
// enters; an election never has a critical section.
func TestSawCS(t *testing.T) {
	forks := 0
	for _, a := range registry.All() {
		for _, requests := range []int{1, 0} {
			base := explore.Config{Alg: a, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: requests}, Props: []string{explore.Safety, explore.Liveness}}
			full := base
			full.NoReduce = true
			for name, c := range map[string]explore.Config{"reduced": base, "full": full, "one by one": explore.OneByOne(full), "in lanes": explore.Lanes(full, 2, &forks)} {
				res, err := explore.Check(c)
				require.NoError(t, err, "%s %s", a.Name, name)
				want := requests > 0 && !a.Election
				assert.Equal(t, want, res.SawCS, "%s, %d requests, %s", a.Name, requests, name)
			}
		}
	}
}
