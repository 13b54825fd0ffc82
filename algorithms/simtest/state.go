package simtest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// Encoding is w's state encoding.
func Encoding(w *sim.World) []byte {
	var e sim.Enc
	w.Encode(&e)
	return e.B
}

// CheckState checks the codec contract in state w: each node's encoding
// decodes into a fresh node with the same encoding, variables and phase,
// and a world rebuilt from w's encoding offers the same events with the same
// successors. Algorithm packages call it on every state of random walks.
func CheckState(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options, w *sim.World) {
	t.Helper()
	CheckStateVars(t, alg, cfg, opts, w, nil)
}

// CheckStateVars is CheckState comparing variables through norm, for an
// algorithm whose encoding forgets an order its display keeps (ra-lamport
// shows its queue in arrival order but encodes it sorted). It also checks
// CopyFrom for sim.Copier nodes and Leader for sim.Elector nodes.
func CheckStateVars(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options, w *sim.World, norm func([]sim.Var) []sim.Var) {
	t.Helper()
	if norm == nil {
		norm = func(v []sim.Var) []sim.Var { return v }
	}
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
		require.Equal(t, norm(n.Vars()), norm(fresh[i].Vars()))
		require.Equal(t, n.Phase(), fresh[i].Phase())
		if alg.Election {
			require.Equal(t, sim.Idle, n.Phase(), "an election node stays Idle")
			require.Equal(t, n.(sim.Elector).Leader(), fresh[i].(sim.Elector).Leader())
		}
		if _, ok := n.(sim.Copier); ok {
			cp, err := alg.New(cfg)
			require.NoError(t, err)
			cp[i].(sim.Copier).CopyFrom(n)
			require.Equal(t, norm(n.Vars()), norm(cp[i].Vars()))
		}
	}
	r, err := sim.NewWorld(alg, cfg, opts)
	require.NoError(t, err)
	require.NoError(t, r.Decode(Encoding(w)))
	evs := w.Events(nil)
	require.Equal(t, evs, r.Events(nil))
	for _, e := range evs {
		a, b := w.Clone(), r.Clone()
		_, err1 := a.Apply(e)
		_, err2 := b.Apply(e)
		require.NoError(t, err1)
		require.NoError(t, err2)
		require.Equal(t, Encoding(a), Encoding(b))
	}
}
