package explore_test

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// A search allocates per state it keeps, not per event it tries: the
// successor of an event is computed in reused memory (scratch), and the
// nodes' Encode, Decode, Steps and CopyFrom reuse theirs. An allocation
// per event (ra-lamport's Encode copying its queue, Apply listing steps
// afresh, the liveness check building a world per state) made searches
// up to six times slower natively and more in WebAssembly, where memory
// is dearer. Counted over every algorithm at N=3 with one application
// message: a safety search with R=2 (at R=1 the reduction leaves some
// searches too small to measure), per state, as sleep sets take only a
// few events a state and a search stopped at its bound is made twice
// (see sleepSets); and one with liveness and Order at R=1 (whose check
// of fair cycles allocates per state of a component), per transition.
func TestSearchAllocatesPerStateNotPerEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every algorithm")
	}
	measured := 0
	for _, a := range registry.All() {
		for _, c := range []struct {
			props    []string
			requests int
			perState bool
			limit    float64 // allocations per state or transition
		}{
			{[]string{explore.Safety}, 2, true, 2},
			{[]string{explore.Safety, explore.Liveness, explore.Order}, 1, false, 4},
		} {
			cfg := explore.Config{Alg: a, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: c.requests, AppMsgs: 1}, MaxStates: 100000, Props: c.props}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			res, err := explore.Check(cfg)
			runtime.ReadMemStats(&after)
			require.NoError(t, err, a.Name)
			if res.Transitions < 20000 {
				continue // a small search's fixed costs outweigh its events
			}
			measured++
			allocs := float64(after.Mallocs - before.Mallocs)
			per, what := allocs/float64(res.Transitions), "transition"
			if c.perState {
				per, what = allocs/float64(res.States), "state"
			}
			t.Logf("%s %v: %.2f allocations a %s (%d states, %d transitions)", a.Name, c.props, per, what, res.States, res.Transitions)
			assert.Less(t, per, c.limit, "%s %v: allocations a %s", a.Name, c.props, what)
		}
	}
	// Most algorithms' searches are large enough to measure; none
	// measured would make this test pass without looking.
	assert.Greater(t, measured, len(registry.All()), "searches measured")
}
