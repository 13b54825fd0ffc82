package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/explore"
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
