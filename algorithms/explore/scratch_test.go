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

// The steps a scratch remembers are found by a hash of the pair (the
// node's part, the event); two pairs with one hash must not share what
// was done. Here the first event's entry is given the second's hash and
// put where a lookup of the second starts, as a collision would leave
// it: the second is still applied, and its successor is the one a
// scratch that remembers nothing computes.
func TestReplayComparesThePair(t *testing.T) {
	c := Config{Alg: registry.Lookup("ra-benari"), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, MaxStates: 2000}
	s, err := newSearch(c)
	require.NoError(t, err)
	s.bfs()
	fresh := func(r Replay) (*sim.World, *scratch) {
		w, err := initial(c)
		require.NoError(t, err)
		return w, newScratch(w, s.st, r)
	}
	compared := 0
	for i := 0; i < s.st.len() && compared < 50; i++ {
		w, sc := fresh(ReplayAlways)
		require.NoError(t, sc.load(w, i))
		var evs []sim.Event
		for _, e := range w.Events(nil) {
			if w.Replayable(e) {
				evs = append(evs, e)
			}
		}
		if len(evs) < 2 {
			continue
		}
		e1, e2 := evs[0], evs[1]
		sc.apply(w, e1)
		j, _ := sc.done.find(stepHash(sc.vec[e1.Node], &e1), sc.vec[e1.Node], &e1)
		require.GreaterOrEqual(t, j, 0, "the first event's step is kept")
		h2 := stepHash(sc.vec[e2.Node], &e2)
		sc.done.dones[j].hash = h2 // the first's entry now has the second's hash,
		_, home := sc.done.find(h2, sc.vec[e2.Node], &e2)
		sc.done.slots[home] = int32(j + 1) // and sits where a lookup of the second starts
		out := sc.apply(w, e2)
		got := append([]uint32(nil), sc.succ...)

		w0, sc0 := fresh(ReplayNever)
		require.NoError(t, sc0.load(w0, i))
		want := sc0.apply(w0, e2)
		require.Equal(t, sc0.succ, got, "state %d, %v after %v", i, e2, e1)
		require.Equal(t, sentNilIfNone(want), sentNilIfNone(out), "state %d, %v after %v", i, e2, e1)
		compared++
	}
	require.Equal(t, 50, compared)
}

// sentNilIfNone is o with an empty Sent as nil: a world reused for
// another event keeps its buffer.
func sentNilIfNone(o sim.Outcome) sim.Outcome {
	if len(o.Sent) == 0 {
		o.Sent = nil
	}
	return o
}
