package registry_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// holders names the nodes of w that say they hold the token
// (sim.TokenHolder).
func holders(w *sim.World) []string {
	var h []string
	for i, n := range w.Nodes {
		if sim.HoldsToken(n) {
			h = append(h, w.Names[i])
		}
	}
	return h
}

// Each token algorithm's nodes answer sim.TokenHolder from their state:
// the holder says so and nobody else does, and while the token travels
// nobody holds it.
func TestTokenHolders(t *testing.T) {
	type step struct {
		do      string   // an event, as sim.World.FindEvent takes it
		holders []string // who holds the token after it
	}
	for _, c := range []struct {
		alg   string
		first []string // who holds it initially
		steps []step
	}{
		{"token-ring", []string{"N1"}, []step{
			{"step N1 pass token to N2", nil},
			{"deliver N1->N2 token", []string{"N2"}},
			{"request N3", []string{"N2"}},
			{"step N2 pass token to N3", nil},
			{"deliver N2->N3 token", []string{"N3"}},
		}},
		{"raymond", []string{"N1"}, []step{
			{"request N3", []string{"N1"}},
			{"deliver N3->N1 request", nil},
			{"deliver N1->N3 privilege", []string{"N3"}},
			{"exit N3", []string{"N3"}},
		}},
		{"suzuki-kasami", []string{"N1"}, []step{
			{"request N1", []string{"N1"}},
			{"request N2", []string{"N1"}},
			{"deliver N2->N1 request", []string{"N1"}},
			{"exit N1", nil},
			{"deliver N1->N2 token", []string{"N2"}},
		}},
	} {
		t.Run(c.alg, func(t *testing.T) {
			w, err := sim.NewWorld(registry.Lookup(c.alg), sim.Config{N: 3}, sim.Options{Requests: 1})
			require.NoError(t, err)
			require.Equal(t, c.first, holders(w), "initially")
			for _, s := range c.steps {
				e, err := w.FindEvent(s.do)
				require.NoError(t, err, s.do)
				_, err = w.Apply(e)
				require.NoError(t, err, s.do)
				require.Equal(t, s.holders, holders(w), "after %s", s.do)
			}
		})
	}
}

// Over every state of a small system of every algorithm: an enter() that
// returns at once is one whose node holds the token (so an algorithm
// whose holder enters at once cannot forget to say it is a
// sim.TokenHolder, and the playground can say why); and in a token
// algorithm at most one node holds the token, every node in the CS among
// them.
func TestEnteringAtOnceHoldsTheToken(t *testing.T) {
	const maxStates = 20000
	for _, alg := range registry.All() {
		t.Run(alg.Name, func(t *testing.T) {
			w0, err := sim.NewWorld(alg, sim.Config{N: 3}, sim.Options{Requests: 1})
			require.NoError(t, err)
			_, token := w0.Nodes[0].(sim.TokenHolder)
			seen := map[string]bool{string(simtest.Encoding(w0)): true}
			queue := []*sim.World{w0}
			for len(queue) > 0 && len(seen) < maxStates {
				w := queue[0]
				queue = queue[1:]
				if token {
					h := holders(w)
					require.LessOrEqual(t, len(h), 1, "%s hold the token together in\n%s", strings.Join(h, " and "), w.StateString())
					for _, i := range w.InCS() {
						require.True(t, sim.HoldsToken(w.Nodes[i]), "%s is in the CS without the token in\n%s", w.Names[i], w.StateString())
					}
				}
				for _, e := range w.Events(nil) {
					next := w.Clone()
					out, err := next.Apply(e)
					require.NoError(t, err)
					if e.Kind == sim.EvRequest && out.Entered {
						require.True(t, sim.HoldsToken(w.Nodes[e.Node]), "%s's enter() returned at once, but it does not say it holds a token (sim.TokenHolder) in\n%s", w.Names[e.Node], w.StateString())
					}
					if k := string(simtest.Encoding(next)); !seen[k] {
						seen[k] = true
						queue = append(queue, next)
					}
				}
			}
		})
	}
}
