package tokenring_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

func encode(w *sim.World) []byte {
	var e sim.Enc
	w.Encode(&e)
	return e.B
}

// TestCodecAndClone walks random schedules and checks, in every state
// reached, that each node's encoding decodes into a node with the same
// encoding and variables, that a world rebuilt from the encoding offers the
// same events with the same successors, and that stepping a clone leaves the
// original untouched.
func TestCodecAndClone(t *testing.T) {
	alg := tokenring.Algorithm()
	rng := rand.New(rand.NewPCG(2, 3))
	for run := 0; run < 150; run++ {
		cfg := sim.Config{N: 1 + rng.IntN(4)}
		opts := sim.Options{Requests: 2, AppMsgs: 1, Order: true}
		w, err := sim.NewWorld(alg, cfg, opts)
		require.NoError(t, err)
		for step := 0; step < 80; step++ {
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			checkState(t, alg, cfg, opts, w)
			e := evs[rng.IntN(len(evs))]
			before := encode(w)
			c := w.Clone()
			_, err := c.Apply(e)
			require.NoError(t, err)
			require.Equal(t, before, encode(w), "stepping a clone changed the original")
			_, err = w.Apply(e)
			require.NoError(t, err)
			require.Equal(t, encode(c), encode(w))
			require.False(t, w.Unsafe(), "two nodes in the CS")
		}
	}
}

func checkState(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options, w *sim.World) {
	t.Helper()
	fresh, err := alg.New(cfg)
	require.NoError(t, err)
	for i, n := range w.Nodes {
		var e sim.Enc
		n.Encode(&e)
		d := sim.Dec{B: append([]byte(nil), e.B...)}
		fresh[i].Decode(&d)
		require.NoError(t, d.Err)
		require.Empty(t, d.B, "decode left bytes unread")
		var e2 sim.Enc
		fresh[i].Encode(&e2)
		require.Equal(t, e.B, e2.B)
		require.Equal(t, n.Vars(), fresh[i].Vars())
		require.Equal(t, n.Phase(), fresh[i].Phase())
	}
	r, err := sim.NewWorld(alg, cfg, opts)
	require.NoError(t, err)
	require.NoError(t, r.Decode(encode(w)))
	evs := w.Events(nil)
	require.Equal(t, evs, r.Events(nil))
	for _, e := range evs {
		a, b := w.Clone(), r.Clone()
		_, err1 := a.Apply(e)
		_, err2 := b.Apply(e)
		require.NoError(t, err1)
		require.NoError(t, err2)
		require.Equal(t, encode(a), encode(b))
	}
}
