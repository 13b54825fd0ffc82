package stepwire

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// listVars are variables with a list, the case where a call's memory,
// kept from call to call (callScratch), could end up shared.
type listVars struct {
	Self[int]
	Q []int
}

// The ops of listCode: 0 appends a to Q and sends it, 1 writes a over Q[0] in
// place, 2 does the same and then breaks the contract.
func listCode(v *listVars, op, a, _ int) int {
	switch op {
	case 0:
		v.Q = append(v.Q, a)
		Emit(&v.Self, a)
	default:
		v.Q[0] = a
	}
	return 0
}

func listNodes(t *testing.T) []Node[listVars, int] {
	h := &Harness[listVars, int]{Wire: &Wire[listVars, int]{Ops: []Op{{Name: "Append"}, {Name: "Set"}, {Name: "Break"}}}, Pkg: "test",
		Copy: func(dst, src *listVars) {
			q := append(dst.Q[:0], src.Q...)
			*dst = *src
			dst.Q = q
		}}
	nodes, err := Nodes(h, listCode, 1, func(int) listVars { return listVars{Q: []int{1, 2, 3}} },
		func(n Node[listVars, int]) Node[listVars, int] { return n })
	require.NoError(t, err)
	return nodes
}

func keep(op int) func(old, v *listVars, out []int, ret int) string {
	return func(old, v *listVars, out []int, ret int) string {
		if op == 2 {
			return "broke it"
		}
		return ""
	}
}

// The variables a call leaves are the node's alone: a later call of the
// node or of a clone (which shares its call's memory) changes neither
// the node's lists nor its clone's, and a call that breaks the contract
// leaves the node's variables as they were.
func TestCallLeavesTheNodeItsOwnVariables(t *testing.T) {
	n := &listNodes(t)[0]
	c := n.Copy()
	_, _, ok := n.Call(nil, 1, 100, 0, keep(1))
	require.True(t, ok)
	_, _, ok = c.Call(nil, 1, 200, 0, keep(1))
	require.True(t, ok)
	assert.Equal(t, []int{100, 2, 3}, n.V.Q)
	assert.Equal(t, []int{200, 2, 3}, c.V.Q)

	out, _, ok := n.Call(nil, 0, 7, 0, keep(0))
	require.True(t, ok)
	assert.Equal(t, []int{7}, out)
	assert.Equal(t, []int{100, 2, 3, 7}, n.V.Q)
	// Each call's messages are its own, though written in one array.
	out, _, ok = c.Call(nil, 0, 8, 0, keep(0))
	require.True(t, ok)
	assert.Equal(t, []int{8}, out)
	assert.Equal(t, []int{200, 2, 3, 8}, c.V.Q)
	_, _, ok = c.Call(nil, 1, 300, 0, keep(1))
	require.True(t, ok)
	assert.Equal(t, []int{100, 2, 3, 7}, n.V.Q)
	assert.Equal(t, []int{300, 2, 3, 8}, c.V.Q)

	d := c.Copy()
	_, _, ok = d.Call(nil, 2, 400, 0, keep(2))
	assert.False(t, ok)
	assert.Equal(t, "Break broke it", d.Fault())
	assert.Equal(t, []int{300, 2, 3, 8}, d.V.Q)
	assert.Equal(t, []int{300, 2, 3, 8}, c.V.Q)
	assert.Equal(t, []int{100, 2, 3, 7}, n.V.Q)
}
