package explore

// seg is an append-only array stored in fixed-size chunks: growing it never
// copies what is already there, which matters when it holds one entry per
// state of a search with tens of millions of states.
type seg[T any] struct {
	chunks [][]T
	n      int
	room   int // the chunks' capacities summed (bytes is asked at every state)
}

const segBits = 20

func (s *seg[T]) push(v T) {
	if s.n>>segBits == len(s.chunks) {
		// The first chunk starts small and grows as append grows it (a
		// search of a few hundred states should not take megabytes);
		// later ones are made whole.
		c := 1 << segBits
		if len(s.chunks) == 0 {
			c = 256
		}
		s.chunks = append(s.chunks, make([]T, 0, c))
		s.room += c
	}
	c := &s.chunks[s.n>>segBits]
	if len(*c) == cap(*c) {
		s.room -= cap(*c)
		*c = grown(*c, 1<<segBits)
		s.room += cap(*c)
	}
	*c = append(*c, v)
	s.n++
}

// grown is c with room for as many again (at most limit in all): append
// alone grows a large slice by a quarter at a time, which copies a chunk
// growing to a million entries some forty times.
func grown[T any](c []T, limit int) []T {
	g := make([]T, len(c), min(max(2*cap(c), 16), limit))
	copy(g, c)
	return g
}

func (s *seg[T]) at(i int) T { return s.chunks[i>>segBits][i&(1<<segBits-1)] }

func (s *seg[T]) len() int { return s.n }

// bytes is the memory the entries take.
func (s *seg[T]) bytes(size int) int { return s.room * size }

// bits is an append-only bit array, one bit per state.
type bits struct {
	w     seg[uint64]
	count int
}

func (b *bits) push(v bool) {
	n := b.w.len()
	i := b.count
	if i/64 == n {
		b.w.push(0)
	}
	if v {
		c := &b.w.chunks[(i/64)>>segBits][(i/64)&(1<<segBits-1)]
		*c |= 1 << (i % 64)
	}
	b.count++
}

func (b *bits) at(i int) bool { return b.w.at(i/64)&(1<<(i%64)) != 0 }

func (b *bits) bytes() int { return b.w.bytes(8) }

// nodeSets keeps a set of nodes per state in as few bytes as the number
// of nodes needs (one byte up to 8 nodes).
type nodeSets struct {
	b8    seg[uint8]
	b16   seg[uint16]
	b32   seg[uint32]
	width int
}

func newNodeSets(nodes int) nodeSets {
	switch {
	case nodes <= 8:
		return nodeSets{width: 1}
	case nodes <= 16:
		return nodeSets{width: 2}
	}
	return nodeSets{width: 4}
}

func (s *nodeSets) push(v uint32) {
	switch s.width {
	case 1:
		s.b8.push(uint8(v))
	case 2:
		s.b16.push(uint16(v))
	default:
		s.b32.push(v)
	}
}

func (s *nodeSets) at(i int) uint32 {
	switch s.width {
	case 1:
		return uint32(s.b8.at(i))
	case 2:
		return uint32(s.b16.at(i))
	}
	return s.b32.at(i)
}

func (s *nodeSets) bytes() int {
	return s.b8.bytes(1) + s.b16.bytes(2) + s.b32.bytes(4)
}
