package electionbully

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

func encode(w *sim.World) []byte {
	var e sim.Enc
	w.Encode(&e)
	return e.B
}

// TestCodecAndClone walks random schedules with crashes and checks, in
// every state reached, that each node's encoding decodes into a node with
// the same encoding, variables and leader, that a world rebuilt from the
// encoding offers the same events with the same successors, and that
// stepping a clone leaves the original untouched.
func TestCodecAndClone(t *testing.T) {
	alg := Algorithm()
	rng := rand.New(rand.NewPCG(6, 7))
	for run := 0; run < 200; run++ {
		cfg := sim.Config{N: 1 + rng.IntN(5)}
		opts := sim.Options{Requests: 1 + rng.IntN(2), Crashes: rng.IntN(3)}
		w, err := sim.NewWorld(alg, cfg, opts)
		require.NoError(t, err)
		for step := 0; step < 60; step++ {
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
			out, err := w.Apply(e)
			require.NoError(t, err)
			require.Equal(t, encode(c), encode(w))
			require.False(t, out.WrongLeader, "%s elected a node that is not the highest live one", w.EventString(e))
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
		require.Equal(t, sim.Idle, n.Phase())
		require.Equal(t, n.(sim.Elector).Leader(), fresh[i].(sim.Elector).Leader())
		cp, err := alg.New(cfg)
		require.NoError(t, err)
		cp[i].(sim.Copier).CopyFrom(n)
		require.Equal(t, n.Vars(), cp[i].Vars())
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
