package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The tail cache keeps the last pair per place and tells pairs apart by
// the whole key: the step and the tail before.
func TestTailMemoKeepsTheLastPairPerPlace(t *testing.T) {
	m := new(tailMemo)
	_, ok := m.find(0, 0)
	assert.False(t, ok, "an empty place holds no pair, not even step 0's")
	m.add(3, 7, 11)
	got, ok := m.find(3, 7)
	assert.True(t, ok)
	assert.Equal(t, uint32(11), got)
	for _, other := range [][2]int{{3, 8}, {4, 7}, {7, 3}} {
		_, ok := m.find(other[0], uint32(other[1]))
		assert.False(t, ok, "%v", other)
	}
	// Pairs that land in one place: the last stays, the first is gone.
	var a, b [2]int
	seen := map[uint64][2]int{}
	for s := 0; ; s++ {
		p := tailSlot(tailKey(s, 1))
		if first, ok := seen[p]; ok {
			a, b = first, [2]int{s, 1}
			break
		}
		seen[p] = [2]int{s, 1}
	}
	m.add(a[0], uint32(a[1]), 21)
	m.add(b[0], uint32(b[1]), 22)
	_, ok = m.find(a[0], uint32(a[1]))
	assert.False(t, ok)
	got, ok = m.find(b[0], uint32(b[1]))
	assert.True(t, ok)
	assert.Equal(t, uint32(22), got)
}
