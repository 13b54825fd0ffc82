package sim_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// bag is a test algorithm whose requests carry payloads: enter() sends
// node 0 a message whose Data is the sender's list of numbers, and the
// receiver appends them to its own list.
type bag struct {
	id    int
	phase sim.Phase
	got   []int
}

func bagAlgorithm(payloads bool) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "bag",
		Payloads: payloads,
		MsgKinds: []string{"put"},
		New: func(cfg sim.Config) ([]sim.Node, error) {
			nodes := make([]sim.Node, cfg.N)
			for i := range nodes {
				nodes[i] = &bag{id: i}
			}
			return nodes, nil
		},
	}
}

func (n *bag) Clone() sim.Node {
	c := *n
	c.got = append([]int(nil), n.got...)
	return &c
}
func (n *bag) Phase() sim.Phase { return n.phase }
func (n *bag) Request(c *sim.Ctx) {
	var e sim.Enc
	e.Ints([]int{n.id, n.id * 100})
	c.Send(0, sim.Msg{Data: string(e.B)})
	n.phase = sim.InCS
}
func (n *bag) Exit(*sim.Ctx)                 { n.phase = sim.Idle }
func (n *bag) CanReceive(sim.Msg) bool       { return true }
func (n *bag) Steps(d []sim.Step) []sim.Step { return d }
func (n *bag) Do(*sim.Ctx, sim.Step)         {}
func (n *bag) StepLabel(sim.Step) string     { return "" }
func (n *bag) Vars() []sim.Var               { return nil }
func (n *bag) Receive(_ *sim.Ctx, m sim.Msg) {
	d := sim.Dec{B: []byte(m.Data)}
	n.got = append(n.got, d.Ints()...)
}
func (n *bag) Encode(e *sim.Enc) { e.Int(int(n.phase)); e.Ints(n.got) }
func (n *bag) Decode(d *sim.Dec) { n.phase = sim.Phase(d.Int()); n.got = d.IntsInto(n.got) }

func bagWorld(t *testing.T, order ...int) *sim.World {
	w, err := sim.NewWorld(bagAlgorithm(true), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, i := range order {
		_, err := w.Apply(sim.Event{Kind: sim.EvRequest, Node: i})
		require.NoError(t, err)
	}
	return w
}

func encode(w *sim.World) []byte {
	var e sim.Enc
	w.Encode(&e)
	return e.B
}

// Messages that differ only in their payloads sort by the payloads'
// bytes, so the state has one encoding whatever the order of sending.
func TestPayloadsAreCanonical(t *testing.T) {
	a, b := bagWorld(t, 1, 2), bagWorld(t, 2, 1)
	require.Len(t, a.Net, 2)
	assert.Equal(t, a.Net, b.Net)
	assert.Equal(t, encode(a), encode(b))
	assert.NotEqual(t, a.Net[0].Data, a.Net[1].Data)
}

// A payload is part of the state: a state decoded from an encoding has
// the same messages, and equal payloads re-encode to equal bytes. Decoding
// the same state again allocates no payloads (no more than decoding a
// state without messages): the world interns them.
func TestPayloadsDecodeByValue(t *testing.T) {
	a := bagWorld(t, 2, 1)
	b := bagWorld(t)
	enc := encode(a)
	require.NoError(t, b.Decode(enc))
	assert.Equal(t, a.Net, b.Net)
	assert.Equal(t, enc, encode(b))
	empty := encode(bagWorld(t))
	base := testing.AllocsPerRun(10, func() { require.NoError(t, b.Decode(empty)) })
	allocs := testing.AllocsPerRun(10, func() { require.NoError(t, b.Decode(enc)) })
	assert.Equal(t, base, allocs)

	// Deliver both and check the receiver read the payloads.
	for len(b.Net) > 0 {
		_, err := b.Apply(sim.Event{Kind: sim.EvDeliver, Node: 0, Msg: b.Net[0]})
		require.NoError(t, err)
	}
	assert.Equal(t, []int{1, 100, 2, 200}, b.Nodes[0].(*bag).got)
}

// A truncated payload is an error, not a panic.
func TestPayloadTruncated(t *testing.T) {
	enc := encode(bagWorld(t, 1))
	b := bagWorld(t)
	assert.Error(t, b.Decode(enc[:len(enc)-1]))
}

// An algorithm that sends payloads without declaring them would lose them
// from its states; the simulator refuses instead.
func TestUndeclaredPayloadRefused(t *testing.T) {
	w, err := sim.NewWorld(bagAlgorithm(false), sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	_, err = w.Apply(sim.Event{Kind: sim.EvRequest, Node: 1})
	assert.ErrorContains(t, err, "does not declare Payloads")
}

// Without a FormatMsg the payload shows as hex beside the kind.
func TestPayloadDefaultFormat(t *testing.T) {
	w := bagWorld(t, 1)
	assert.Equal(t, "put[0402c801]", w.Alg.Format(w.Net[0]))
}
