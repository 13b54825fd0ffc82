package explore_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// Sleep sets skip transitions, never states: for every algorithm, a
// search of safety with sleep sets (and without persistent sets, which
// would otherwise be used) reaches exactly the states of the full
// search, each at its depth, in no more transitions, whether it expands
// states one at a time or ahead, with application messages, crashes and
// recoveries too. Where the full search finds two nodes
// in the CS, both stop at the level of the first such state, and every
// level before it must be the same, and the counterexample as long.
func TestSleepSetsKeepEveryState(t *testing.T) {
	sizes := []sim.Options{{Requests: 1}, {Requests: 2}, {Requests: 1, AppMsgs: 1}, {Requests: 1, Crashes: 1}, {Requests: 1, Crashes: 1, Recoveries: 1}}
	tried, pruned := 0, 0
	for _, alg := range registry.All() {
		for _, n := range []int{2, 3} {
			for _, o := range sizes {
				cfg := explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: o, Props: []string{explore.Safety}, MaxStates: 150_000}
				full, fr, err := explore.Reached(cfg, false)
				if err != nil || !fr.Complete && fr.Verdicts[explore.Safety] != explore.Violated {
					continue // the algorithm does not take this size, or it is too big here
				}
				for _, ahead := range []bool{false, true} {
					if !ahead && (o.AppMsgs > 0 || o.Crashes > 0) {
						continue // one state at a time against ahead: R=1, 2 suffice
					}
					c := cfg
					if !ahead {
						c = explore.OneByOne(c)
					}
					name := fmt.Sprintf("%s/N=%d/R=%d/A=%d/C=%d/Rec=%d/ahead=%v", alg.Name, n, o.Requests, o.AppMsgs, o.Crashes, o.Recoveries, ahead)
					t.Run(name, func(t *testing.T) {
						got, gr, err := explore.Reached(c, true)
						require.NoError(t, err)
						require.True(t, gr.Sleep, "sleep sets apply")
						tried++
						if gr.Transitions < fr.Transitions {
							pruned++
						}
						if fr.Verdicts[explore.Safety] == explore.Violated {
							require.Equal(t, explore.Violated, gr.Verdicts[explore.Safety])
							assert.True(t, gr.Settled)
							assert.Equal(t, len(fr.Counterexamples[explore.Safety].Steps), len(gr.Counterexamples[explore.Safety].Steps), "as short")
							assert.Equal(t, fr.Depth, gr.Depth)
							differ := 0 // the levels before the last, the same states
							for k, depth := range full {
								if d, ok := got[k]; depth < fr.Depth && (!ok || d != depth) {
									differ++
								}
							}
							for k, depth := range got {
								if _, ok := full[k]; depth < gr.Depth && !ok {
									differ++
								}
							}
							assert.Zero(t, differ, "states before depth %d not found at their depth", fr.Depth)
							return
						}
						assert.True(t, gr.Complete)
						assert.Equal(t, fr.States, gr.States)
						assert.Equal(t, fr.Depth, gr.Depth)
						assert.LessOrEqual(t, gr.Transitions, fr.Transitions)
						differ := 0
						for k, depth := range full {
							if d, ok := got[k]; !ok || d != depth {
								differ++
							}
						}
						assert.Zero(t, differ, "states not found at their depth")
					})
				}
			}
		}
	}
	require.Positive(t, tried)
	assert.Greater(t, pruned, tried/2, "sleep sets must skip transitions in most searches")
}

// Where the search with sleep sets finds a violation, Check reports it as
// the full search would, settled, with a counterexample as short; where
// it reaches a bound, Check searches again in full and reports exactly
// what the full search reports.
func TestSleepSetsAtViolationsAndBounds(t *testing.T) {
	for _, c := range []struct {
		algo  string
		n, r  int
		bound int
	}{
		{"ra-benari-numfirst", 3, 1, 0},
		{"ra-v2", 3, 2, 0},
		{"ra-benari-numfirst", 3, 2, 10_000},
		{"maekawa", 3, 2, 20_000},
		{"lamport", 3, 1, 5_000},
		{"ra-benari", 3, 2, 50_000},
	} {
		alg := registry.Lookup(c.algo)
		require.NotNil(t, alg, c.algo)
		cfg := explore.Config{Alg: alg, Sim: sim.Config{N: c.n}, Opts: sim.Options{Requests: c.r}, Props: []string{explore.Safety}, MaxStates: c.bound}
		got, err := explore.Check(explore.NoAmple(cfg))
		require.NoError(t, err)
		cfg.NoReduce = true
		want, err := explore.Check(cfg)
		require.NoError(t, err)
		assert.Equal(t, want.Verdicts, got.Verdicts, c.algo)
		assert.Equal(t, want.Bound, got.Bound, c.algo)
		if want.Bound == "" {
			require.Equal(t, explore.Violated, want.Verdicts[explore.Safety], "%s: a violation or a bound", c.algo)
			assert.True(t, got.Sleep, c.algo)
			assert.True(t, got.Settled, c.algo)
			assert.Equal(t, len(want.Counterexamples[explore.Safety].Steps), len(got.Counterexamples[explore.Safety].Steps), "%s: as short", c.algo)
			assert.Equal(t, want.Depth, got.Depth, c.algo)
			continue
		}
		assert.False(t, got.Sleep, "%s: the second search is the full one", c.algo)
		assert.Equal(t, want.States, got.States, c.algo)
		assert.Equal(t, want.Transitions, got.Transitions, c.algo)
		for p, ce := range want.Counterexamples {
			require.Contains(t, got.Counterexamples, p)
			assert.Equal(t, ce.Events(), got.Counterexamples[p].Events(), "%s: %s", c.algo, p)
		}
	}
}
