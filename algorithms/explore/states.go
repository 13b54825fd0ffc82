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
	parts *store
	width int        // nodes + 1
	vecs  [][]uint32 // chunks of vecsPerChunk vectors
	n     int
	slots []uint64 // hash tag<<32 | index+1; 0 is empty
	mask  uint64
}

const vecsPerChunk = 1 << 16

func newStates(nodes int) *states {
	s := &states{parts: newStore(), width: nodes + 1, slots: make([]uint64, 1<<16)}
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

// add returns the index of the state with vector v, adding it if it is new.
func (s *states) add(v []uint32) (int, bool) {
	tag := hashVec(v) >> 32
	for p := tag & s.mask; ; p = (p + 1) & s.mask {
		e := s.slots[p]
		if e == 0 {
			idx := s.append(v)
			s.slots[p] = tag<<32 | uint64(idx+1)
			if uint64(s.n)*10 > s.mask*7 {
				s.grow()
			}
			return idx, true
		}
		if e>>32 == tag {
			idx := int(e&0xffffffff) - 1
			if slices.Equal(s.vec(idx), v) {
				return idx, false
			}
		}
	}
}

// lookup returns the index of the state with vector v, or -1.
func (s *states) lookup(v []uint32) int {
	tag := hashVec(v) >> 32
	for p := tag & s.mask; ; p = (p + 1) & s.mask {
		e := s.slots[p]
		if e == 0 {
			return -1
		}
		if e>>32 == tag {
			idx := int(e&0xffffffff) - 1
			if slices.Equal(s.vec(idx), v) {
				return idx
			}
		}
	}
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

func (s *states) grow() {
	old := s.slots
	s.slots = make([]uint64, 2*len(old))
	s.mask = uint64(len(s.slots) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		p := (e >> 32) & s.mask
		for s.slots[p] != 0 {
			p = (p + 1) & s.mask
		}
		s.slots[p] = e
	}
}

// memBytes is the memory the vectors, the table and the parts take.
func (s *states) memBytes() int {
	return len(s.vecs)*vecsPerChunk*s.width*4 + len(s.slots)*8 + s.parts.memBytes()
}

// usedBytes is the memory the states take, not counting room kept for
// more.
func (s *states) usedBytes() int {
	p := s.parts
	return s.n*s.width*4 + len(s.slots)*8 + p.bytes + p.len()*(2+8) + len(p.slots)*8
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
