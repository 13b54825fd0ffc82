package stepwire

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWho(t *testing.T) {
	assert.Equal(t, "N3", Who(2, 3))
	assert.Equal(t, "node 3 (the nodes are 0..2)", Who(3, 3))
	assert.Equal(t, "node -1 (the nodes are 0..2)", Who(-1, 3))
}

func TestNodeList(t *testing.T) {
	assert.Equal(t, "", NodeList("Q", []int{0, 2}, 3))
	assert.Equal(t, "made Q 4 long, but there are only 3 nodes", NodeList("Q", []int{0, 1, 2, 0}, 3))
	assert.Equal(t, "put 3 in the queue, but the nodes are 0..2", NodeList("the queue", []int{3}, 3))
}

func TestListed(t *testing.T) {
	assert.True(t, Listed("state replies", "state"))
	assert.True(t, Listed("state replies", "replies"))
	assert.False(t, Listed("state replies", "stat"), "a word, not a prefix")
	assert.False(t, Listed("state replies", "es"), "a word, not a suffix")
	assert.False(t, Listed("state replies", "state replies"))
	assert.False(t, Listed("", "state"))
	assert.False(t, Listed("myNum", ""))
}
