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

// The check for cycles after a reduced search (the cycle proviso) goes
// through every state and edge and asks Stop too. Stopped there, the
// search is no longer known complete (the reduction is sound only if the
// proviso holds): Bound "stopped", safety unknown, the liveness check
// not begun. ra-benari N=3 R=1: the search asks Stop once per 1,024
// states, so any question past those is the cycle check's. The liveness
// check's own look for cycles is bounded alike.
func TestStopEndsTheCycleCheck(t *testing.T) {
	c := explore.Config{Alg: registry.Lookup("ra-benari"), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}}
	asked := 0
	c.Stop = func() bool { asked++; return false }
	full, err := explore.Check(c)
	require.NoError(t, err)
	require.True(t, full.Complete)
	require.True(t, full.Reduced)
	search := (full.States + 1023) / 1024
	require.Greater(t, asked, search, "the cycle check asks Stop")

	asked = 0
	c.Stop = func() bool { asked++; return asked > search }
	res, err := explore.Check(c)
	require.NoError(t, err)
	assert.Equal(t, full.States, res.States, "the search itself was complete")
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.False(t, res.LivenessStopped, "stopped before the liveness check")
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Safety])
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Liveness])

	// Without the reduction the liveness check asks first whether the
	// graph has a cycle at all; stopped there, liveness is unknown (not
	// "holds", as for a graph known to be acyclic) and safety stands.
	c.NoReduce = true
	asked = 0
	c.Stop = func() bool { asked++; return false }
	full, err = explore.Check(c)
	require.NoError(t, err)
	require.False(t, full.Reduced)
	search = (full.States + 1023) / 1024
	require.Greater(t, asked, search, "the cycle check asks Stop")
	asked = 0
	c.Stop = func() bool { asked++; return asked > search }
	res, err = explore.Check(c)
	require.NoError(t, err)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.True(t, res.LivenessStopped)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Liveness])
}
