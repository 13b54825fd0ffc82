package ralamportsteps

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
)

// The reference behaves exactly as the registry's ra-lamport, directly
// and through the wire: the same state space and verdicts (Order too,
// with an application message), and the same canonical forms and
// variables (clocks, timestamps, the queue in arrival order) along a run,
// so schedules written for ra-lamport replay on a student's code. In the
// run N1 enters alone; N3 and N2 ask while it is HELD and are queued in
// that order (not the order of their ids); N2 and N3 then settle their
// tie on T by id.
func TestReferenceIsRALamport(t *testing.T) {
	all := explore.Properties
	cfgs := []steptest.Config{{N: 1, R: 1}, {N: 2, R: 1}, {N: 2, R: 2}, {N: 3, R: 1}, {N: 2, R: 1, App: 1, Props: all}, {N: 2, R: 2, App: 1, Props: all}}
	if !testing.Short() {
		cfgs = append(cfgs, steptest.Config{N: 3, R: 1, App: 1, Props: all})
	}
	for _, w := range steptest.Same(t, ralamport.Algorithm(), steptest.Each(suite.Alg, refs), cfgs...) {
		for _, p := range w.Verdicts {
			require.Equal(t, explore.Holds, p)
		}
	}
	for _, c := range refs {
		b := steptest.Transcript(t, ralamport.Algorithm(), suite.Alg(c), sim.Config{N: 3}, sim.Options{Requests: 1}, []string{
			"request N1", "deliver N1->N2", "deliver N1->N3", "deliver N2->N1", "deliver N3->N1",
			"request N2", "request N3", "deliver N2->N3", "deliver N3->N2", "deliver N3->N2 reply",
			"deliver N3->N1", "deliver N2->N1"})
		assert.Equal(t, "[N3@3 N2@3]", b.Nodes[0].Vars()[2].Value)
		steptest.Transcript(t, ralamport.Algorithm(), suite.Alg(c), sim.Config{N: 3}, sim.Options{Requests: 1}, []string{
			"request N1", "deliver N1->N2", "deliver N1->N3", "deliver N2->N1", "deliver N3->N1",
			"request N2", "request N3", "deliver N2->N3", "deliver N3->N2", "deliver N3->N2 reply",
			"deliver N3->N1", "deliver N2->N1", "exit N1", "deliver N1->N2", "deliver N1->N3",
			"exit N2", "deliver N2->N3", "exit N3"})
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
		b, err := sim.NewWorld(suite.Alg(refs[run%2]), cfg, opts)
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
		steptest.Apply(t, w, line)
	}
	assert.Equal(t, "[N4@3 N2@3 N3@3]", w.Nodes[0].Vars()[2].Value)
	steptest.Apply(t, w, "exit N1")
	require.Len(t, seen, 1)
	assert.Equal(t, []Waiter{{1, 3}, {2, 3}, {3, 3}}, seen[0])
	assert.Equal(t, "[]", w.Nodes[0].Vars()[2].Value)
}

// The harness keeps T and Replies at 0 while the node is RELEASED, as
// the registry shows them.
func TestReleasedClearsTAndReplies(t *testing.T) {
	w, err := sim.NewWorld(Algorithm("ra-lamport", suite.Ref), sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N1", "deliver N1->N2", "deliver N2->N1"} {
		steptest.Apply(t, w, line)
	}
	assert.Equal(t, "N1: state=HELD T=1 queue=[] replies=1 clock=3\n", w.StateString()[:len("N1: state=HELD T=1 queue=[] replies=1 clock=3\n")])
	steptest.Apply(t, w, "exit N1")
	nd := w.Nodes[0].(*node)
	assert.Equal(t, []int{0, 0}, []int{nd.V.T, nd.V.Replies})
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	held := []string{"request N1", "deliver N1->N2", "deliver N1->N3", "deliver N2->N1", "deliver N3->N1"}
	steptest.Contract(t, suite, sim.Config{N: 3}, sim.Options{Requests: 1}, []bad{
		{OpEnter, func(v *Vars, j, tj int) { v.SendRequest(1) }, []string{"request N1"},
			"Enter() left state = Released, but Enter() sets state = Wanted"},
		{OpEnter, func(v *Vars, j, tj int) { v.State = Wanted; v.SendReply(1) }, []string{"request N1"},
			"Enter() sent a reply, but Enter() sends only requests"},
		{OpEnter, func(v *Vars, j, tj int) { v.State = Wanted; v.SendRequest(0) }, []string{"request N1"},
			"Enter() sent a request to itself (N1)"},
		{OpEnter, func(v *Vars, j, tj int) { v.State = Wanted; v.SendRequest(1); v.SendRequest(1) }, []string{"request N1"},
			"Enter() sent two messages to N2, but Enter() sends at most one to each node"},
		{OpEnter, func(v *Vars, j, tj int) { v.State = Wanted; v.SendRequest(5) }, []string{"request N1"},
			"Enter() sent a request to node 5, but the nodes are 0..2"},
		{OpEnter, func(v *Vars, j, tj int) { v.State = Wanted; v.T = -4; v.SendRequest(1) }, []string{"request N1"},
			"Enter() sent a request stamped -4, which is not a Lamport timestamp"},
		{OpEnter, func(v *Vars, j, tj int) { v.State = Wanted; v.Queue = append(v.Queue, Waiter{1, 1}) }, []string{"request N1"},
			"Enter() changed the queue, but Enter() does not touch it"},
		{OpRequest, func(v *Vars, j, tj int) { v.State = Held }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() changed state from Released to Held, but a request never changes the state"},
		{OpRequest, func(v *Vars, j, tj int) { v.T = tj; v.SendReply(j) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() changed T from 0 to 1, but only Enter() sets T"},
		{OpRequest, func(v *Vars, j, tj int) { v.Replies++; v.SendReply(j) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() changed Replies from 0 to 1, but only OnReply() counts replies"},
		{OpRequest, func(v *Vars, j, tj int) { v.SendReply(2) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent a reply to N3, but the request came from N1"},
		{OpRequest, func(v *Vars, j, tj int) { v.SendRequest(j) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent a request, but OnRequest() sends only replies"},
		{OpRequest, func(v *Vars, j, tj int) { v.SendReply(0); v.SendReply(2) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent 2 replies, but OnRequest() sends at most one"},
		{OpRequest, func(v *Vars, j, tj int) { v.Queue = append(v.Queue, Waiter{v.MyID(), tj}) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() put itself (N2) in the queue, but a node never waits for itself"},
		{OpRequest, func(v *Vars, j, tj int) { v.Queue = append(v.Queue, Waiter{-1, tj}) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() put node -1 in the queue, but the nodes are 0..2"},
		{OpRequest, func(v *Vars, j, tj int) { v.Queue = make([]Waiter, 65) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() made the queue 65 long, but it holds at most 64 requests"},
		{OpReply, func(v *Vars, j, tj int) { v.State = Released }, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() changed state from Wanted to Released, but a reply can only move Wanted to Held"},
		{OpReply, func(v *Vars, j, tj int) { v.T = v.Clock() }, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() changed T from 1 to 3, but only Enter() sets T"},
		{OpReply, func(v *Vars, j, tj int) { v.SendReply(j) }, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() sent a reply, but OnReply() sends nothing"},
		{OpReply, func(v *Vars, j, tj int) { v.Queue = nil },
			[]string{"request N1", "request N2", "deliver N2->N1", "deliver N1->N3", "deliver N3->N1"},
			"OnReply() changed the queue, but OnReply() does not touch it"},
		{OpExit, func(v *Vars, j, tj int) {}, append(held, "exit N1"),
			"Exit() left state = Held, but Exit() sets state = Released"},
		{OpExit, func(v *Vars, j, tj int) { v.State = Released; v.SendRequest(1) }, append(held, "exit N1"),
			"Exit() sent a request, but Exit() sends only replies"},
		{OpExit, func(v *Vars, j, tj int) { _ = v.Queue[3] }, append(held, "exit N1"),
			"Exit() panicked: runtime error: index out of range"},
	})
}

// A failed node stops: it receives nothing more and waits forever.
func TestFailedNodeWaits(t *testing.T) {
	stays := steptest.Override(suite.Code(suite.Ref), int(OpExit), func(*Vars, int, int) int { return 0 })
	w, err := sim.NewWorld(suite.Alg(stays), sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N1", "deliver N1->N2", "deliver N2->N1", "exit N1"} {
		steptest.Apply(t, w, line)
	}
	assert.Equal(t, sim.Wanting, w.Nodes[0].Phase())
	assert.Contains(t, w.NodeString(0), "fault=Exit() left state = Held")
	var e sim.Enc
	w.Nodes[0].Encode(&e)
	c := w.Nodes[0].Clone()
	c.Decode(&sim.Dec{B: e.B})
	assert.Equal(t, "failed", c.(*node).Fault())
}

func at(id, n, clock int) self {
	return stepwire.Placed[Send](stepwire.Place{ID: id, N: n, Clock: clock})
}

// What Serve answers is what the handlers did: the wire loses nothing.
func TestWire(t *testing.T) {
	steptest.RoundTrip(t, harness.Wire, int(OpExit), []Vars{{State: Held, T: 4, Replies: 2, Queue: []Waiter{{1, 5}, {2, 6}}, self: at(0, 3, 9)}, {self: at(1, 3, 7)}},
		[][]byte{{9, 9, 9}, harness.EncodeRequest(int(OpReply), 1, 0, &Vars{self: at(1, 3, 7)})})
	a, err := harness.DecodeAnswer(Guest(suite.Ref)(harness.EncodeRequest(int(OpExit), 0, 0, &Vars{State: Held, T: 4, Replies: 2, Queue: []Waiter{{1, 5}, {2, 6}}, self: at(0, 3, 9)})))
	require.NoError(t, err)
	assert.Equal(t, Released, a.Vars.State)
	assert.Empty(t, a.Vars.Queue)
	assert.Equal(t, []Send{{Reply, 1, 0}, {Reply, 2, 0}}, stepwire.Sent(&a.Vars.self))
	a, err = harness.DecodeAnswer(Guest(suite.Ref)(harness.EncodeRequest(int(OpEnter), 0, 0, &Vars{self: at(1, 3, 7)})))
	require.NoError(t, err)
	assert.Equal(t, Wanted, a.Vars.State)
	assert.Equal(t, []Send{{Request, 0, 7}, {Request, 2, 7}}, stepwire.Sent(&a.Vars.self))
}

func FuzzDecodeAnswer(f *testing.F) {
	steptest.Fuzz(f, harness.Wire, suite.Code(suite.Ref),
		harness.EncodeRequest(int(OpExit), 0, 0, &Vars{State: Released, T: 4, Replies: 2, Queue: []Waiter{{1, 5}, {2, 6}}, self: at(0, 3, 9)}),
		harness.EncodeRequest(int(OpEnter), 0, 0, &Vars{self: at(1, 3, 2)}),
		harness.EncodeRequest(int(OpRequest), 2, 7, &Vars{State: Wanted, T: 3, self: at(1, 3, 8)}))
}

var suite = steptest.Pkg[Vars, Send, Steps]{Ends: ends, Reg: ralamport.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

type bad steptest.Bad[Vars, Op]

var refs = suite.Refs()

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
