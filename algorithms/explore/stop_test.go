package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// A caller that says stop ends the search as a bound does: incomplete,
// Bound "stopped", every verdict unknown; one that never does changes
// nothing. (The caller owns the clock: dmelab check's --time-limit.)
func TestStop(t *testing.T) {
	c := explore.Config{Alg: central.Algorithm(), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}}
	full, err := explore.Check(c)
	require.NoError(t, err)
	require.True(t, full.Complete)

	asked := 0
	c.Stop = func() bool { asked++; return true }
	res, err := explore.Check(c)
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Safety])
	assert.Contains(t, res.Stopped(), "stopped by its caller")
	assert.Positive(t, asked)

	c.Stop = func() bool { return false }
	res, err = explore.Check(c)
	require.NoError(t, err)
	assert.True(t, res.Complete)
	assert.Empty(t, res.Bound)
	assert.Equal(t, full.Verdicts, res.Verdicts)
	assert.Equal(t, full.States, res.States)
}

// The liveness check after a complete search is bounded too: it reports
// its progress (which node's waiting states it is going through, and how
// many states so far) and asks Stop as it goes. Stopped there, the
// search's own verdicts stand and liveness is unknown.
func TestStopEndsTheLivenessCheck(t *testing.T) {
	c := explore.Config{Alg: registry.Lookup("election-bully"), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}, ProgressEvery: 100}
	var seen []explore.Progress
	c.Progress = func(p explore.Progress) {
		if p.Liveness {
			seen = append(seen, p)
		}
	}
	full, err := explore.Check(c)
	require.NoError(t, err)
	require.True(t, full.Complete)
	require.Equal(t, explore.Holds, full.Verdicts[explore.Liveness])
	require.Greater(t, len(seen), 20, "the liveness check reports its progress")
	for k, p := range seen {
		assert.Equal(t, full.States, p.States)
		assert.Equal(t, 100*(k+1), p.Checked)
		if k > 0 {
			assert.GreaterOrEqual(t, p.Node, seen[k-1].Node)
		}
	}
	assert.Equal(t, 2, seen[len(seen)-1].Node, "every node's waiting states are gone through")

	// Stop says yes from the first report of the liveness check on.
	inLiveness, asked := false, 0
	c.Progress = func(p explore.Progress) { inLiveness = inLiveness || p.Liveness }
	c.Stop = func() bool {
		if inLiveness {
			asked++
		}
		return inLiveness
	}
	res, err := explore.Check(c)
	require.NoError(t, err)
	assert.Equal(t, 1, asked, "the check stops the first time it asks")
	assert.False(t, res.Complete)
	assert.True(t, res.LivenessStopped)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.Equal(t, full.States, res.States)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety], "the search was complete")
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Liveness])
	assert.Contains(t, res.Stopped(), "the liveness check was stopped by its caller, after a complete search of")

	// A starvation not yet found when the check stops is not reported.
	c = explore.Config{Alg: registry.Lookup("permission-ring"), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}, ProgressEvery: 1}
	inLiveness = false
	c.Progress = func(p explore.Progress) { inLiveness = inLiveness || p.Liveness }
	c.Stop = func() bool { return inLiveness }
	res, err = explore.Check(c)
	require.NoError(t, err)
	assert.True(t, res.LivenessStopped)
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Liveness])
	assert.Nil(t, res.Counterexamples[explore.Liveness])
}
