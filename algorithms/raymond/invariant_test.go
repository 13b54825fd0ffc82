package raymond

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// TestInvariants walks random schedules on trees of one to eight nodes and
// checks Raymond's invariants in every state: one privilege (a node whose
// HOLDER is itself, or a PRIVILEGE in flight), HOLDER always the node or a
// tree neighbour, request_Q holding the node and each neighbour at most
// once (which is what keeps the state finite), a node in the CS holding
// the privilege, and ASKED only at a node that has somebody queued and
// does not hold the privilege.
func TestInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for run := 0; run < 300; run++ {
		n := 1 + rng.IntN(8)
		w, err := sim.NewWorld(Algorithm(), sim.Config{N: n}, sim.Options{Requests: 3})
		require.NoError(t, err)
		for step := 0; step < 150; step++ {
			checkInvariants(t, w)
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			_, err := w.Apply(evs[rng.IntN(len(evs))])
			require.NoError(t, err)
		}
		checkInvariants(t, w)
	}
}

func checkInvariants(t *testing.T, w *sim.World) {
	t.Helper()
	near := func(i, j int) bool { return i == j || i > 0 && Parent(i) == j || j > 0 && Parent(j) == i }
	tokens := 0
	for _, m := range w.Net {
		if m.Kind == Privilege {
			tokens++
		}
	}
	for i, x := range w.Nodes {
		nd := x.(*node)
		require.True(t, near(i, nd.holder), "N%d: HOLDER N%d is no neighbour", i+1, nd.holder+1)
		if nd.holder == i {
			tokens++
		}
		seen := map[int]bool{}
		for _, q := range nd.queue {
			require.True(t, near(i, q), "N%d: N%d queued but no neighbour", i+1, q+1)
			require.False(t, seen[q], "N%d: N%d queued twice", i+1, q+1)
			seen[q] = true
		}
		if nd.phase == sim.InCS {
			require.Equal(t, i, nd.holder, "N%d in the CS without the privilege", i+1)
		}
		if nd.asked {
			require.NotEqual(t, i, nd.holder, "N%d asked while holding the privilege", i+1)
			require.NotEmpty(t, nd.queue, "N%d asked for nobody", i+1)
		}
	}
	require.Equal(t, 1, tokens, "privileges")
}
