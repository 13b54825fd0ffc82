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
