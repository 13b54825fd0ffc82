package centralsteps

import (
	"testing"

	"dmelab/algorithms/central"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/sim"
)

// The reference behaves exactly as the registry's central, directly and
// through the wire: the same state space and verdicts, and the same
// canonical forms and variables along a run, so schedules written for
// central replay on a student's code.
func TestReferenceIsCentral(t *testing.T) {
	props := []string{explore.Safety, explore.Liveness, explore.Order}
	suite.Same(t, steptest.Config{N: 1, R: 1, Props: props}, steptest.Config{N: 2, R: 1, Props: props}, steptest.Config{N: 2, R: 2, Props: props},
		steptest.Config{N: 3, R: 1, Props: props}, steptest.Config{N: 3, R: 2, Props: props})
	suite.Transcript(t, sim.Config{N: 3}, sim.Options{Requests: 1},
		[]string{"request N2", "request N3", "deliver N3->N1 request", "deliver N2->N1 request", "deliver N1->N3 grant",
			"exit N3", "deliver N3->N1 release", "deliver N1->N2 grant", "exit N2", "deliver N2->N1 release"})
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	steptest.Contract(t, suite, sim.Config{N: 3}, sim.Options{Requests: 1}, []bad{
		{OpEnter, func(v *Vars, from, _ int) { v.State = Wanted; v.SendGrant(2) }, []string{"request N2"}, "Enter() sent Grant, but Enter() sends only Request"},
		{OpEnter, func(v *Vars, from, _ int) {}, []string{"request N2"}, "Enter() left state = Released, but Enter() sets state = Wanted"},
		{OpExit, func(v *Vars, from, _ int) {}, []string{"request N2", "deliver N2->N1", "deliver N1->N2", "exit N2"}, "Exit() left state = Held, but Exit() sets state = Released"},
		{OpExit, func(v *Vars, from, _ int) { v.State = Released; v.SendRelease(); v.SendRelease() }, []string{"request N2", "deliver N2->N1", "deliver N1->N2", "exit N2"}, "Exit() sent 2 messages"},
		{OpRequest, func(v *Vars, from, _ int) { v.Holder = from; v.SendGrant(7) }, []string{"request N2", "deliver N2->N1"}, "OnRequest() sent a message to node 7"},
		{OpRequest, func(v *Vars, from, _ int) { v.Queue = append(v.Queue, 9) }, []string{"request N2", "deliver N2->N1"}, "OnRequest() put 9 in the queue"},
		{OpRequest, func(v *Vars, from, _ int) { v.State = Held }, []string{"request N2", "deliver N2->N1"}, "OnRequest() changed state from Released to Held, but the server's handlers keep the server's own state"},
		{OpGrant, func(v *Vars, from, _ int) { v.State = Released }, []string{"request N2", "deliver N2->N1", "deliver N1->N2"}, "OnGrant() changed state from Wanted to Released, but a grant can only let the node in (Held)"},
		{OpGrant, func(v *Vars, from, _ int) { v.State = Held; v.Holder = 1 }, []string{"request N2", "deliver N2->N1", "deliver N1->N2"}, "OnGrant() changed holder or queue"},
		{OpRelease, func(v *Vars, from, _ int) { _ = v.Queue[5] }, []string{"request N2", "deliver N2->N1", "deliver N1->N2", "exit N2", "deliver N2->N1"}, "OnRelease() panicked: runtime error: index out of range"},
		{OpRequest, func(v *Vars, from, _ int) { v.Holder = 0; v.SendGrant(0) }, []string{"request N2", "deliver N2->N1"}, "OnRequest() sent a message to itself (N1)"},
		// The server grants N2 again once it has left: N2, which did not
		// ask, fails as the grant lets it in, and the fault blames the
		// server.
		{OpRelease, func(v *Vars, from, _ int) { v.Holder = 1; v.SendGrant(1) }, []string{"request N2", "deliver N2->N1", "deliver N1->N2", "exit N2", "deliver N2->N1", "deliver N1->N2"},
			"OnGrant() ran on a Grant this client had not asked for (it was not Wanted): the server granted it twice, so look at the server's OnRequest() and OnRelease()"},
		// N2 asked, but its Enter() let it in at once and its Exit() left:
		// the Grant answers its Request, and the fault is N2's own.
		{OpEnter, func(v *Vars, from, _ int) { v.State = Held; v.SendRequest() }, []string{"request N2", "exit N2", "deliver N2->N1 request", "deliver N1->N2"},
			"OnGrant() changed state from Released to Held, but a grant can only let in a client that is waiting for it (Wanted): this one had asked, and its Enter() or Exit() left it Released before the Grant came"},
	})
}

var at = steptest.At[Send]

func TestWire(t *testing.T) {
	steptest.RoundTrip(t, harness.Wire, int(OpEnter), []Vars{{State: Held, Holder: 2, Queue: []int{1, 2}, self: at(0, 3)}, {Holder: None, self: at(2, 3)}},
		[][]byte{harness.EncodeRequest(int(OpRequest), 0, 0, &Vars{self: at(0, 3)}), harness.EncodeRequest(int(OpRequest), 5, 0, &Vars{self: at(0, 3)}),
			harness.EncodeRequest(0, 0, 0, &Vars{self: at(0, 40)})})
}

func FuzzDecodeAnswer(f *testing.F) {
	suite.Fuzz(f, harness.EncodeRequest(int(OpRelease), 2, 0, &Vars{State: Released, Holder: 2, Queue: []int{1}, self: at(0, 3)}),
		harness.EncodeRequest(int(OpRequest), 1, 0, &Vars{Holder: None, self: at(0, 3)}))
}

var suite = steptest.Pkg[Vars, Send, Steps]{Ends: ends, Reg: central.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

type bad steptest.Bad[Vars, Op]

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	r.State = Wanted
	r.SendRequest()
}

func (r ref) Exit() {
	r.State = Released
	r.SendRelease()
}

func (r ref) OnRequest(from int) {
	if r.Holder == None {
		r.Holder = from
		r.SendGrant(from)
		return
	}
	r.Queue = append(r.Queue, from)
}

func (r ref) OnRelease(int) {
	if len(r.Queue) == 0 {
		r.Holder = None
		return
	}
	r.Holder = r.Queue[0]
	r.Queue = r.Queue[1:]
	r.SendGrant(r.Holder)
}

func (r ref) OnGrant() { r.State = Held }
