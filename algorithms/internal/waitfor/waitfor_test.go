package waitfor

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestShortestCycle(t *testing.T) {
	assert.Nil(t, ShortestCycle([][]int{{1}, {2}, {}}), "a chain has no cycle")
	assert.Equal(t, []int{0, 1}, ShortestCycle([][]int{{1}, {0}}))
	// 0→1→2→0 and 1→3→1: the shorter, from its lowest node.
	assert.Equal(t, []int{1, 3}, ShortestCycle([][]int{{1}, {2, 3}, {0}, {1}}))
	// Two of one length: the one from the lowest start.
	assert.Equal(t, []int{0, 2}, ShortestCycle([][]int{{2}, {3}, {0}, {1}}))
}

func TestList(t *testing.T) {
	assert.Equal(t, "", List(nil))
	assert.Equal(t, "N1", List([]string{"N1"}))
	assert.Equal(t, "N1 and N2", List([]string{"N1", "N2"}))
	assert.Equal(t, "N1, N2 and N3", List([]string{"N1", "N2", "N3"}))
}
