package explore

import "encoding/binary"

// store keeps every state the search has seen, exactly: the encodings live
// back to back in large chunks (a two-byte length before each), and an
// open-addressing hash table maps an encoding to its index. A slot holds
// the high 32 bits of the hash (which also pick the slot, so the table can
// grow without reading the states again) and the index. Indices are
// handed out in discovery order, which for a breadth-first search is also
// the order of distance from the initial state.
type store struct {
	chunks [][]byte
	offs   seg[uint64] // chunk<<32 | offset within chunk
	slots  []uint64    // hash tag<<32 | index+1; 0 is empty
	mask   uint64
	bytes  int // encoded bytes kept, for the bytes-per-state figure
}

const chunkSize = 1 << 24

func newStore() *store {
	s := &store{slots: make([]uint64, 1<<10)} // grown as it fills
	s.mask = uint64(len(s.slots) - 1)
	return s
}

func (s *store) len() int { return s.offs.len() }

// get returns the encoding of state i (valid until the next add).
func (s *store) get(i int) []byte {
	o := s.offs.at(i)
	c := s.chunks[o>>32]
	p := int(o & 0xffffffff)
	n := int(binary.LittleEndian.Uint16(c[p:]))
	return c[p+2 : p+2+n]
}

// size is the length of entry i.
func (s *store) size(i int) int {
	o := s.offs.at(i)
	p := int(o & 0xffffffff)
	return int(binary.LittleEndian.Uint16(s.chunks[o>>32][p:]))
}

// add returns the index of b, adding it if it is new.
func (s *store) add(b []byte) (int, bool) {
	tag := hash(b) >> 32
	for p := tag & s.mask; ; p = (p + 1) & s.mask {
		e := s.slots[p]
		if e == 0 {
			idx := s.append(b)
			s.slots[p] = tag<<32 | uint64(idx+1)
			if uint64(s.offs.len())*2 > s.mask {
				s.grow()
			}
			return idx, true
		}
		if e>>32 == tag {
			idx := int(e&0xffffffff) - 1
			if string(s.get(idx)) == string(b) {
				return idx, false
			}
		}
	}
}

// lookup returns the index of b or -1.
func (s *store) lookup(b []byte) int {
	tag := hash(b) >> 32
	for p := tag & s.mask; ; p = (p + 1) & s.mask {
		e := s.slots[p]
		if e == 0 {
			return -1
		}
		if e>>32 == tag {
			idx := int(e&0xffffffff) - 1
			if string(s.get(idx)) == string(b) {
				return idx
			}
		}
	}
}

func (s *store) append(b []byte) int {
	if len(b) > 0xffff {
		panic("explore: a state encoding longer than 64 KiB")
	}
	need := len(b) + 2
	if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1])+need > cap(s.chunks[len(s.chunks)-1]) {
		// Chunks double from 4 KiB up to chunkSize, so that a small
		// search keeps a small store, and nothing is copied as the
		// store grows: memory is written once (on the project's VM,
		// writing fresh memory costs about 4.5 ms per MiB, and growing
		// one chunk by append, copying it, was a tenth of a Lamport
		// search).
		c := 4096
		if n := len(s.chunks); n > 0 {
			c = min(2*cap(s.chunks[n-1]), chunkSize)
		}
		s.chunks = append(s.chunks, make([]byte, 0, max(c, need)))
	}
	ci := len(s.chunks) - 1
	c := s.chunks[ci]
	off := len(c)
	c = binary.LittleEndian.AppendUint16(c, uint16(len(b)))
	c = append(c, b...)
	s.chunks[ci] = c
	s.offs.push(uint64(ci)<<32 | uint64(off))
	s.bytes += len(b)
	return s.offs.len() - 1
}

func (s *store) grow() {
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

// memBytes estimates the memory the store holds per state and in all.
func (s *store) memBytes() int {
	n := 0
	for _, c := range s.chunks {
		n += cap(c)
	}
	return n + s.offs.bytes(8) + len(s.slots)*8
}

// hash is a fast, deterministic 64-bit hash of b (8 bytes at a time,
// multiply and xor-shift mixing).
func hash(b []byte) uint64 {
	const m = 0x9E3779B97F4A7C15
	h := uint64(len(b)) * m
	for len(b) >= 8 {
		h = (h ^ binary.LittleEndian.Uint64(b)) * m
		h ^= h >> 29
		b = b[8:]
	}
	var t uint64
	for i, c := range b {
		t |= uint64(c) << (8 * i)
	}
	h = (h ^ t) * m
	h ^= h >> 32
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 31
	return h
}
