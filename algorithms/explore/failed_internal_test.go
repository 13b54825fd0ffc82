package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/sim"
)

// A deadlock that several failed nodes caused (a walk's, typically) says
// that they "act no more", not that they "acts no more".
func TestFailedNodesAgree(t *testing.T) {
	w := &sim.World{Names: []string{"N1", "N2", "N3"}, Nodes: make([]sim.Node, 3)}
	assert.Equal(t, "N2 failed and acts no more", failedNodes(w, 0b010))
	assert.Equal(t, "N1, N3 failed and act no more", failedNodes(w, 0b101))
}
