package stepwire

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// The descriptor keeps what the interface gave it, and its nodes start
// with the zero variables at their place; without code there are none.
func TestAlgorithm(t *testing.T) {
	type V = struct{ Self[int] }
	h := &Harness[V, int]{Pkg: "x", Wire: &Wire[V, int]{Self: func(v *V) *Self[int] { return &v.Self }, Noun: "handlers"}}
	var built []Node[V, int]
	wrap := func(b Node[V, int]) sim.Node { built = append(built, b); return nil }
	a := h.Algorithm(sim.Algorithm{Name: "x", MsgKinds: []string{"m"}}, func(*V) Handler { return nil }, nil, wrap)
	assert.Equal(t, "x", a.Name)
	assert.Equal(t, []string{"m"}, a.MsgKinds)
	_, err := a.New(sim.Config{N: 2})
	require.NoError(t, err)
	require.Len(t, built, 2)
	assert.Equal(t, Place{ID: 1, N: 2}, *built[1].At())
	_, err = h.Algorithm(sim.Algorithm{}, nil, nil, wrap).New(sim.Config{N: 2})
	assert.EqualError(t, err, "x: no handlers")
}
