package counter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/counter"
	"dmelab/algorithms/registry"
)

// Without mutual exclusion, 10 processes adding 100 times each lose
// updates; the count is reproducible from the seed.
func TestUnprotectedLosesUpdates(t *testing.T) {
	r, err := counter.Run(counter.Config{Procs: 10, Adds: 100, Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 1000, r.Expected)
	assert.Positive(t, r.Lost)
	assert.Equal(t, r.Expected, r.Final+r.Lost)
	again, err := counter.Run(counter.Config{Procs: 10, Adds: 100, Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, r.Final, again.Final)

	one, err := counter.Run(counter.Config{Procs: 1, Adds: 50, Seed: 1})
	require.NoError(t, err)
	assert.Zero(t, one.Lost, "a single process cannot race with itself")
}

// With a correct algorithm the count is exact.
func TestProtectedIsExact(t *testing.T) {
	for _, name := range []string{"central", "token-ring", "lamport", "ra-lamport", "ra-benari", "maekawa-safe"} {
		r, err := counter.Run(counter.Config{Alg: registry.Lookup(name), Procs: 10, Adds: 5, Seed: 3})
		require.NoError(t, err, name)
		assert.False(t, r.Stuck, name)
		assert.Equal(t, 50, r.Final, name)
		assert.Zero(t, r.Lost, name)
		assert.Positive(t, r.Messages, name)
	}
}

// A flawed algorithm shows its flaw in the count: ra-v2's idle nodes defer
// forever, so the run gets stuck.
func TestFlawedAlgorithmGetsStuck(t *testing.T) {
	r, err := counter.Run(counter.Config{Alg: registry.Lookup("ra-v2"), Procs: 4, Adds: 5, Seed: 1})
	require.NoError(t, err)
	assert.True(t, r.Stuck)
	assert.Less(t, r.Done, r.Expected)
}
