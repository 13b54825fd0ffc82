package explore

// seg is an append-only array stored in fixed-size chunks: growing it never
// copies what is already there, which matters when it holds one entry per
// state of a search with tens of millions of states.
type seg[T any] struct {
	chunks [][]T
	n      int
}

const segBits = 20

func (s *seg[T]) push(v T) {
	if s.n>>segBits == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, 0, 1<<segBits))
	}
	c := &s.chunks[s.n>>segBits]
	*c = append(*c, v)
	s.n++
}

func (s *seg[T]) at(i int) T { return s.chunks[i>>segBits][i&(1<<segBits-1)] }

func (s *seg[T]) len() int { return s.n }

// bytes is the memory the entries take.
func (s *seg[T]) bytes(size int) int { return len(s.chunks) * (1 << segBits) * size }
