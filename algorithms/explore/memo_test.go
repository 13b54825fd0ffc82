package explore

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// A memo keeps every pair it is given, also pairs of one hash and past
// its table's growth, and finds each with what was done for it.
func TestStepMemoFindsEachPair(t *testing.T) {
	m := newStepMemo()
	type pair struct {
		part uint32
		e    sim.Event
		h    uint64
	}
	var pairs []pair
	for k := range 3000 {
		e := sim.Event{Kind: sim.EvDeliver, Node: k % 4, Msg: sim.Msg{From: uint8(k % 3), Kind: 1, A: int32(k)}}
		h := stepHash(uint32(k/7), &e)
		if k%3 == 0 {
			h = 42 // a third of them share one hash
		}
		pairs = append(pairs, pair{uint32(k / 7), e, h})
	}
	for k, p := range pairs {
		j, slot := m.find(p.h, p.part, &p.e)
		require.Equal(t, -1, j, "pair %d is new", k)
		m.add(slot, stepDone{key: stepKey{p.part, p.e}, hash: p.h, part: uint32(k)})
	}
	require.Greater(t, len(m.slots), 1<<10, "the table grew")
	for k, p := range pairs {
		j, _ := m.find(p.h, p.part, &p.e)
		require.GreaterOrEqual(t, j, 0, "pair %d is found", k)
		require.Equal(t, uint32(k), m.dones[j].part, "pair %d is its own", k)
	}
	other := pairs[3].e
	other.Msg.B = 1
	j, _ := m.find(42, pairs[3].part, &other)
	require.Equal(t, -1, j, "an event of the same hash and part is another pair")
}
