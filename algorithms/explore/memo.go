package explore

import "dmelab/algorithms/sim"

// stepMemo keeps the steps a search has done (see replay in scratch.go):
// for a node's part and an event, the part it left and what it did. The
// steps are kept in the order they were done, and found through an
// open-addressing table of their hashes. A lookup compares the whole
// pair, so two pairs of one hash are both kept and told apart. (A Go map
// keyed by the pair hashed an Event, a Msg with its payload string, field
// by field: under make load's burst its lookups were 7 % of the server's
// work. One keyed by the hash still took a fifteenth of a student's
// search, and the pair built for it another twentieth.)
type stepMemo struct {
	slots []int32 // an index of dones plus one; 0 is empty; at most half full
	dones []stepDone
}

type stepKey struct {
	part uint32 // the node's part before
	e    sim.Event
}

type stepDone struct {
	key  stepKey
	hash uint64 // stepHash of key
	part uint32 // the node's part after
	did  sim.Did
}

// maxDone bounds what a memo keeps (the searches above need tens of
// thousands): past it, new pairs are applied without being kept.
const maxDone = 1 << 18

func newStepMemo() *stepMemo { return &stepMemo{slots: make([]int32, 1<<10)} }

// find returns the index in dones of the step of part and e, whose
// stepHash is h, or -1 and the slot where add should put it.
func (m *stepMemo) find(h uint64, part uint32, e *sim.Event) (int, uint64) {
	mask := uint64(len(m.slots) - 1)
	for p := h & mask; ; p = (p + 1) & mask {
		j := m.slots[p]
		if j == 0 {
			return -1, p
		}
		if d := &m.dones[j-1]; d.hash == h && d.key.part == part && d.key.e == *e {
			return int(j - 1), p
		}
	}
}

// add keeps d at slot, which find returned for d's pair.
func (m *stepMemo) add(slot uint64, d stepDone) {
	m.dones = append(m.dones, d)
	m.slots[slot] = int32(len(m.dones))
	if 2*len(m.dones) > len(m.slots) {
		m.slots = make([]int32, 2*len(m.slots))
		mask := uint64(len(m.slots) - 1)
		for j := range m.dones {
			p := m.dones[j].hash & mask
			for m.slots[p] != 0 {
				p = (p + 1) & mask
			}
			m.slots[p] = int32(j + 1)
		}
	}
}

// stepHash mixes a pair's fields (multiply and xor-shift, as hash does
// for a state's bytes).
func stepHash(part uint32, e *sim.Event) uint64 {
	const m = 0x9E3779B97F4A7C15
	h := uint64(part)*m ^ uint64(e.Kind)<<56 ^ uint64(uint32(e.Node))<<24 ^ uint64(e.Step.Proc)<<16
	h = (h ^ h>>29 ^ uint64(uint32(e.Step.Arg))) * m
	h = (h ^ h>>29 ^ uint64(e.Msg.From)<<56 ^ uint64(e.Msg.To)<<48 ^ uint64(e.Msg.Kind)<<40 ^ uint64(uint32(e.To))) * m
	h = (h ^ h>>29 ^ uint64(uint32(e.Msg.A))<<32 ^ uint64(uint32(e.Msg.B))) * m
	h = (h ^ h>>29 ^ uint64(uint32(e.Msg.TS))<<32 ^ uint64(e.Msg.HB)) * m
	if e.Msg.Data != "" {
		h ^= hash([]byte(e.Msg.Data))
	}
	return h ^ h>>31
}
