package explore_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenringsteps"
)

// Replaying what a node's handler did from the same state before (see
// scratch) changes nothing a search finds: for every algorithm, at small
// sizes, with and without the reduction, with Order's ghost state and
// with crashes allowed, the whole result is the one of a search that runs
// every handler, counterexamples included.
func TestReplayKeepsSearches(t *testing.T) {
	sizes := [][4]int{ // nodes, requests, application messages, crashes
		{2, 2, 0, 0}, {3, 1, 1, 0}, {2, 2, 1, 1},
	}
	props := [][]string{
		{explore.Safety, explore.Liveness},
		{explore.Safety, explore.Liveness, explore.Order},
		{explore.Safety}, // with sleep sets
	}
	compared := 0
	for _, alg := range registry.All() {
		for _, nr := range sizes {
			for k, ps := range props {
				for _, noReduce := range []bool{false, true} {
					cfg := explore.Config{Alg: alg, Sim: sim.Config{N: nr[0]}, Opts: sim.Options{Requests: nr[1], AppMsgs: nr[2], Crashes: nr[3]},
						Props: ps, MaxStates: 50_000, NoReduce: noReduce, Exhaust: true, Replay: explore.ReplayAlways}
					replayed, err := explore.Check(cfg)
					if err != nil {
						continue // the algorithm does not take this size
					}
					compared++
					t.Run(fmt.Sprintf("%s/N=%d/R=%d/A=%d/C=%d/props%d/noreduce=%v", alg.Name, nr[0], nr[1], nr[2], nr[3], k, noReduce), func(t *testing.T) {
						cfg.Replay = explore.ReplayNever
						run, err := explore.Check(cfg)
						require.NoError(t, err)
						require.Equal(t, run, replayed)
					})
				}
			}
		}
	}
	require.Greater(t, compared, 100)
}

// By default a search replays the steps of nodes that ask for it (a
// student's code, here a token ring whose holder never enters), and its
// results are a search's that runs every handler.
func TestReplayAskedByAStudentsCode(t *testing.T) {
	alg := tokenringsteps.Algorithm("token-ring", func(v *tokenringsteps.Vars) tokenringsteps.Steps { return lazyToken{v} })
	w, err := sim.NewWorld(alg, sim.Config{N: 3}, sim.Options{Requests: 2})
	require.NoError(t, err)
	require.Implements(t, (*sim.Replayed)(nil), w.Nodes[0])
	for _, reg := range registry.All() {
		w, err := sim.NewWorld(reg, sim.Config{N: 2}, sim.Options{Requests: 1})
		if err == nil {
			_, asks := w.Nodes[0].(sim.Replayed)
			require.False(t, asks, "%s's handlers are cheaper than looking them up", reg.Name)
		}
	}
	cfg := explore.Config{Alg: alg, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}}
	asked, err := explore.Check(cfg)
	require.NoError(t, err)
	cfg.Replay = explore.ReplayNever
	run, err := explore.Check(cfg)
	require.NoError(t, err)
	require.Equal(t, run, asked)
	require.Equal(t, explore.Violated, asked.Verdicts[explore.Liveness], "the holder never enters")
}
