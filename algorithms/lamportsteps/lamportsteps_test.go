package lamportsteps

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
)

// earlier: slot a's (T, a) comes before slot b's (T, b).
func (r ref) earlier(a, b int) bool {
	if r.Q[a].T != r.Q[b].T {
		return r.Q[a].T < r.Q[b].T
	}
	return a < b
}

func (r ref) CanEnter() bool {
	me := r.MyID()
	if r.Q[me].Kind != Request {
		return false
	}
	for j := range r.Q {
		if j == me {
			continue
		}
		if r.Q[j].Kind == Request && r.earlier(j, me) {
			return false // 3a
		}
		if !r.earlier(me, j) {
			return false // 3b
		}
	}
	return true
}

func (r ref) Exit() {
	me := r.MyID()
	r.Q[me] = Entry{Release, r.Clock()}
	r.toOthers(r.Q[me])
}

func (r ref) OnRelease(from, t int) { r.Q[from] = Entry{Release, t} }
func (r ref) OnReply(from, t int)   { r.Q[from] = Entry{Reply, t} }

func (r ref) toOthers(m Entry) {
	for j := 0; j < r.N(); j++ {
		if j != r.MyID() {
			r.Send(j, m)
		}
	}
}

// The reference behaves exactly as the registry's lamport, directly and
// through the wire: the same state space and verdicts, including Order
// (which needs the clocks to tick exactly as the registry's do), and the
// same canonical forms, clocks and variables along the registry's
// contended run (two requests at the same clock value), so schedules
// written for lamport replay on a student's code.
func TestReferenceIsLamport(t *testing.T) {
	order := []string{explore.Safety, explore.Liveness, explore.Order}
	cfgs := []steptest.Config{{N: 1, R: 1}, {N: 1, R: 2}, {N: 2, R: 1}, {N: 2, R: 2}, {N: 2, R: 2, App: 1, Props: order}, {N: 2, R: 3}}
	if !testing.Short() {
		cfgs = append(cfgs, steptest.Config{N: 3, R: 1})
	}
	refs := suite.Refs()
	steptest.Same(t, lamport.Algorithm(), steptest.Each(suite.Alg, refs), cfgs...)
	for _, c := range refs {
		b := steptest.Transcript(t, lamport.Algorithm(), suite.Alg(c), sim.Config{N: 3}, sim.Options{Requests: 1}, []string{"request N1", "request N2", "deliver N1->N2 request", "deliver N2->N1 request",
			"deliver N1->N3 request", "deliver N2->N3 request", "deliver N3->N2 reply", "deliver N3->N1 reply",
			"exit N1", "deliver N1->N3 release", "deliver N1->N2 release", "request N3", "deliver N3->N1 request", "exit N2",
			"deliver N2->N1 release", "deliver N3->N2 request", "deliver N2->N3 release", "deliver N1->N3 reply", "deliver N2->N3 reply"})
		assert.Equal(t, sim.InCS, b.Nodes[2].Phase(), "N3 should be in the CS at the end")
	}
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	steptest.Contract(t, suite, sim.Config{N: 3}, sim.Options{Requests: 1}, []bad{
		{OpEnter, func(v *Vars, from, t int) { v.Q[2] = Entry{Request, 1} }, []string{"request N2"},
			"Enter() changed q[2], but Enter() may change only q[1]"},
		{OpEnter, func(v *Vars, from, t int) { v.Q[1] = Entry{Request, 1}; v.Send(0, Entry{Reply, 1}) }, []string{"request N2"},
			"Enter() sent Reply, but Enter() sends only Request"},
		{OpEnter, func(v *Vars, from, t int) { v.Q[1] = Entry{Request, 1}; v.Send(1, v.Q[1]) }, []string{"request N2"},
			"Enter() sent a message to itself (N2)"},
		{OpEnter, func(v *Vars, from, t int) {
			v.Q[1] = Entry{Request, 1}
			v.Send(0, v.Q[1])
			v.Send(0, v.Q[1])
		}, []string{"request N2"},
			"Enter() sent N1 two messages, but Enter() sends each node at most one"},
		{OpEnter, func(v *Vars, from, t int) { v.Q[1] = Entry{Request, v.Clock() + 1} }, []string{"request N2"},
			"Enter() set q[1] = (Request, 2), but the clock shows 1"},
		{OpEnter, func(v *Vars, from, t int) { v.Send(7, Entry{Request, 1}) }, []string{"request N2"},
			"Enter() sent a message to node 7, but the nodes are 0..2"},
		{OpReply, func(v *Vars, from, t int) { v.Q[from] = Entry{Kind(7), t} }, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() set q[1] = (Kind(7), 2), but the kinds are Request, Reply and Release"},
		{OpRequest, func(v *Vars, from, t int) { v.Q = append(v.Q, Entry{}) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() made q 4 long, but it has one slot per node (3)"},
		{OpRequest, func(v *Vars, from, t int) {
			v.Q[from] = Entry{Request, t}
			v.Send(2, Entry{Reply, v.Clock()})
		}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent a Reply to N3, but the request came from N1"},
		{OpRequest, func(v *Vars, from, t int) { v.Send(from, Entry{Reply, 1}); v.Send(from, Entry{Reply, 2}) }, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent 2 messages, but OnRequest() sends at most one Reply"},
		{OpRelease, func(v *Vars, from, t int) { v.Send(from, Entry{Reply, t}) }, []string{"request N3", "run", "exit N3", "deliver N3->N1 release"},
			"OnRelease() sent a message, but OnRelease() sends nothing"},
		{OpCanEnter, func(v *Vars, from, t int) { v.Q[0] = Entry{Reply, 0} }, []string{"request N1"},
			"CanEnter() changed q[0], but CanEnter() only looks at q"},
		{OpExit, func(v *Vars, from, t int) {
			v.Q[0] = Entry{Release, v.Clock()}
			v.Q[1] = Entry{Release, 0}
		}, []string{"request N1", "run", "exit N1"},
			"Exit() changed q[1], but Exit() may change only q[0]"},
		{OpReply, func(v *Vars, from, t int) { var m map[int]int; m[from] = t }, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() panicked: assignment to entry in nil map"},
	})
}

// A failed node stops: it waits forever, takes no more messages, and the
// search reports the liveness failure.
func TestFailedNodeWaits(t *testing.T) {
	s := steptest.Override(suite.Code(suite.Ref), int(OpReply), func(*Vars, int, int) int { panic("no") })
	res := steptest.Explore(t, suite.Alg(s), steptest.Config{N: 2, R: 1})
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
}

func at(id, n, clock int) self {
	return stepwire.Placed[Send](stepwire.Place{ID: id, N: n, Clock: clock})
}

// The guest runs the student's code only on requests the host can send:
// a loop over N() nodes or over q must end.
func TestWire(t *testing.T) {
	q := []Entry{{Release, 0}, {Request, 3}}
	steptest.RoundTrip(t, harness.Wire, int(OpEnter), []Vars{{Q: q, self: at(0, 2, 1)}, {Q: q[:1], self: at(0, 1, 0)}}, [][]byte{
		harness.EncodeRequest(int(OpEnter), 0, 0, &Vars{Q: q, self: at(0, 1<<40, 1)}),
		harness.EncodeRequest(int(OpEnter), 0, 0, &Vars{Q: q[:1], self: at(0, 2, 1)}),
		harness.EncodeRequest(int(OpExit), 0, 0, &Vars{Q: q, self: at(2, 2, 1)}),
		harness.EncodeRequest(int(OpReply), 0, 0, &Vars{Q: q, self: at(0, 2, 1)}),
		harness.EncodeRequest(int(OpReply), 1, -1, &Vars{Q: q, self: at(0, 2, 1)}),
		harness.EncodeRequest(9, 0, 0, &Vars{Q: q, self: at(0, 2, 1)}),
		append(harness.EncodeRequest(int(OpEnter), 0, 0, &Vars{Q: q, self: at(0, 2, 1)}), 0),
	})
}

func FuzzDecodeAnswer(f *testing.F) {
	q := []Entry{{Request, 1}, {Reply, 2}, {Release, 0}}
	suite.Fuzz(f, harness.EncodeRequest(int(OpExit), 0, 0, &Vars{Q: q, self: at(0, 3, 4)}),
		harness.EncodeRequest(int(OpCanEnter), 0, 0, &Vars{Q: q, self: at(0, 3, 3)}),
		harness.EncodeRequest(int(OpRequest), 1, 1, &Vars{Q: q, self: at(2, 3, 2)}))
}

var suite = steptest.Pkg[Vars, Send, Steps]{Ends: ends, Reg: lamport.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

type bad steptest.Bad[Vars, Op]

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	me := r.MyID()
	r.Q[me] = Entry{Request, r.Clock()}
	r.toOthers(r.Q[me])
}

func (r ref) OnRequest(from, t int) {
	r.Q[from] = Entry{Request, t}
	if r.Q[r.MyID()].Kind != Request {
		r.Send(from, Entry{Reply, r.Clock()})
	}
}
