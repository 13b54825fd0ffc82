package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A vector table finds every vector it was given and no other, through
// growth and through the tag giving way to the index a bit at a time
// (here from 15 vectors on instead of 2^27).
func TestVecTableFindsWhatWasAdded(t *testing.T) {
	for _, bits := range []uint{4, tagIdxBits} {
		s := newVecTable(3)
		s.idxBits = bits
		vec := func(i int) []uint32 { return []uint32{uint32(i % 7), uint32(i / 7), uint32(i * 31 % 11)} }
		const n = 200_000
		for i := 0; i < n; i++ {
			idx, isNew := s.add(vec(i))
			require.True(t, isNew, "state %d", i)
			require.Equal(t, i, idx)
		}
		assert.Equal(t, n, s.n)
		if bits == 4 {
			assert.Equal(t, uint(18), s.idxBits, "an index bit for each power of two passed, the rest tag")
		}
		for i := 0; i < n; i++ {
			idx, isNew := s.add(vec(i))
			require.False(t, isNew)
			require.Equal(t, i, idx)
			require.Equal(t, i, s.lookup(vec(i)))
			require.Equal(t, vec(i), s.vec(i))
		}
		assert.Equal(t, -1, s.lookup([]uint32{99, 99, 99}))
	}
}

// Parts are interned once and a state's encoding is put back together
// from them, cut where each node's part ends.
func TestStatesSplitAndJoin(t *testing.T) {
	s := newStates(2)
	b := []byte("aaabbbbtail")
	v, ok := s.split(nil, b, []int{3, 7}, true)
	require.True(t, ok)
	require.Len(t, v, 3)
	idx, _ := s.add(v)
	ends := make([]int, 2)
	assert.Equal(t, b, s.bytes(nil, idx, ends))
	assert.Equal(t, []int{3, 7}, ends)
	assert.Equal(t, len(b), s.size(idx))
	_, ok = s.split(nil, []byte("aaabbbbother"), []int{3, 7}, false)
	assert.False(t, ok, "a tail never seen")
	_, ok = s.split(nil, []byte("bbbaaaatail"), []int{3, 7}, false)
	assert.False(t, ok, "bbb was never a part")
}

// A state's ids come back as they went in, whatever the number of nodes
// (pairs, and a lone last node).
func TestStatesIDsRoundTrip(t *testing.T) {
	for nodes := 1; nodes <= 5; nodes++ {
		s := newStates(nodes)
		for i := 0; i < 1000; i++ {
			ids := make([]uint32, nodes+1)
			for k := range ids {
				ids[k] = uint32((i*7 + k*13) % (11 + k))
			}
			idx, _ := s.add(ids)
			require.Equal(t, ids, s.ids(nil, idx), "nodes=%d state %d", nodes, i)
			require.Equal(t, idx, s.lookup(ids))
		}
		missing := make([]uint32, nodes+1)
		missing[0] = 999
		assert.Equal(t, -1, s.lookup(missing))
	}
}
