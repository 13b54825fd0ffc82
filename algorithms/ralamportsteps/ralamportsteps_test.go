package ralamportsteps

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

// before reports (ta, a) < (tb, b), lexicographically.
func before(ta, a, tb, b int) bool { return ta < tb || ta == tb && a < b }

func (r ref) Enter() {
	r.State = Wanted
	r.T = r.Clock()
	r.Replies = 0
	for j := 0; j < r.N(); j++ {
		if j != r.MyID() {
			r.SendRequest(j)
		}
	}
	if r.Replies == r.N()-1 {
		r.State = Held
	}
}

func (r ref) OnRequest(j, tj int) {
	if r.State == Held || r.State == Wanted && before(r.T, r.MyID(), tj, j) {
		r.Queue = append(r.Queue, Waiter{ID: j, T: tj})
		return
	}
	r.SendReply(j)
}

func (r ref) OnReply(int) {
	if r.State != Wanted {
		return
	}
	r.Replies++
	if r.Replies == r.N()-1 {
		r.State = Held
	}
}

func (r ref) Exit() {
	r.State = Released
	for _, w := range r.Queue {
		r.SendReply(w.ID)
	}
	r.Queue = nil
}

func newRef(v *Vars) Steps { return ref{v} }

// viaWire runs the reference through the wire format, as the sandbox does.
func viaWire() New {
	return Remote(func(req []byte) ([]byte, error) { return Serve(newRef, req), nil })
}

func check(t *testing.T, alg *sim.Algorithm, n, r, app int) *explore.Result {
	t.Helper()
	props := []string{explore.Safety, explore.Liveness}
	if app > 0 {
		props = explore.Properties
	}
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r, AppMsgs: app},
		Props: props})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// The reference behaves exactly as the registry's ra-lamport: the same
// state space and verdicts (Order too, with an application message),
// directly and through the wire.
func TestReferenceIsRALamport(t *testing.T) {
	cases := []struct{ n, r, app int }{{1, 1, 0}, {2, 1, 0}, {2, 2, 0}, {3, 1, 0}, {2, 1, 1}, {2, 2, 1}}
	if !testing.Short() {
		cases = append(cases, struct{ n, r, app int }{3, 1, 1})
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("N%d-R%d-A%d", c.n, c.r, c.app), func(t *testing.T) {
			want := check(t, ralamport.Algorithm(), c.n, c.r, c.app)
			for _, p := range want.Verdicts {
				require.Equal(t, explore.Holds, p)
			}
			for _, alg := range []*sim.Algorithm{Algorithm("ra-lamport", newRef), Algorithm("ra-lamport", viaWire())} {
				got := check(t, alg, c.n, c.r, c.app)
				assert.Equal(t, want.States, got.States)
				assert.Equal(t, want.Transitions, got.Transitions)
				assert.Equal(t, want.Verdicts, got.Verdicts)
			}
		})
	}
}

func apply(t *testing.T, w *sim.World, line string) {
	t.Helper()
	e, err := w.FindEvent(line)
	require.NoError(t, err, line)
	_, err = w.Apply(e)
	require.NoError(t, err, line)
}

// The same events give the same canonical forms and variables (clocks,
// timestamps, the queue in arrival order), so schedules written for
// ra-lamport replay on a student's code.
func TestSameTranscript(t *testing.T) {
	for _, wire := range []bool{false, true} {
		s := New(newRef)
		if wire {
			s = viaWire()
		}
		a, err := sim.NewWorld(ralamport.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1})
		require.NoError(t, err)
		b, err := sim.NewWorld(Algorithm("ra-lamport", s), sim.Config{N: 3}, sim.Options{Requests: 1})
		require.NoError(t, err)
		// N1 enters alone; N3 and N2 ask while it is HELD and are queued
		// in that order (not the order of their ids); N2 and N3 then
		// settle their tie on T by id.
		for _, line := range []string{
			"request N1", "deliver N1->N2", "deliver N1->N3", "deliver N2->N1", "deliver N3->N1",
			"request N2", "request N3", "deliver N2->N3", "deliver N3->N2", "deliver N3->N2 reply",
			"deliver N3->N1", "deliver N2->N1", "exit N1", "deliver N1->N2", "deliver N1->N3",
			"exit N2", "deliver N2->N3", "exit N3",
		} {
			ea, err := a.FindEvent(line)
			require.NoError(t, err, line)
			eb, err := b.FindEvent(line)
			require.NoError(t, err, line)
			require.Equal(t, a.Describe(ea), b.Describe(eb), line)
			apply(t, a, line)
			apply(t, b, line)
			require.Equal(t, a.StateString(), b.StateString(), line)
			if line == "deliver N2->N1" && b.Nodes[0].Phase() == sim.InCS {
				assert.Equal(t, "[N3@3 N2@3]", b.Nodes[0].Vars()[2].Value)
			}
		}
		var ea, eb sim.Enc
		a.Encode(&ea)
		b.Encode(&eb)
		assert.NotEmpty(t, eb.B)
	}
}

// Random runs of the registry's ra-lamport and of the reference, event
// for event: the same events are enabled, described the same way, and
// every node shows the same variables after each of them. This catches
// what equal state counts cannot, e.g. the tie-break by id reversed
// (an isomorphic state space).
func TestLockstepWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for run := 0; run < 200; run++ {
		n := 2 + rng.IntN(3)
		opts := sim.Options{Requests: 2, AppMsgs: 2}
		cfg := sim.Config{N: n}
		a, err := sim.NewWorld(ralamport.Algorithm(), cfg, opts)
		require.NoError(t, err)
		s := New(newRef)
		if run%2 == 1 {
			s = viaWire()
		}
		b, err := sim.NewWorld(Algorithm("ra-lamport", s), cfg, opts)
		require.NoError(t, err)
		for step := 0; step < 120; step++ {
			ea, eb := a.Events(nil), b.Events(nil)
			require.Equal(t, len(ea), len(eb))
			if len(ea) == 0 {
				break
			}
			for i := range ea {
				require.Equal(t, a.EventString(ea[i]), b.EventString(eb[i]))
			}
			k := rng.IntN(len(ea))
			require.Equal(t, a.Describe(ea[k]), b.Describe(eb[k]))
			_, err := a.Apply(ea[k])
			require.NoError(t, err)
			_, err = b.Apply(eb[k])
			require.NoError(t, err)
			require.Equal(t, a.StateString(), b.StateString(), "run %d step %d", run, step)
		}
	}
}

// spy records the queue each handler was handed.
type spy struct {
	ref
	seen *[][]Waiter
}

func (s spy) Exit() {
	*s.seen = append(*s.seen, append([]Waiter(nil), s.Queue...))
	s.ref.Exit()
}

// Handlers get the queue sorted by node, whatever the arrival order: the
// order is not state, so the handlers must not depend on it.
func TestHandlersSeeTheQueueSorted(t *testing.T) {
	var seen [][]Waiter
	w, err := sim.NewWorld(Algorithm("ra-lamport", func(v *Vars) Steps { return spy{ref{v}, &seen} }), sim.Config{N: 4}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N1", "deliver N1->N2", "deliver N1->N3", "deliver N1->N4", "deliver N2->N1", "deliver N3->N1", "deliver N4->N1",
		"request N4", "request N2", "request N3", "deliver N4->N1", "deliver N2->N1", "deliver N3->N1"} {
		apply(t, w, line)
	}
	assert.Equal(t, "[N4@3 N2@3 N3@3]", w.Nodes[0].Vars()[2].Value)
	apply(t, w, "exit N1")
	require.Len(t, seen, 1)
	assert.Equal(t, []Waiter{{1, 3}, {2, 3}, {3, 3}}, seen[0])
	assert.Equal(t, "[]", w.Nodes[0].Vars()[2].Value)
}

// The harness keeps T and Replies at 0 while the node is RELEASED, as
// the registry shows them.
func TestReleasedClearsTAndReplies(t *testing.T) {
	w, err := sim.NewWorld(Algorithm("ra-lamport", newRef), sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N1", "deliver N1->N2", "deliver N2->N1"} {
		apply(t, w, line)
	}
	assert.Equal(t, "N1: state=HELD T=1 queue=[] replies=1 clock=3\n", w.StateString()[:len("N1: state=HELD T=1 queue=[] replies=1 clock=3\n")])
	apply(t, w, "exit N1")
	nd := w.Nodes[0].(*node)
	assert.Equal(t, []int{0, 0}, []int{nd.t, nd.replies})
}

// bad is a student's code that does something else in one handler.
type bad struct {
	ref
	enter, exit func(v *Vars)
	request     func(v *Vars, j, tj int)
	reply       func(v *Vars, j int)
}

func (b bad) Enter() { call(b.enter, b.ref.Enter, b.Vars) }
func (b bad) Exit()  { call(b.exit, b.ref.Exit, b.Vars) }
func (b bad) OnRequest(j, tj int) {
	if b.request != nil {
		b.request(b.Vars, j, tj)
		return
	}
	b.ref.OnRequest(j, tj)
}
func (b bad) OnReply(j int) {
	if b.reply != nil {
		b.reply(b.Vars, j)
		return
	}
	b.ref.OnReply(j)
}

func call(f func(*Vars), def func(), v *Vars) {
	if f != nil {
		f(v)
		return
	}
	def()
}

// Handlers that break the contract make their node fail, saying why.
func TestContract(t *testing.T) {
	held := []string{"request N1", "deliver N1->N2", "deliver N1->N3", "deliver N2->N1", "deliver N3->N1"}
	for _, c := range []struct {
		name  string
		b     bad
		run   []string
		fault string
	}{
		{"enter stays released", bad{enter: func(v *Vars) { v.SendRequest(1) }}, []string{"request N1"},
			"Enter() left state = RELEASED, but Enter() sets state = Wanted"},
		{"enter replies", bad{enter: func(v *Vars) { v.State = Wanted; v.SendReply(1) }}, []string{"request N1"},
			"Enter() sent a reply, but Enter() sends only requests"},
		{"enter asks itself", bad{enter: func(v *Vars) { v.State = Wanted; v.SendRequest(0) }}, []string{"request N1"},
			"Enter() sent a request to itself (N1)"},
		{"enter asks twice", bad{enter: func(v *Vars) { v.State = Wanted; v.SendRequest(1); v.SendRequest(1) }}, []string{"request N1"},
			"Enter() sent two messages to N2, but Enter() sends at most one to each node"},
		{"enter asks a stranger", bad{enter: func(v *Vars) { v.State = Wanted; v.SendRequest(5) }}, []string{"request N1"},
			"Enter() sent a request to node 5, but the nodes are 0..2"},
		{"enter stamps nonsense", bad{enter: func(v *Vars) { v.State = Wanted; v.T = -4; v.SendRequest(1) }}, []string{"request N1"},
			"Enter() sent a request stamped -4, which is not a Lamport timestamp"},
		{"enter queues", bad{enter: func(v *Vars) { v.State = Wanted; v.Queue = append(v.Queue, Waiter{1, 1}) }}, []string{"request N1"},
			"Enter() changed the queue, but Enter() does not touch it"},
		{"request enters", bad{request: func(v *Vars, j, tj int) { v.State = Held }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() changed state from RELEASED to HELD, but a request never changes the state"},
		{"request takes the timestamp", bad{request: func(v *Vars, j, tj int) { v.T = tj; v.SendReply(j) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() changed T from 0 to 1, but only Enter() sets T"},
		{"request counts", bad{request: func(v *Vars, j, tj int) { v.Replies++; v.SendReply(j) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() changed Replies from 0 to 1, but only OnReply() counts replies"},
		{"request replies to the wrong node", bad{request: func(v *Vars, j, tj int) { v.SendReply(2) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent a reply to N3, but the request came from N1"},
		{"request asks back", bad{request: func(v *Vars, j, tj int) { v.SendRequest(j) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent a request, but OnRequest() sends only replies"},
		{"request replies to everyone", bad{request: func(v *Vars, j, tj int) { v.SendReply(0); v.SendReply(2) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent 2 replies, but OnRequest() sends at most one"},
		{"request queues itself", bad{request: func(v *Vars, j, tj int) { v.Queue = append(v.Queue, Waiter{v.MyID(), tj}) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() put itself (N2) in the queue, but a node never waits for itself"},
		{"request queues a stranger", bad{request: func(v *Vars, j, tj int) { v.Queue = append(v.Queue, Waiter{-1, tj}) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() put node -1 in the queue, but the nodes are 0..2"},
		{"request queues without end", bad{request: func(v *Vars, j, tj int) { v.Queue = make([]Waiter, 65) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() made the queue 65 long, but it holds at most 64 requests"},
		{"reply leaves the CS", bad{reply: func(v *Vars, j int) { v.State = Released }}, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() changed state from WANTED to RELEASED, but a reply can only move WANTED to HELD"},
		{"reply restamps", bad{reply: func(v *Vars, j int) { v.T = v.Clock() }}, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() changed T from 1 to 3, but only Enter() sets T"},
		{"reply answers", bad{reply: func(v *Vars, j int) { v.SendReply(j) }}, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() sent a reply, but OnReply() sends nothing"},
		{"reply clears the queue", bad{reply: func(v *Vars, j int) { v.Queue = nil }},
			[]string{"request N1", "request N2", "deliver N2->N1", "deliver N1->N3", "deliver N3->N1"},
			"OnReply() changed the queue, but OnReply() does not touch it"},
		{"exit stays held", bad{exit: func(v *Vars) {}}, append(held, "exit N1"),
			"Exit() left state = HELD, but Exit() sets state = Released"},
		{"exit asks", bad{exit: func(v *Vars) { v.State = Released; v.SendRequest(1) }}, append(held, "exit N1"),
			"Exit() sent a request, but Exit() sends only replies"},
		{"panics", bad{exit: func(v *Vars) { _ = v.Queue[3] }}, append(held, "exit N1"),
			"Exit() panicked: runtime error: index out of range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, wire := range []bool{false, true} {
				s := func(v *Vars) Steps { b := c.b; b.ref = ref{v}; return b }
				if wire {
					inner := s
					s = Remote(func(req []byte) ([]byte, error) { return Serve(inner, req), nil })
				}
				w, err := sim.NewWorld(Algorithm("ra-lamport", s), sim.Config{N: 3}, sim.Options{Requests: 1})
				require.NoError(t, err)
				for _, line := range c.run {
					apply(t, w, line)
				}
				var faults []string
				for _, n := range w.Nodes {
					if f := n.(*node).Fault(); f != "" {
						faults = append(faults, f)
					}
				}
				require.Len(t, faults, 1, "wire: %v", wire)
				assert.Contains(t, faults[0], c.fault, "wire: %v", wire)
			}
		})
	}
}

// A failed node stops: it receives nothing more and waits forever.
func TestFailedNodeWaits(t *testing.T) {
	b := bad{exit: func(v *Vars) {}}
	w, err := sim.NewWorld(Algorithm("ra-lamport", func(v *Vars) Steps { x := b; x.ref = ref{v}; return x }), sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N1", "deliver N1->N2", "deliver N2->N1", "exit N1"} {
		apply(t, w, line)
	}
	assert.Equal(t, sim.Wanting, w.Nodes[0].Phase())
	assert.Contains(t, w.NodeString(0), "fault=Exit() left state = HELD")
	var e sim.Enc
	w.Nodes[0].Encode(&e)
	c := w.Nodes[0].Clone()
	c.Decode(&sim.Dec{B: e.B})
	assert.Equal(t, "failed", c.(*node).Fault())
}

// FuzzDecodeAnswer: an answer from the sandbox is untrusted; decoding it
// never panics, and what Serve writes decodes.
func FuzzDecodeAnswer(f *testing.F) {
	f.Add(Serve(newRef, EncodeRequest(OpExit, 0, 0, &Vars{State: Released, T: 4, Replies: 2, Queue: []Waiter{{1, 5}, {2, 6}}, id: 0, n: 3, clock: 9})))
	f.Add(Serve(newRef, EncodeRequest(OpEnter, 0, 0, &Vars{id: 1, n: 3, clock: 2})))
	f.Add(Serve(newRef, EncodeRequest(OpRequest, 2, 7, &Vars{State: Wanted, T: 3, id: 1, n: 3, clock: 8})))
	f.Add([]byte{1, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeAnswer(b)
		if _, err := DecodeAnswer(Serve(newRef, b)); err != nil {
			t.Fatalf("Serve's own answer does not decode: %v", err)
		}
	})
}

// What Serve answers is what the handlers did: the wire loses nothing.
func TestWireRoundTrip(t *testing.T) {
	v := &Vars{State: Held, T: 4, Replies: 2, Queue: []Waiter{{1, 5}, {2, 6}}, id: 0, n: 3, clock: 9}
	a, err := DecodeAnswer(Serve(newRef, EncodeRequest(OpExit, 0, 0, v)))
	require.NoError(t, err)
	assert.Equal(t, Released, a.Vars.State)
	assert.Empty(t, a.Vars.Queue)
	assert.Equal(t, []Send{{Reply, 1, 0}, {Reply, 2, 0}}, a.Vars.out)
	a, err = DecodeAnswer(Serve(newRef, EncodeRequest(OpEnter, 0, 0, &Vars{id: 1, n: 3, clock: 7})))
	require.NoError(t, err)
	assert.Equal(t, Wanted, a.Vars.State)
	assert.Equal(t, []Send{{Request, 0, 7}, {Request, 2, 7}}, a.Vars.out)
	a, err = DecodeAnswer(Serve(newRef, []byte{9, 9, 9}))
	require.NoError(t, err)
	assert.Equal(t, "malformed request", a.Panic)
}
