package ricart_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// The receive process's decision is computed twice: with an explanation for
// labels and without one for the search. The step must do what its label
// says.
func TestDecisionMatchesLabel(t *testing.T) {
	for _, alg := range variants() {
		seen := 0
		for seed := int64(1); seed <= 20; seed++ {
			walk(t, alg, 3, seed, 150, func(w *sim.World) {
				for i, n := range w.Nodes {
					for _, st := range n.Steps(nil) {
						label := n.StepLabel(st)
						says := strings.Contains(label, "send(reply")
						if st.Proc != 1 || !says && !strings.Contains(label, "to deferred") {
							continue
						}
						seen++
						c := w.Clone()
						out, err := c.Apply(sim.Event{Kind: sim.EvStep, Node: i, Step: st})
						require.NoError(t, err)
						assert.Equal(t, says, len(out.Sent) == 1, "%s: %s", alg.Name, label)
					}
				}
			})
		}
		assert.Positive(t, seen, alg.Name)
	}
}

// CopyFrom must give an independent node that behaves like the original.
func TestCopyFrom(t *testing.T) {
	for _, alg := range variants() {
		walk(t, alg, 4, 7, 200, func(w *sim.World) {
			for i, n := range w.Nodes {
				spare := n.Clone()
				spare.(sim.Copier).CopyFrom(n)
				require.Equal(t, encode(n), encode(spare))
				before := encode(n)
				c := w.Clone()
				c.Nodes[i] = spare
				for _, e := range c.Events(nil) {
					if e.Node == i {
						_, err := c.Apply(e)
						require.NoError(t, err)
						break
					}
				}
				require.Equal(t, before, encode(n), "%s: stepping the copy changed the original", alg.Name)
			}
		})
	}
}
