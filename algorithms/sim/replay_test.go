package sim_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/electionbully"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// Replay with what a handler did (its node's state after, its sends and
// phase) leaves the world as Apply does and reports the same outcome:
// along random runs of every algorithm, for every event Replayable
// accepts, with Order's ghost state on.
func TestReplayIsApply(t *testing.T) {
	replayed := 0
	for _, alg := range registry.All() {
		w, err := sim.NewWorld(alg, sim.Config{N: 3}, sim.Options{Requests: 2, AppMsgs: 1, Order: true})
		if err != nil {
			continue
		}
		rng := rand.New(rand.NewPCG(2, uint64(len(alg.Name))))
		for step := 0; step < 60; step++ {
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			for _, e := range evs {
				if !w.Replayable(e) {
					continue
				}
				applied := w.Clone()
				want, err := applied.Apply(e)
				require.NoError(t, err, "%s: %v", alg.Name, e)
				want.Sent = slices.Clone(want.Sent)
				did := sim.Did{Sent: slices.Clone(want.Sent), Phase: applied.Nodes[e.Node].Phase()}
				got := w.Clone()
				out, err := got.Replay(e, &did)
				require.NoError(t, err, "%s: %v", alg.Name, e)
				assert.Equal(t, want, out, "%s: %v", alg.Name, e)
				got.Nodes[e.Node] = applied.Nodes[e.Node].Clone() // the caller puts the node's state after in
				var a, b sim.Enc
				applied.Encode(&a)
				got.Encode(&b)
				require.Equal(t, a.B, b.B, "%s: %v", alg.Name, e)
				replayed++
			}
			_, err := w.Apply(evs[rng.IntN(len(evs))])
			require.NoError(t, err)
		}
	}
	assert.Greater(t, replayed, 1000)
}

// What a handler may read beyond its node and the event rules replay
// out: a Lamport clock, a crashed node, a leader to check; and events
// with no handler (an application message, a crash) are not replayed.
func TestReplayableOnlyWhereTheHandlerReadsItsNode(t *testing.T) {
	clocked, err := sim.NewWorld(lamport.Algorithm(), sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	req := sim.Event{Kind: sim.EvRequest, Node: 0}
	assert.False(t, clocked.Replayable(req), "a Lamport clock")
	_, err = clocked.Replay(req, &sim.Did{})
	assert.ErrorContains(t, err, "cannot be replayed")

	election, err := sim.NewWorld(electionbully.Algorithm(), sim.Config{N: 3}, sim.Options{Crashes: 1})
	require.NoError(t, err)
	for _, e := range election.Events(nil) {
		assert.False(t, election.Replayable(e), "an election: %v", e)
	}

	alg := registry.All()[0]
	w, err := sim.NewWorld(alg, sim.Config{N: 2}, sim.Options{Requests: 1, AppMsgs: 1})
	require.NoError(t, err)
	require.Nil(t, w.Clock, alg.Name)
	assert.True(t, w.Replayable(sim.Event{Kind: sim.EvRequest, Node: 0}))
	assert.False(t, w.Replayable(sim.Event{Kind: sim.EvApp, Node: 0, To: 1}), "no handler")
	assert.False(t, w.Replayable(sim.Event{Kind: sim.EvDeliver, Node: 1, Msg: sim.Msg{Kind: sim.AppKind, From: 0, To: 1}}), "no handler")
	assert.False(t, w.Replayable(sim.Event{Kind: sim.EvCrash, Node: 0}), "no handler")
	w.Crashed = 1 << 1
	assert.False(t, w.Replayable(sim.Event{Kind: sim.EvRequest, Node: 0}), "a crashed node: Alive reads it")
}
