package play

import (
	"strings"
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

// An election's nodes say whom they elected (State's Leader), and a step
// that elects a leader who is not the highest live node says so
// (WrongLeader, Elected), as the explorer's "wrong leader" does.
func TestLeaders(t *testing.T) {
	r, err := NewRun(Params{Algo: "election-bully", Nodes: 3, Requests: 1})
	require.NoError(t, err)
	for _, n := range r.State().Nodes {
		assert.Empty(t, n.Leader, "%s: no leader before any election", n.Name)
	}
	_, err = r.RunDefault(40)
	require.NoError(t, err)
	for _, n := range r.State().Nodes {
		assert.Equal(t, "N3", n.Leader, n.Name)
	}
	for _, st := range r.State().Steps {
		assert.False(t, st.WrongLeader, st.Text)
	}

	// N2's election while N3 is down: N2 elects itself, rightly; N3
	// comes back, and N1 then takes N2 as its leader: a wrong leader.
	w, err := NewRun(Params{Algo: "election-bully", Nodes: 3, Requests: 1, Crashes: 1, Recoveries: 1})
	require.NoError(t, err)
	require.NoError(t, w.Apply("request N2"))
	require.NoError(t, w.Apply("crash N3"))
	take(t, w, func(e Enabled) bool { return e.Node == 1 && strings.Contains(e.Text, "timeout") })
	assert.Equal(t, "N2", w.State().Nodes[1].Leader)
	assert.False(t, w.State().Steps[2].WrongLeader, "N3 is down: N2 is the highest live node")
	require.NoError(t, w.Apply("recover N3"))
	take(t, w, func(e Enabled) bool { return e.Node == 0 && e.From == 1 && strings.Contains(e.Text, "coordinator") })
	s := w.State()
	last := s.Steps[len(s.Steps)-1]
	assert.True(t, last.WrongLeader, last.Text)
	assert.Equal(t, 1, last.Elected, "N2")
	assert.Equal(t, "N2", s.Nodes[0].Leader)
}

// take applies the first enabled event of w that ok accepts.
func take(t *testing.T, w *Run, ok func(Enabled) bool) {
	t.Helper()
	for _, e := range w.State().Enabled {
		if ok(e) {
			require.NoError(t, w.Apply(e.Event))
			return
		}
	}
	t.Fatalf("no such event among %v", w.State().Enabled)
}
