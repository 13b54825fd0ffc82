package explore

import (
	"slices"

	"dmelab/algorithms/sim"
)

// states keeps every state the search has seen, collapsed: a state's
// encoding is cut into its nodes' encodings and the simulator's tail
// (applications, clocks, messages in flight), and each distinct part is
// kept once (parts). A state is then its parts' ids: one per node and one
// for the tail. Nodes' ids are interned again two by two (pairs): there
// are few distinct pairs of node states (60,809 pairs of ra-benari's
// N=4 R=1 against 31,835,008 states under an earlier, weaker reduction), so a state is stored as the vector
// of its pairs' ids and its tail's, 12 bytes at N=4 instead of its
// whole encoding. An event changes one node and the tail, so a
// successor's ids are its parent's with two replaced.
//
// Indices are handed out in discovery order, which for a breadth-first
// search is also the order of distance from the initial state.
type states struct {
	parts *store
	pairs *vecTable // two nodes' part ids
	all   *vecTable // the states: pair ids (a lone last node's part id), then the tail's
	nodes int
	key   []uint32 // scratch
}

func newStates(nodes int) *states {
	return &states{parts: newStore(), pairs: newVecTable(2), all: newVecTable((nodes+1)/2 + 1), nodes: nodes}
}

func (s *states) len() int { return s.all.n }

// ids appends state i's ids (each node's part, then the tail's) to dst.
func (s *states) ids(dst []uint32, i int) []uint32 {
	v := s.all.vec(i)
	for k := 0; k < s.nodes/2; k++ {
		dst = append(dst, s.pairs.vec(int(v[k]))...)
	}
	if s.nodes%2 == 1 {
		dst = append(dst, v[s.nodes/2])
	}
	return append(dst, v[len(v)-1])
}

// keyOf builds the stored vector of ids; with add, new pairs are
// interned, without it false says some pair was never seen.
func (s *states) keyOf(ids []uint32, add bool) ([]uint32, bool) {
	key := s.key[:0]
	for k := 0; k+1 < s.nodes; k += 2 {
		pair := ids[k : k+2 : k+2]
		var p int
		if add {
			p, _ = s.pairs.add(pair)
		} else if p = s.pairs.lookup(pair); p < 0 {
			return key, false
		}
		key = append(key, uint32(p))
	}
	if s.nodes%2 == 1 {
		key = append(key, ids[s.nodes-1])
	}
	key = append(key, ids[s.nodes])
	s.key = key
	return key, true
}

// keyAfter is keyOf(ids, false) for a successor of the state whose
// stored vector is parent, in which no node's part but node's differs
// (and the tail's, which always may): its other pairs are the parent's,
// so only one pair is looked up. The key is appended to dst: keyAfter
// only reads s, so that lanes may call it at once (see ahead).
func (s *states) keyAfter(dst, parent, ids []uint32, node int) ([]uint32, bool) {
	key := append(dst, parent...)
	if s.nodes%2 == 1 && node == s.nodes-1 {
		key[s.nodes/2] = ids[node]
	} else {
		p := node &^ 1
		pair := s.pairs.lookup(ids[p : p+2 : p+2])
		if pair < 0 {
			return key, false
		}
		key[node/2] = uint32(pair)
	}
	key[len(key)-1] = ids[s.nodes]
	return key, true
}

// add returns the index of the state with these ids, adding it if it is
// new.
func (s *states) add(ids []uint32) (int, bool) {
	key, _ := s.keyOf(ids, true)
	return s.all.add(key)
}

// lookup returns the index of the state with these ids, or -1.
func (s *states) lookup(ids []uint32) int {
	key, ok := s.keyOf(ids, false)
	if !ok {
		return -1
	}
	return s.all.lookup(key)
}

// part interns one part and returns its id.
func (s *states) part(b []byte) uint32 {
	id, _ := s.parts.add(b)
	return uint32(id)
}

// find is part's id, interned when add is set; without add it reports
// false if the part was never seen (so no state with it was either).
func (s *states) find(b []byte, add bool) (uint32, bool) {
	if add {
		return s.part(b), true
	}
	id := s.parts.lookup(b)
	return uint32(id), id >= 0
}

// split cuts an encoding at cuts (each node's end) into dst's ids,
// interning the parts when add is set; without add it reports false if
// some part was never seen (so neither was the state).
func (s *states) split(dst []uint32, b []byte, cuts []int, add bool) ([]uint32, bool) {
	dst = dst[:0]
	from := 0
	for k := 0; k <= s.nodes; k++ {
		end := len(b)
		if k < len(cuts) {
			end = cuts[k]
		}
		id, ok := s.find(b[from:end], add)
		if !ok {
			return dst, false
		}
		dst = append(dst, id)
		from = end
	}
	return dst, true
}

// splitWorld is split of w's encoding.
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
// to ends (which must have a place per node, or be nil).
func (s *states) bytes(dst []byte, i int, ends []int) []byte {
	var buf [33]uint32
	for k, id := range s.ids(buf[:0], i) {
		dst = append(dst, s.parts.get(int(id))...)
		if k < len(ends) {
			ends[k] = len(dst)
		}
	}
	return dst
}

// size is the length of state i's whole encoding.
func (s *states) size(i int) int {
	var buf [33]uint32
	n := 0
	for _, id := range s.ids(buf[:0], i) {
		n += s.parts.size(int(id))
	}
	return n
}

// memBytes is the memory the states take, with the room kept for more.
func (s *states) memBytes() int {
	return s.all.memBytes() + s.pairs.memBytes() + s.parts.memBytes()
}

// usedBytes is the memory the states take, not counting room kept for
// more.
func (s *states) usedBytes() int {
	p := s.parts
	return s.all.usedBytes() + s.pairs.usedBytes() + p.bytes + p.len()*(2+8) + len(p.slots)*8
}

// vecTable numbers fixed-width vectors of ids: an open-addressing hash
// table over vectors kept back to back in chunks.
type vecTable struct {
	width   int
	vecs    [][]uint32 // chunks of vecsPerChunk vectors
	room    int        // their capacities summed (memBytes is asked at every state)
	n       int
	slots   []uint32 // see slotFor
	mask    uint64
	idxBits uint
	sink    uint32 // what rehash's reads sum to (so that they are made)
}

const vecsPerChunk = 1 << 16

func newVecTable(width int) *vecTable {
	t := &vecTable{width: width, slots: make([]uint32, 1<<10), idxBits: tagIdxBits}
	t.mask = uint64(len(t.slots) - 1)
	return t
}

// vec returns vector i, valid until the next add (only the first chunk
// moves, while append grows it).
func (s *vecTable) vec(i int) []uint32 {
	c := s.vecs[i/vecsPerChunk]
	o := (i % vecsPerChunk) * s.width
	return c[o : o+s.width : o+s.width]
}

// The table's slots hold index+1 (0 is empty) in their low idxBits bits
// and, above them, a few more bits of the state's hash, so that most
// probes of another state's slot are told apart without reading its
// vector. A table of 4-byte slots at most 70% full costs 6 to 12 bytes a
// state. Past 2^27 states the tag gives way to the index, one bit for
// each power of two the states pass. (It once gave way at once: with no
// tag, every probe of another state's slot read that state's vector, a
// cache miss, and ra-benari N=5 R=1 went on at a quarter of its rate
// past 134 million states.)
const tagIdxBits = 27

// slotFor returns the slot value of index idx for hash h.
func (s *vecTable) slotFor(h uint64, idx int) uint32 {
	v := uint32(idx + 1)
	if s.idxBits < 32 {
		v |= uint32(h>>(64-(32-s.idxBits))) << s.idxBits
	}
	return v
}

// find returns the slot where v is, or the empty slot where it would go,
// and v's index (-1 if absent).
func (s *vecTable) find(v []uint32, h uint64) (uint64, int) {
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
func (s *vecTable) add(v []uint32) (int, bool) { return s.addHashed(v, hashVec(v)) }

// addHashed is add of v, whose hashVec is h.
func (s *vecTable) addHashed(v []uint32, h uint64) (int, bool) {
	p, idx := s.find(v, h)
	if idx >= 0 {
		return idx, false
	}
	idx = s.append(v)
	s.slots[p] = s.slotFor(h, idx)
	switch {
	case s.idxBits < 32 && s.n+1 >= 1<<s.idxBits:
		s.idxBits++ // the tag gives way one bit at a time
		s.rehash(len(s.slots))
	case uint64(s.n)*10 > s.mask*7:
		s.rehash(2 * len(s.slots))
	}
	return idx, true
}

// lookup returns the index of the state with vector v, or -1.
func (s *vecTable) lookup(v []uint32) int {
	_, idx := s.find(v, hashVec(v))
	return idx
}

func (s *vecTable) append(v []uint32) int {
	if s.n%vecsPerChunk == 0 {
		c := vecsPerChunk * s.width
		if s.n == 0 {
			c = 64 * s.width // grown by append: small tables stay small
		}
		s.vecs = append(s.vecs, make([]uint32, 0, c))
		s.room += c
	}
	c := &s.vecs[len(s.vecs)-1]
	if len(*c)+len(v) > cap(*c) {
		s.room -= cap(*c)
		*c = grown(*c, vecsPerChunk*s.width)
		s.room += cap(*c)
	}
	*c = append(*c, v...)
	s.n++
	return s.n - 1
}

// rehash rebuilds the table with size slots from the vectors themselves.
// The vectors are taken rehashBatch at a time: their hashes first, then
// a loop that only reads their home slots, so that those cache misses
// overlap instead of each insertion waiting for its own (see ahead).
func (s *vecTable) rehash(size int) {
	s.slots = nil // let the old table go before the new one is made
	s.slots = make([]uint32, size)
	s.mask = uint64(size - 1)
	var hs [rehashBatch]uint64
	var sink uint32
	for from := 0; from < s.n; from += rehashBatch {
		to := min(from+rehashBatch, s.n)
		for i := from; i < to; i++ {
			hs[i-from] = hashVec(s.vec(i))
		}
		for _, h := range hs[:to-from] {
			sink += s.slots[h&s.mask]
		}
		for i := from; i < to; i++ {
			h := hs[i-from]
			p := h & s.mask
			for s.slots[p] != 0 {
				p = (p + 1) & s.mask
			}
			s.slots[p] = s.slotFor(h, i)
		}
	}
	s.sink += sink
}

const rehashBatch = 64

func (s *vecTable) memBytes() int { return s.room*4 + len(s.slots)*4 }

func (s *vecTable) usedBytes() int { return s.n*s.width*4 + len(s.slots)*4 }

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
