package tokenringsteps

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	if r.Token {
		r.State = Held
	} else {
		r.State = Wanted
	}
}

func (r ref) Leave() {
	r.State = Released
	r.pass()
}

func (r ref) OnToken() {
	r.Token = true
	if r.State == Wanted {
		r.State = Held
	}
}

func (r ref) Pass() { r.pass() }

func (r ref) pass() {
	if r.N() > 1 {
		r.Token = false
		r.SendToken((r.MyID() + 1) % r.N())
	}
}

func newRef(v *Vars) Steps { return ref{v} }

// viaWire runs the reference through the wire format, as the sandbox does.
func viaWire() New {
	return Remote(func(req []byte) ([]byte, error) { return Serve(newRef, req), nil })
}

func check(t *testing.T, alg *sim.Algorithm, n, r int) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r},
		Props: []string{explore.Safety, explore.Liveness}})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// The reference behaves exactly as the registry's token-ring: the same
// state space and verdicts, directly and through the wire.
func TestReferenceIsTokenRing(t *testing.T) {
	for _, c := range []struct{ n, r int }{{1, 1}, {2, 1}, {2, 2}, {3, 1}, {3, 2}} {
		t.Run(fmt.Sprintf("N%d-R%d", c.n, c.r), func(t *testing.T) {
			want := check(t, tokenring.Algorithm(), c.n, c.r)
			for _, alg := range []*sim.Algorithm{Algorithm("token-ring", newRef), Algorithm("token-ring", viaWire())} {
				got := check(t, alg, c.n, c.r)
				assert.Equal(t, want.States, got.States)
				assert.Equal(t, want.Transitions, got.Transitions)
				assert.Equal(t, want.Verdicts, got.Verdicts)
			}
		})
	}
}

// The same events give the same canonical forms and variables, so
// schedules written for token-ring replay on a student's code.
func TestSameTranscript(t *testing.T) {
	a, err := sim.NewWorld(tokenring.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	b, err := sim.NewWorld(Algorithm("token-ring", newRef), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N3", "step N1 pass token to N2", "deliver N1->N2 token", "step N2 pass token to N3", "deliver N2->N3 token", "exit N3"} {
		for _, w := range []*sim.World{a, b} {
			e, err := w.FindEvent(line)
			require.NoError(t, err, line)
			_, err = w.Apply(e)
			require.NoError(t, err)
		}
		assert.Equal(t, a.StateString(), b.StateString(), line)
	}
}

// bad is a student's code that does something else in one handler.
type bad struct {
	ref
	enter, leave, token, pass func(v *Vars)
}

func (b bad) Enter()   { call(b.enter, b.ref.Enter, b.Vars) }
func (b bad) Leave()   { call(b.leave, b.ref.Leave, b.Vars) }
func (b bad) OnToken() { call(b.token, b.ref.OnToken, b.Vars) }
func (b bad) Pass()    { call(b.pass, b.ref.Pass, b.Vars) }

func call(f func(*Vars), def func(), v *Vars) {
	if f != nil {
		f(v)
		return
	}
	def()
}

// Handlers that break the contract make their node fail, saying why.
func TestContract(t *testing.T) {
	for _, c := range []struct {
		name  string
		b     bad
		run   []string
		fault string
	}{
		{"enter sends", bad{enter: func(v *Vars) { v.State = Wanted; v.SendToken(2) }}, []string{"request N2"}, "Enter() sent the token, but Enter() sends nothing"},
		{"enter stays released", bad{enter: func(v *Vars) {}}, []string{"request N2"}, "Enter() left state = RELEASED"},
		{"pass to the wrong node", bad{pass: func(v *Vars) { v.Token = false; v.SendToken(2) }}, []string{"step N1"}, "Pass() sent the token to N3, but the ring goes from N1 to N2"},
		{"token enters when idle", bad{token: func(v *Vars) { v.Token = true; v.State = Held }}, []string{"step N1", "deliver N1->N2"}, "OnToken() changed state from RELEASED to HELD"},
		{"panics", bad{leave: func(v *Vars) { var m map[int]int; m[1] = 1 }}, []string{"request N1", "exit N1"}, "Leave() panicked: assignment to entry in nil map"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := sim.NewWorld(Algorithm("token-ring", func(v *Vars) Steps { b := c.b; b.ref = ref{v}; return b }), sim.Config{N: 3}, sim.Options{Requests: 1})
			require.NoError(t, err)
			for _, line := range c.run {
				e, err := w.FindEvent(line)
				require.NoError(t, err, line)
				_, err = w.Apply(e)
				require.NoError(t, err)
			}
			var faults []string
			for _, n := range w.Nodes {
				if f := n.(*node).Fault(); f != "" {
					faults = append(faults, f)
				}
			}
			require.Len(t, faults, 1)
			assert.Contains(t, faults[0], c.fault)
		})
	}
}

// FuzzDecodeAnswer: an answer from the sandbox is untrusted; decoding it
// never panics, and what Serve writes decodes.
func FuzzDecodeAnswer(f *testing.F) {
	f.Add(Serve(newRef, EncodeRequest(OpLeave, &Vars{State: Held, Token: true, id: 0, n: 3})))
	f.Add([]byte{1, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeAnswer(b)
		if _, err := DecodeAnswer(Serve(newRef, b)); err != nil {
			t.Fatalf("Serve's own answer does not decode: %v", err)
		}
	})
}

// multiplies forgets to give the token up when it passes it on: every
// pass makes one more token, so the messages in flight grow without end
// and no bound on the number of states keeps a search small. A bound on
// the search's memory stops it, and the result says what grew.
type multiplies struct{ ref }

func (m multiplies) Pass() { m.SendToken((m.MyID() + 1) % m.N()) }

func TestMemoryBoundStopsGrowingMessages(t *testing.T) {
	alg := Algorithm("token-ring", func(v *Vars) Steps { return multiplies{ref{v}} })
	const limit = 48 << 20
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1},
		Props: []string{explore.Safety, explore.Liveness}, MaxBytes: limit})
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundBytes, res.Bound)
	// The bound is checked before each expansion: the search ends within
	// one state's successors of it.
	assert.Less(t, res.StoreBytes, 2*limit)
	assert.Greater(t, res.InFlight, 10, "the tokens in flight kept growing")
	assert.Greater(t, res.InFlightDepth, res.InFlight/2)
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Liveness])
	assert.Regexp(t, `^the search stopped at its memory bound \(\d+ MiB, [\d,]+ states\); messages in flight kept growing: [\d,]+ at depth \d+$`, res.Stopped())

	// The reference stays well inside the same bound and completes.
	ok := check(t, Algorithm("token-ring", newRef), 3, 2)
	assert.Empty(t, ok.Bound)
	assert.LessOrEqual(t, ok.InFlight, 1, "one token, at most one message in flight")
}

// A search from a state that has already grown (a scenario's run let the
// tokens pile up) stops before a successor's encoding outgrows what the
// store can keep, rather than failing.
func TestStateSizeStopsGrowingMessages(t *testing.T) {
	alg := Algorithm("token-ring", func(v *Vars) Steps { return multiplies{ref{v}} })
	w, err := sim.NewWorld(alg, sim.Config{N: 2}, sim.Options{})
	require.NoError(t, err)
	pass, err := w.FindEvent("step N1 pass token to N2")
	require.NoError(t, err)
	for len(w.Net) < 1<<14 {
		_, err := w.Apply(pass)
		require.NoError(t, err)
	}
	res, err := explore.CheckFrom(explore.Config{Props: []string{explore.Safety, explore.Liveness}}, w)
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundStateSize, res.Bound)
	assert.GreaterOrEqual(t, res.InFlight, 1<<14)
}

// A scenario's run stops when messages pile up in flight, saying so,
// rather than keeping a growing network at each of ten thousand steps.
func TestRunStopsGrowingMessages(t *testing.T) {
	sc, err := scenario.Load("grow.scn", []byte("algorithm token-ring\nnodes N1 N2\nrequests 0\nrun until N2 token = yes\n"))
	require.NoError(t, err)
	sc.Setup.Alg = Algorithm("token-ring", func(v *Vars) Steps { return multiplies{ref{v}} })
	res := scenario.Run(sc, scenario.Options{})
	require.NotNil(t, res.Stopped)
	assert.Regexp(t, `messages in flight kept growing, 33 after \d+ events`, res.Stopped.Msg, "2 nodes: 4·2²+16 = 32 at most")
	res = scenario.Run(sc, scenario.Options{MaxInFlight: 100})
	require.NotNil(t, res.Stopped)
	assert.Regexp(t, `messages in flight kept growing, 101 after \d+ events`, res.Stopped.Msg)
	last := res.Steps[len(res.Steps)-1].Net
	assert.Contains(t, last, "and 37 more", "a step lists 64 messages in flight")
}
