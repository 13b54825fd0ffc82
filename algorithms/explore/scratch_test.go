package explore

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenringsteps"
)

// A scratch's load decodes only the parts that differ from the state it
// loaded before. After any run of loads and events (which apply undoes),
// the world must hold exactly the stored state: loaded in the search's
// order, in any order, and with crashes.
func TestLoadDecodesWhatDiffers(t *testing.T) {
	for _, a := range registry.All() {
		c := Config{Alg: a, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1, AppMsgs: 1}, MaxStates: 4000}
		if a.Election {
			c.Opts.Crashes = 1
		}
		s, err := newSearch(c)
		require.NoError(t, err, a.Name)
		s.bfs()
		w, err := initial(c)
		require.NoError(t, err, a.Name)
		sc := newScratch(w, s.st, ReplayAlways)
		rng := rand.New(rand.NewPCG(1, uint64(len(a.Name))))
		n := s.st.len()
		for k := 0; k < 4000; k++ {
			i := k % n // in order, then anywhere
			if k >= n || k >= 2000 {
				i = rng.IntN(n)
			}
			require.NoError(t, sc.load(w, i), "%s state %d", a.Name, i)
			var e sim.Enc
			w.Encode(&e)
			require.Equal(t, s.st.bytes(nil, i, nil), e.B, "%s state %d, loaded as the %dth", a.Name, i, k)
			if evs := w.Events(nil); len(evs) > 0 {
				sc.apply(w, evs[rng.IntN(len(evs))])
			}
		}
	}
}

// idleToken passes the token on and does nothing else: a student's
// code, as far as the scratch is concerned.
type idleToken struct{ *tokenringsteps.Vars }

func (n idleToken) Enter()   {}
func (n idleToken) Leave()   {}
func (n idleToken) OnToken() {}
func (n idleToken) Pass()    {}

// By default a scratch remembers steps only for nodes that ask for it.
func TestScratchReplaysWhereAsked(t *testing.T) {
	student := tokenringsteps.Algorithm("token-ring", func(v *tokenringsteps.Vars) tokenringsteps.Steps { return idleToken{v} })
	for _, c := range []struct {
		alg    *sim.Algorithm
		replay Replay
		keeps  bool
	}{
		{student, ReplayAsked, true},
		{student, ReplayNever, false},
		{registry.All()[0], ReplayAsked, false},
		{registry.All()[0], ReplayAlways, true},
	} {
		w, err := sim.NewWorld(c.alg, sim.Config{N: 2}, sim.Options{Requests: 1})
		require.NoError(t, err)
		sc := newScratch(w, newStates(2), c.replay)
		require.Equal(t, c.keeps, sc.done != nil, "%s, %v", c.alg.Name, c.replay)
	}
}
