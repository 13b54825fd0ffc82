package explore_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// A kept search answers for the states it reached, and only for what held
// there: every algorithm at N=2 and N=3 R=1, reduced and in full, walked
// at random from its start. Wherever Covers says yes, a search from that
// state must find every property holding; a search without the reduction
// that found them all holding answers for every state a walk meets; one
// that found a violation answers for none.
func TestCoversWhatASearchReached(t *testing.T) {
	covered, checked := 0, 0
	for _, alg := range registry.All() {
		for _, n := range []int{2, 3} {
			for _, noReduce := range []bool{false, true} {
				props := []string{explore.Safety, explore.Liveness}
				cfg := explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: 1}, Props: props, NoReduce: noReduce, MaxStates: 200_000, Keep: true}
				res, err := explore.Check(cfg)
				if err != nil || !res.Complete {
					continue // the algorithm does not take this size, or it is too large here
				}
				holds := res.Verdicts[explore.Safety] == explore.Holds && res.Verdicts[explore.Liveness] == explore.Holds
				t.Run(fmt.Sprintf("%s/N=%d/noreduce=%v", alg.Name, n, noReduce), func(t *testing.T) {
					rnd := rand.New(rand.NewPCG(uint64(n), 7))
					for walk := 0; walk < 20; walk++ {
						w, err := sim.NewWorld(alg, cfg.Sim, cfg.Opts)
						require.NoError(t, err)
						for depth := 0; depth < 40; depth++ {
							yes := res.Covers(cfg, w)
							switch {
							case !holds:
								require.False(t, yes, "a search with a violation answers for nothing")
								for _, p := range props { // not even for a property that held: it stopped at the violation
									one := cfg
									one.Props = []string{p}
									require.False(t, res.Covers(one, w), p)
								}
							case noReduce:
								require.True(t, yes, "a full search reached every state")
							}
							if yes && (depth == 3 || depth == 9) {
								from, err := explore.CheckFrom(explore.Config{Props: props}, w)
								require.NoError(t, err)
								assert.Equal(t, explore.Holds, from.Verdicts[explore.Safety])
								assert.Equal(t, explore.Holds, from.Verdicts[explore.Liveness])
								checked++
							}
							if yes {
								covered++
							}
							evs := w.Events(nil)
							if len(evs) == 0 {
								break
							}
							_, err := w.Apply(evs[rnd.IntN(len(evs))])
							require.NoError(t, err)
						}
					}
				})
			}
		}
	}
	require.Positive(t, checked, "some covered state must be searched again")
	t.Logf("%d states covered, %d searched again", covered, checked)
}

// Covers answers only under the rules the kept search ran under, for the
// properties that held there, and only when asked to keep.
func TestCoversOnlyUnderTheSameRules(t *testing.T) {
	alg := registry.Lookup("ra-benari")
	start := func(t *testing.T, s sim.Config, o sim.Options) *sim.World {
		w, err := sim.NewWorld(alg, s, o)
		require.NoError(t, err)
		return w
	}
	base := explore.Config{Alg: alg, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety}, Keep: true}
	res, err := explore.Check(base)
	require.NoError(t, err)
	require.True(t, res.Covers(base, start(t, base.Sim, base.Opts)), "its own start")

	live := base
	live.Props = []string{explore.Safety, explore.Liveness}
	assert.False(t, res.Covers(live, start(t, base.Sim, base.Opts)), "liveness was not searched")

	// One FIFO channel: the same start state, other transitions.
	fifo := base.Opts
	fifo.Channels = []sim.Channel{{From: 0, To: 1, FIFO: true}}
	assert.False(t, res.Covers(base, start(t, base.Sim, fifo)), "other options")

	unkept := base
	unkept.Keep = false
	r2, err := explore.Check(unkept)
	require.NoError(t, err)
	assert.False(t, r2.Covers(base, start(t, base.Sim, base.Opts)), "not kept")

	bounded := base
	bounded.MaxStates = 3
	r3, err := explore.Check(bounded)
	require.NoError(t, err)
	require.False(t, r3.Complete)
	assert.False(t, r3.Covers(base, start(t, base.Sim, base.Opts)), "incomplete")

	// A search from a later state answers for what follows it, not for
	// the start before it.
	later := start(t, base.Sim, base.Opts)
	e, err := later.FindEvent("request N1")
	require.NoError(t, err)
	_, err = later.Apply(e)
	require.NoError(t, err)
	r6, err := explore.CheckFrom(base, later)
	require.NoError(t, err)
	require.True(t, r6.Covers(base, later))
	assert.False(t, r6.Covers(base, start(t, base.Sim, base.Opts)), "not reached from there")

	// Order is never answered for: it needs a search of its own.
	ord := explore.Config{Alg: alg, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1, Order: true, AppMsgs: 1}, Keep: true}
	r4, err := explore.Check(ord)
	require.NoError(t, err)
	assert.False(t, r4.Covers(ord, start(t, ord.Sim, ord.Opts)))

	// Nor from a search that left it out, in a world that tracks it.
	ghost := start(t, ord.Sim, ord.Opts)
	r7, err := explore.CheckFrom(base, ghost)
	require.NoError(t, err)
	require.True(t, r7.Covers(base, ghost))
	assert.False(t, r7.Covers(explore.Config{Props: []string{explore.Safety, explore.Order}, Sim: base.Sim}, ghost))

	// Maekawa's voting sets are no part of a state: a search under the
	// default grid answers nothing under the triangle's sets, whose start
	// encodes the same.
	mk := registry.Lookup("maekawa")
	grid := explore.Config{Alg: mk, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety}, Keep: true}
	r5, err := explore.Check(grid)
	require.NoError(t, err)
	tri := grid
	tri.Sim.Sets = [][]int{{0, 1}, {1, 2}, {2, 0}}
	w, err := sim.NewWorld(mk, tri.Sim, tri.Opts)
	require.NoError(t, err)
	g, err := sim.NewWorld(mk, grid.Sim, grid.Opts)
	require.NoError(t, err)
	var a, b sim.Enc
	w.Encode(&a)
	g.Encode(&b)
	require.Equal(t, b.B, a.B, "the two starts encode the same")
	require.True(t, r5.Covers(grid, g))
	assert.False(t, r5.Covers(tri, w), "other voting sets")
}
