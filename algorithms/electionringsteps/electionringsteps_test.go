package electionringsteps

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/electionring"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) StartElection() {
	r.Leader = None
	r.SendElection(r.MyID())
}

func (r ref) OnElection(j int) {
	switch {
	case j > r.MyID():
		r.SendElection(j)
	case j < r.MyID():
		r.SendElection(r.MyID())
	default:
		r.Leader = r.MyID()
		r.SendElected(r.MyID())
	}
}

func (r ref) OnElected(k int) {
	if k == r.MyID() || !r.Alive(k) {
		return
	}
	r.Leader = k
	r.SendElected(k)
}

func newRef(v *Vars) Steps { return ref{v} }

// wired runs s through the wire format, as the sandbox does.
func wired(s New) New {
	return Remote(func(req []byte) ([]byte, error) { return Serve(s, req), nil })
}

type config struct{ n, r, crashes int }

func (c config) String() string { return fmt.Sprintf("N%d-R%d-C%d", c.n, c.r, c.crashes) }

func check(t *testing.T, alg *sim.Algorithm, c config) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: c.n}, Opts: sim.Options{Requests: c.r, Crashes: c.crashes},
		Props: []string{explore.Safety, explore.Liveness}})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// The reference behaves exactly as the registry's election-ring: the same
// state space, verdicts and counterexamples (with crashes, liveness
// fails), directly and through the wire.
func TestReferenceIsElectionRing(t *testing.T) {
	for _, c := range []config{{1, 1, 0}, {2, 1, 0}, {2, 2, 0}, {3, 1, 0}, {3, 2, 0}, {4, 1, 0}, {2, 1, 1}, {3, 1, 1}, {4, 1, 1}} {
		t.Run(c.String(), func(t *testing.T) {
			want := check(t, electionring.Algorithm(), c)
			if c.crashes == 0 {
				require.Equal(t, explore.Holds, want.Verdicts[explore.Liveness])
			}
			for _, alg := range []*sim.Algorithm{Algorithm("election-ring", newRef), Algorithm("election-ring", wired(newRef))} {
				got := check(t, alg, c)
				assert.Equal(t, want.States, got.States)
				assert.Equal(t, want.Transitions, got.Transitions)
				assert.Equal(t, want.Verdicts, got.Verdicts)
				for p, ce := range want.Counterexamples {
					require.Contains(t, got.Counterexamples, p)
					assert.Equal(t, ce.Events(), got.Counterexamples[p].Events(), p)
					assert.Equal(t, ce.Summary, got.Counterexamples[p].Summary, p)
				}
			}
		})
	}
}

// The same events give the same descriptions, canonical forms and
// variables, so schedules written for election-ring replay on a student's
// code. The run crosses every rule: replacing a lower candidate, passing
// a higher one, winning, a crashed node skipped on the ring, a crashed
// leader's announcement discarded.
func TestSameTranscript(t *testing.T) {
	a, err := sim.NewWorld(electionring.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1})
	require.NoError(t, err)
	b, err := sim.NewWorld(Algorithm("election-ring", newRef), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1})
	require.NoError(t, err)
	for _, line := range []string{
		"request N3", "deliver N3->N1 election(3)", "request N1", "deliver N1->N2 election(3)", "deliver N1->N2 election(1)",
		"deliver N2->N3 election(3)", "deliver N2->N3 election(2)", "deliver N3->N1 elected(3)", "deliver N3->N1 election(3)",
		"crash N3", "deliver N1->N2 elected(3)", "deliver N1->N2 election(3)",
		"request N2", "deliver N2->N1 election(2)", "deliver N1->N2 election(2)", "deliver N2->N1 elected(2)",
	} {
		var said []string
		for _, w := range []*sim.World{a, b} {
			e, err := w.FindEvent(line)
			require.NoError(t, err, line)
			said = append(said, w.Describe(e))
			_, err = w.Apply(e)
			require.NoError(t, err)
		}
		assert.Equal(t, said[0], said[1], line)
		assert.Equal(t, a.StateString(), b.StateString(), line)
	}
	assert.Contains(t, b.StateString(), "N1: leader=N2")
	assert.Equal(t, a.Waiting(), b.Waiting())
}

// bad is a student's code that does something else in one handler.
type bad struct {
	ref
	start             func(v *Vars)
	election, elected func(v *Vars, id int)
}

func (b bad) StartElection() {
	if b.start != nil {
		b.start(b.Vars)
		return
	}
	b.ref.StartElection()
}

func (b bad) OnElection(j int) {
	if b.election != nil {
		b.election(b.Vars, j)
		return
	}
	b.ref.OnElection(j)
}

func (b bad) OnElected(k int) {
	if b.elected != nil {
		b.elected(b.Vars, k)
		return
	}
	b.ref.OnElected(k)
}

func faults(w *sim.World) []string {
	var f []string
	for _, n := range w.Nodes {
		if s := n.(*node).Fault(); s != "" {
			f = append(f, s)
		}
	}
	return f
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire; the failed node counts as undecided and
// takes no more messages.
func TestContract(t *testing.T) {
	for _, c := range []struct {
		name  string
		b     bad
		run   []string
		fault string
	}{
		{"start announces", bad{start: func(v *Vars) { v.SendElected(v.MyID()) }}, []string{"request N2"},
			"StartElection() sent elected(N2), but StartElection() sends only an election message"},
		{"two messages", bad{election: func(v *Vars, j int) { v.SendElection(j); v.SendElection(v.MyID()) }}, []string{"request N1", "deliver N1->N2"},
			"OnElection() sent 2 messages, but a handler passes at most one message on"},
		{"a candidate that does not exist", bad{election: func(v *Vars, j int) { v.SendElection(7) }}, []string{"request N1", "deliver N1->N2"},
			"OnElection() sent election(7), but the nodes are 0..2"},
		{"elected starts an election", bad{elected: func(v *Vars, k int) { v.Leader = k; v.SendElection(k) }},
			[]string{"request N3", "deliver N3->N1", "deliver N1->N2", "deliver N2->N3", "deliver N3->N1"},
			"OnElected() sent election(N3), but OnElected() only passes an elected message on"},
		{"leader that does not exist", bad{elected: func(v *Vars, k int) { v.Leader = 5 }},
			[]string{"request N3", "deliver N3->N1", "deliver N1->N2", "deliver N2->N3", "deliver N3->N1"},
			"OnElected() set Leader = 5, but it is None (-1) or a node 0..2"},
		{"panics", bad{election: func(v *Vars, j int) { var s []int; _ = s[j] }}, []string{"request N1", "deliver N1->N2"},
			"OnElection() panicked: runtime error: index out of range"},
	} {
		for _, via := range []string{"direct", "wire"} {
			t.Run(c.name+"/"+via, func(t *testing.T) {
				s := func(v *Vars) Steps { b := c.b; b.ref = ref{v}; return b }
				if via == "wire" {
					s = wired(s)
				}
				w, err := sim.NewWorld(Algorithm("election-ring", s), sim.Config{N: 3}, sim.Options{Requests: 1})
				require.NoError(t, err)
				for _, line := range c.run {
					e, err := w.FindEvent(line)
					require.NoError(t, err, line)
					_, err = w.Apply(e)
					require.NoError(t, err)
				}
				f := faults(w)
				require.Len(t, f, 1)
				assert.Contains(t, f[0], c.fault)
				for i, n := range w.Nodes {
					if n.(*node).Fault() != "" {
						assert.Equal(t, None, n.(sim.Elector).Leader())
						assert.NotZero(t, w.Waiting()&(1<<i), "a failed node must count as undecided")
						assert.False(t, n.CanReceive(sim.Msg{}))
						assert.Equal(t, "fault", n.Vars()[len(n.Vars())-1].Name)
					}
				}
			})
		}
	}
}

// ints encodes an answer by hand.
func ints(v ...int) []byte {
	e := sim.Enc{}
	for _, x := range v {
		e.Int(x)
	}
	return e.B
}

// A broken sandbox (an error, a malformed answer) makes the node fail
// with that reason, never the host panic.
func TestRemoteFailures(t *testing.T) {
	for _, c := range []struct {
		name  string
		call  Caller
		fault string
	}{
		{"out of time", func([]byte) ([]byte, error) { return nil, errors.New("ran out of time (2s)") }, "StartElection() ran out of time (2s)"},
		{"garbage", func([]byte) ([]byte, error) { return []byte{7, 7, 7}, nil }, "StartElection() the sandbox returned a malformed answer"},
		{"bad kind", func([]byte) ([]byte, error) { return ints(0, None, 1, 9, 0, 0), nil }, "StartElection() the sandbox returned a malformed answer"},
		{"too many messages", func([]byte) ([]byte, error) { return ints(0, None, maxSends+2), nil }, "StartElection() the sandbox returned a malformed answer"},
		{"panic longer than the answer", func([]byte) ([]byte, error) { return ints(1, None, 0, 50), nil }, "StartElection() the sandbox returned a malformed answer"},
		{"panicked in the sandbox", func([]byte) ([]byte, error) { return append(ints(1, None, 0, 4), "oops"...), nil }, "StartElection() oops"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := sim.NewWorld(Algorithm("election-ring", Remote(c.call)), sim.Config{N: 2}, sim.Options{Requests: 1})
			require.NoError(t, err)
			e, err := w.FindEvent("request N1")
			require.NoError(t, err)
			_, err = w.Apply(e)
			require.NoError(t, err)
			assert.Equal(t, []string{c.fault}, faults(w))
			assert.Empty(t, w.Net)
		})
	}
}

// What crosses the wire comes back: the request's variables reach the
// handlers, and the answer's Leader and messages reach the host.
func TestWireRoundTrip(t *testing.T) {
	var seen Vars
	var arg int
	spy := func(v *Vars) Steps {
		return bad{ref: ref{v}, election: func(v *Vars, j int) {
			seen, arg = *v, j
			v.Leader = 2
			v.SendElected(2)
		}}
	}
	in := &Vars{Leader: 1, id: 3, n: 5, crashed: 1 << 4}
	a, err := DecodeAnswer(Serve(spy, EncodeRequest(OpElection, 4, in)))
	require.NoError(t, err)
	assert.Equal(t, 4, arg)
	assert.Equal(t, Vars{Leader: 1, id: 3, n: 5, crashed: 1 << 4}, seen)
	assert.False(t, seen.Alive(4))
	assert.True(t, seen.Alive(0))
	assert.False(t, seen.Alive(5))
	assert.Equal(t, 2, a.Vars.Leader)
	assert.Equal(t, []Send{{Elected, 2}}, a.Vars.out)
	assert.Empty(t, a.Panic)
}

// FuzzDecodeAnswer: an answer from the sandbox is untrusted; decoding it
// never panics, and what Serve writes decodes.
func FuzzDecodeAnswer(f *testing.F) {
	f.Add(Serve(newRef, EncodeRequest(OpElection, 2, &Vars{Leader: None, id: 1, n: 3})))
	f.Add(Serve(newRef, EncodeRequest(OpElected, 2, &Vars{Leader: 0, id: 0, n: 3, crashed: 2})))
	f.Add([]byte{1, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeAnswer(b)
		if _, err := DecodeAnswer(Serve(newRef, b)); err != nil {
			t.Fatalf("Serve's own answer does not decode: %v", err)
		}
	})
}
