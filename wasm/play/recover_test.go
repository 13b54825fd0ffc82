package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
)

// A crashed node comes back where the algorithm allows it (the bully
// election) and within the budget; elsewhere it has no recover event.
func TestRecover(t *testing.T) {
	r, err := NewRun(Params{Algo: "election-bully", Nodes: 3, Requests: 1, Crashes: 1, Recoveries: 1})
	require.NoError(t, err)
	require.NoError(t, r.Apply("crash N3"))
	s := r.State()
	assert.True(t, s.Nodes[2].Crashed)
	require.NoError(t, r.Apply("recover N3"))
	s = r.State()
	assert.False(t, s.Nodes[2].Crashed)
	last := s.Steps[len(s.Steps)-1]
	assert.Equal(t, "recover", last.Kind)
	listing := registry.Lookup("election-bully").Listing
	require.NotEmpty(t, s.Nodes[2].Last)
	assert.Equal(t, "recover", listing[s.Nodes[2].Last[0]].On, "the recovery handler is marked")
	for _, e := range s.Enabled {
		assert.NotEqual(t, "recover", e.Kind, "the budget of one recovery is spent")
	}

	c, err := NewRun(Params{Algo: "central", Nodes: 3, Requests: 1, Crashes: 1, Recoveries: 1})
	require.NoError(t, err)
	require.NoError(t, c.Apply("crash N2"))
	for _, e := range c.State().Enabled {
		assert.NotEqual(t, "recover", e.Kind, "central's nodes cannot recover")
	}
	_, err = NewRun(Params{Algo: "central", Nodes: 3, Requests: 1, Recoveries: 4})
	assert.Error(t, err)
}
