package stepwire

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

type testVars struct {
	X []int
	Self[int]
}

// testNode is a node that is its Node and nothing more.
type testNode struct{ Node[testVars, int] }

func (*testNode) Request(*sim.Ctx)          {}
func (*testNode) Exit(*sim.Ctx)             {}
func (*testNode) Receive(*sim.Ctx, sim.Msg) {}
func (*testNode) Encode(*sim.Enc)           {}
func (*testNode) Decode(*sim.Dec)           {}
func (*testNode) Vars() []sim.Var           { return nil }

func testHarness(built *[]*testNode) *Harness[testVars, int] {
	return &Harness[testVars, int]{Pkg: "x", Max: 3, Wire: &Wire[testVars, int]{
		Put: func(e *sim.Enc, v *testVars) { PutInts(e, v.X, 2) }, Get: func(d *sim.Dec, v *testVars) { v.X = GetInts(d, 2) },
		PutSend: (*sim.Enc).Int, GetSend: (*sim.Dec).Int, MaxSends: 1, Ops: []Op{{Name: "Get()"}}},
		Alg:   sim.Algorithm{MsgKinds: []string{"m"}},
		Init:  func(i, n int) testVars { return testVars{X: []int{i, n}} },
		Copy:  func(dst, src *testVars) { x := append(dst.X[:0], src.X...); *dst = *src; dst.X = x },
		Phase: func(v *testVars) sim.Phase { return sim.Phase(v.X[0]) },
		Wrap: func(b Node[testVars, int]) sim.Node {
			n := &testNode{b}
			*built = append(*built, n)
			return n
		}}
}

// The descriptor keeps what the harness gave it, and its nodes start
// with Init's variables at their place; without code there are none, nor
// beyond Max nodes.
func TestDescriptor(t *testing.T) {
	var built []*testNode
	h := testHarness(&built)
	a := h.Descriptor("y", func(*testVars, int, int, int) int { return 0 })
	assert.Equal(t, "y", a.Name)
	assert.Equal(t, []string{"m"}, a.MsgKinds)
	_, err := a.New(sim.Config{N: 2})
	require.NoError(t, err)
	require.Len(t, built, 2)
	assert.Equal(t, Place{ID: 1, N: 2}, *built[1].At())
	assert.Equal(t, []int{1, 2}, built[1].V.X)
	assert.Equal(t, sim.Phase(1), built[1].Phase())
	_, err = a.New(sim.Config{N: 4})
	assert.EqualError(t, err, "x: at most 3 nodes")
	_, err = h.Descriptor("y", nil).New(sim.Config{N: 2})
	assert.EqualError(t, err, "x: no handlers")
}

// A node's Clone shares no list with it, and CopyFrom reuses its own.
func TestCloneAndCopyFrom(t *testing.T) {
	var built []*testNode
	nodes, err := testHarness(&built).Descriptor("y", func(*testVars, int, int, int) int { return 0 }).New(sim.Config{N: 2})
	require.NoError(t, err)
	c := nodes[0].Clone().(*testNode)
	c.V.X[0] = 9
	assert.Equal(t, []int{0, 2}, built[0].V.X)
	x := built[1].V.X
	built[1].CopyFrom(c)
	assert.Equal(t, []int{9, 2}, built[1].V.X)
	assert.Equal(t, &x[0], &built[1].V.X[0])
}

// Ends run a Steps' methods directly and behind the wire alike.
func TestEnds(t *testing.T) {
	type st interface{ Get() int }
	var built []*testNode
	e := Ends[testVars, int, st]{testHarness(&built), []Method[st]{MInt(st.Get)}}
	s := func(v *testVars) st { return getter{v} }
	call := func(req []byte) ([]byte, error) { return e.Guest(s)(req), nil }
	for _, a := range []*sim.Algorithm{e.Algorithm("y", s), e.Remote("y", call)} {
		_, err := a.New(sim.Config{N: 2})
		require.NoError(t, err)
	}
	for _, b := range built {
		out, ret, ok := b.Call(nil, 0, 0, 0, func(_, _ *testVars, _ []int, _ int) string { return "" })
		require.True(t, ok, b.Fault())
		assert.Equal(t, 2+b.At().ID, ret)
		assert.Equal(t, []int{5}, out)
	}
}

type getter struct{ v *testVars }

func (g getter) Get() int { Emit(&g.v.Self, 5); return g.v.X[1] + g.v.MyID() }
