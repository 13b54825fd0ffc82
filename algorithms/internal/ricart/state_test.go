package ricart_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/benariflagfirst"
	"dmelab/algorithms/benarinumfirst"
	"dmelab/algorithms/rav1"
	"dmelab/algorithms/rav2"
	"dmelab/algorithms/rav3"
	"dmelab/algorithms/sim"
)

func variants() []*sim.Algorithm {
	return []*sim.Algorithm{
		rav1.Algorithm(), rav2.Algorithm(), rav3.Algorithm(),
		benari.Algorithm(), benariflagfirst.Algorithm(), benarinumfirst.Algorithm(),
	}
}

// walk applies up to n random enabled events to a fresh world of nodes
// nodes (two requests each, numbers 1..3), calling visit on every state
// reached.
func walk(t *testing.T, alg *sim.Algorithm, nodes int, seed int64, n int, visit func(w *sim.World)) {
	t.Helper()
	w, err := sim.NewWorld(alg, sim.Config{N: nodes, Numbers: 3}, sim.Options{Requests: 2})
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(seed))
	for k := 0; k < n; k++ {
		evs := w.Events(nil)
		if len(evs) == 0 {
			return
		}
		_, err := w.Apply(evs[rng.Intn(len(evs))])
		require.NoError(t, err)
		visit(w)
	}
}

func encode(n sim.Node) []byte {
	var e sim.Enc
	n.Encode(&e)
	return e.B
}

// labels lists the node's enabled steps by label: two nodes that behave the
// same offer the same steps.
func labels(n sim.Node) []string {
	var l []string
	for _, s := range n.Steps(nil) {
		l = append(l, n.StepLabel(s))
	}
	return l
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	for _, alg := range variants() {
		t.Run(alg.Name, func(t *testing.T) {
			seen := map[string]bool{}
			for seed := int64(1); seed <= 20; seed++ {
				walk(t, alg, 3, seed, 200, func(w *sim.World) {
					fresh, err := alg.New(sim.Config{N: 3, Numbers: 3})
					require.NoError(t, err)
					for i, n := range w.Nodes {
						b := encode(n)
						d := sim.Dec{B: b}
						fresh[i].Decode(&d)
						require.NoError(t, d.Err)
						assert.Empty(t, d.B, "Decode must read exactly what Encode wrote")
						assert.Equal(t, b, encode(fresh[i]))
						assert.Equal(t, n.Vars(), fresh[i].Vars())
						assert.Equal(t, n.Phase(), fresh[i].Phase())
						assert.Equal(t, labels(n), labels(fresh[i]))
						seen[string(b)] = true
					}
				})
			}
			// The walks must reach more than a handful of node states for
			// the round trip to mean anything.
			assert.Greater(t, len(seen), 30)
		})
	}
}

func TestEncodingDistinguishesStates(t *testing.T) {
	// Nodes with equal encodings show equal variables: nothing the
	// playground shows is missing from the encoding.
	for _, alg := range variants() {
		t.Run(alg.Name, func(t *testing.T) {
			byEnc := map[string][]sim.Var{}
			for seed := int64(1); seed <= 20; seed++ {
				walk(t, alg, 3, seed, 200, func(w *sim.World) {
					for _, n := range w.Nodes {
						k := string(encode(n))
						if v, ok := byEnc[k]; ok {
							assert.Equal(t, v, n.Vars())
						}
						byEnc[k] = n.Vars()
					}
				})
			}
		})
	}
}

func TestCloneIndependence(t *testing.T) {
	for _, alg := range variants() {
		t.Run(alg.Name, func(t *testing.T) {
			// Five nodes, so that deferred grows past two entries and a
			// shared backing array would show.
			rng := rand.New(rand.NewSource(7))
			for seed := int64(1); seed <= 20; seed++ {
				walk(t, alg, 5, seed, 300, func(w *sim.World) {
					if rng.Intn(4) != 0 {
						return
					}
					var before sim.Enc
					w.Encode(&before)
					c := w.Clone()
					// Drive the clone on for a while; the original must not
					// notice.
					for k := 0; k < 12; k++ {
						evs := c.Events(nil)
						if len(evs) == 0 {
							break
						}
						_, err := c.Apply(evs[rng.Intn(len(evs))])
						require.NoError(t, err)
					}
					var after sim.Enc
					w.Encode(&after)
					require.Equal(t, before.B, after.B)
				})
			}
		})
	}
}
