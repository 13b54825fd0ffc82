package grade

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// noTie is Ben-Ari's fix without the tie-break: equal numbers deadlock.
type noTie struct{ *rasteps.Vars }

func (n noTie) P2()      { n.RequestCS, n.MyNum = true, n.HighestNum+1 }
func (n noTie) P4(N int) { n.SendRequest(N, n.MyNum) }
func (n noTie) P6a()     { n.RequestCS = false }
func (n noTie) P7() int  { return n.Deferred.First() }
func (n noTie) P8(N int) { n.Deferred.Remove(N) }
func (n noTie) P9(N int) { n.SendReply(N) }
func (n noTie) P11()     { n.HighestNum = max(n.HighestNum, n.RequestedNum) }
func (n noTie) P12() {
	if !n.RequestCS || n.RequestedNum < n.MyNum {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

func TestMinimizeShortensAWalk(t *testing.T) {
	alg := rasteps.Algorithm("ra-benari", func(v *rasteps.Vars) rasteps.Steps { return noTie{v} })
	cfg := explore.Config{Alg: alg, Sim: sim.Config{N: 4}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Liveness}}
	res, err := explore.Walk(explore.WalkConfig{Config: cfg, Seed: 3, Walks: 50, Depth: 200})
	require.NoError(t, err)
	long := res.Counterexamples[explore.Liveness]
	require.NotNil(t, long)
	short := minimize(cfg, long)
	require.NotNil(t, short, "a walk of %d steps was not shortened", len(long.Steps))
	assert.Less(t, len(short.Steps), len(long.Steps))
	assert.Equal(t, "deadlock", short.Kind)
	// It replays, and ends deadlocked.
	st := scenario.NewSetup(alg, nil, cfg.Sim, cfg.Opts)
	evs, err := scenario.Replay(st, short.Events())
	require.NoError(t, err)
	w, err := st.World()
	require.NoError(t, err)
	for _, e := range evs {
		_, err := w.Apply(e)
		require.NoError(t, err)
	}
	assert.True(t, deadlocked(w))
}
