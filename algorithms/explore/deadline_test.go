package explore_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// A deadline that has passed stops the search as a bound does: incomplete,
// Bound "time", every verdict unknown; a far one changes nothing.
func TestDeadline(t *testing.T) {
	c := explore.Config{Alg: central.Algorithm(), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}}
	full, err := explore.Check(c)
	require.NoError(t, err)
	require.True(t, full.Complete)

	c.Deadline = time.Now().Add(-time.Second)
	res, err := explore.Check(c)
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundTime, res.Bound)
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Safety])
	assert.Contains(t, res.Stopped(), "time limit")

	c.Deadline = time.Now().Add(time.Hour)
	res, err = explore.Check(c)
	require.NoError(t, err)
	assert.True(t, res.Complete)
	assert.Empty(t, res.Bound)
	assert.Equal(t, full.Verdicts, res.Verdicts)
	assert.Equal(t, full.States, res.States)
}
