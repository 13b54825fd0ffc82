package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// Random walks ask Config.Stop as the search does (dmelab check's
// --time-limit): told to stop, they end there, however many walks or
// events each were asked for, with Bound "stopped" and Walked saying how
// many had begun. A violation met before the stop is still reported.
func TestWalkStop(t *testing.T) {
	c := explore.Config{Alg: registry.Lookup("ra-v1"), Sim: sim.Config{N: 4}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}}
	wc := explore.WalkConfig{Config: c, Seed: 7, Walks: 200, Depth: 500}
	full, err := explore.Walk(wc)
	require.NoError(t, err)
	assert.Empty(t, full.Bound)
	assert.Equal(t, 200, explore.Walked(full))
	require.Equal(t, explore.Violated, full.Verdicts[explore.Liveness])

	// Walks that would never end on their own: the stop ends them at
	// the first question.
	asked := 0
	wc.Walks, wc.Depth = 1<<40, 1<<40
	wc.Stop = func() bool { asked++; return true }
	res, err := explore.Walk(wc)
	require.NoError(t, err)
	assert.Equal(t, 1, asked)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.Equal(t, 1024, res.States, "stopped at the first question, after 1024 states")
	assert.Positive(t, explore.Walked(res))
	assert.Less(t, explore.Walked(res), 1024)
	assert.Contains(t, res.Stopped(), "stopped by its caller")

	// One walk as long as it likes (a hundred enter() calls a node, each
	// a dozen events): the stop ends it too.
	wc.Alg, wc.Walks, wc.Depth = registry.Lookup("ra-benari"), 1, 1<<40
	wc.Opts.Requests = 100
	asked = 0
	wc.Stop = func() bool { asked++; return asked == 3 }
	res, err = explore.Walk(wc)
	require.NoError(t, err)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.Equal(t, 3*1024, res.States)
	assert.Equal(t, 1, explore.Walked(res))

	// Stopped after the deadlock was met: it is still reported.
	wc = explore.WalkConfig{Config: c, Seed: 7, Walks: 1 << 40, Depth: 500}
	asked = 0
	wc.Stop = func() bool { asked++; return asked*1024 > full.States }
	res, err = explore.Walk(wc)
	require.NoError(t, err)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	assert.NotNil(t, res.Counterexamples[explore.Liveness])
}
