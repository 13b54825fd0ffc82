package explore

import (
	"slices"

	"dmelab/algorithms/sim"
)

// states keeps every state the search has seen, collapsed: a state's
// encoding is cut into its nodes' encodings and the simulator's tail
// (applications, clocks, messages in flight), each distinct part is kept
// once (parts), and a state is stored as the fixed-width vector of its
// parts' ids. Most states share most parts (an idle node encodes the same
// in millions of states), so a state costs 4 bytes per node and 4 for the
// tail instead of its whole encoding; and an event changes one node and
// the tail, so a successor's vector is its parent's with two ids replaced.
//
// Indices are handed out in discovery order, which for a breadth-first
// search is also the order of distance from the initial state.
type states struct {
	parts   *store
	width   int        // nodes + 1
	vecs    [][]uint32 // chunks of vecsPerChunk vectors
	n       int
	slots   []uint32 // see slotFor
	mask    uint64
	idxBits uint
}

const vecsPerChunk = 1 << 16

func newStates(nodes int) *states {
	s := &states{parts: newStore(), width: nodes + 1, slots: make([]uint32, 1<<16), idxBits: tagIdxBits}
	s.mask = uint64(len(s.slots) - 1)
	return s
}

func (s *states) len() int { return s.n }

// vec returns the vector of state i (it never moves).
func (s *states) vec(i int) []uint32 {
	c := s.vecs[i/vecsPerChunk]
	o := (i % vecsPerChunk) * s.width
	return c[o : o+s.width : o+s.width]
}

// part interns one part and returns its id.
func (s *states) part(b []byte) uint32 {
	id, _ := s.parts.add(b)
	return uint32(id)
}

// split cuts an encoding at cuts (each node's end, see encodeCuts) into
// dst's ids, interning the parts when add is set; without add it reports
// false if some part was never seen (so neither was the state).
func (s *states) split(dst []uint32, b []byte, cuts []int, add bool) ([]uint32, bool) {
	dst = dst[:0]
	from := 0
	for k := 0; k < s.width; k++ {
		end := len(b)
		if k < len(cuts) {
			end = cuts[k]
		}
		p := b[from:end]
		from = end
		if add {
			dst = append(dst, s.part(p))
			continue
		}
		id := s.parts.lookup(p)
		if id < 0 {
			return dst, false
		}
		dst = append(dst, uint32(id))
	}
	return dst, true
}

// splitWorld is split of w's encoding (see split).
func (s *states) splitWorld(dst []uint32, w *sim.World, add bool) ([]uint32, bool) {
	var e sim.Enc
	cuts := make([]int, len(w.Nodes))
	for i, n := range w.Nodes {
		n.Encode(&e)
		cuts[i] = len(e.B)
	}
	w.EncodeTail(&e)
	return s.split(dst, e.B, cuts, add)
}

// bytes appends state i's whole encoding to dst and each node's end in it
// to ends (which must have a place per node).
func (s *states) bytes(dst []byte, i int, ends []int) []byte {
	v := s.vec(i)
	for k, id := range v {
		dst = append(dst, s.parts.get(int(id))...)
		if k < len(ends) {
			ends[k] = len(dst)
		}
	}
	return dst
}

// size is the length of state i's whole encoding.
func (s *states) size(i int) int {
	n := 0
	for _, id := range s.vec(i) {
		n += s.parts.size(int(id))
	}
	return n
}

// The table's slots hold index+1 (0 is empty) in their low idxBits bits
// and, above them, a few more bits of the state's hash, so that most
// probes of another state's slot are told apart without reading its
// vector. A table of 4-byte slots at most 70% full costs 6 to 12 bytes a
// state. Past 2^27 states the tag gives way to the index.
const tagIdxBits = 27

// slotFor returns the slot value of index idx for hash h.
func (s *states) slotFor(h uint64, idx int) uint32 {
	v := uint32(idx + 1)
	if s.idxBits < 32 {
		v |= uint32(h>>(64-(32-s.idxBits))) << s.idxBits
	}
	return v
}

// find returns the slot where v is, or the empty slot where it would go,
// and v's index (-1 if absent).
func (s *states) find(v []uint32, h uint64) (uint64, int) {
	want := s.slotFor(h, -1) // the tag alone
	idxMask := uint32(1)<<s.idxBits - 1
	if s.idxBits == 32 {
		idxMask = ^uint32(0)
	}
	for p := h & s.mask; ; p = (p + 1) & s.mask {
		e := s.slots[p]
		if e == 0 {
			return p, -1
		}
		if e&^idxMask == want {
			idx := int(e&idxMask) - 1
			if slices.Equal(s.vec(idx), v) {
				return p, idx
			}
		}
	}
}

// add returns the index of the state with vector v, adding it if it is new.
func (s *states) add(v []uint32) (int, bool) {
	h := hashVec(v)
	p, idx := s.find(v, h)
	if idx >= 0 {
		return idx, false
	}
	idx = s.append(v)
	s.slots[p] = s.slotFor(h, idx)
	switch {
	case s.idxBits < 32 && s.n+1 >= 1<<s.idxBits:
		s.idxBits = 32
		s.rehash(len(s.slots))
	case uint64(s.n)*10 > s.mask*7:
		s.rehash(2 * len(s.slots))
	}
	return idx, true
}

// lookup returns the index of the state with vector v, or -1.
func (s *states) lookup(v []uint32) int {
	_, idx := s.find(v, hashVec(v))
	return idx
}

func (s *states) append(v []uint32) int {
	if s.n%vecsPerChunk == 0 {
		s.vecs = append(s.vecs, make([]uint32, 0, vecsPerChunk*s.width))
	}
	c := &s.vecs[len(s.vecs)-1]
	*c = append(*c, v...)
	s.n++
	return s.n - 1
}

// rehash rebuilds the table with size slots from the vectors themselves.
func (s *states) rehash(size int) {
	s.slots = nil // let the old table go before the new one is made
	s.slots = make([]uint32, size)
	s.mask = uint64(size - 1)
	for i := 0; i < s.n; i++ {
		h := hashVec(s.vec(i))
		p := h & s.mask
		for s.slots[p] != 0 {
			p = (p + 1) & s.mask
		}
		s.slots[p] = s.slotFor(h, i)
	}
}

// memBytes is the memory the vectors, the table and the parts take.
func (s *states) memBytes() int {
	return len(s.vecs)*vecsPerChunk*s.width*4 + len(s.slots)*4 + s.parts.memBytes()
}

// usedBytes is the memory the states take, not counting room kept for
// more.
func (s *states) usedBytes() int {
	p := s.parts
	return s.n*s.width*4 + len(s.slots)*4 + p.bytes + p.len()*(2+8) + len(p.slots)*8
}

// hashVec is hash over a vector's ids, two at a time.
func hashVec(v []uint32) uint64 {
	const m = 0x9E3779B97F4A7C15
	h := uint64(len(v)) * m
	for len(v) >= 2 {
		h = (h ^ (uint64(v[0]) | uint64(v[1])<<32)) * m
		h ^= h >> 29
		v = v[2:]
	}
	if len(v) == 1 {
		h = (h ^ uint64(v[0])) * m
	}
	h ^= h >> 32
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 31
	return h
}
