package raymondsteps

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/raymond"
	"dmelab/algorithms/sim"
)

// after is ASSIGN_PRIVILEGE then MAKE_REQUEST.
func (r ref) after() {
	if r.Holder == r.MyID() && r.State != Held && len(r.Queue) > 0 {
		r.Holder = r.Queue[0]
		r.Queue = r.Queue[1:]
		r.Asked = false
		if r.Holder == r.MyID() {
			r.State = Held
		} else {
			r.SendPrivilege(r.Holder)
		}
	}
	if r.Holder != r.MyID() && len(r.Queue) > 0 && !r.Asked {
		r.SendRequest(r.Holder)
		r.Asked = true
	}
}

// The reference behaves exactly as the registry's raymond, directly and
// through the wire: the same state space and verdicts, and the same
// canonical forms and variables along a run, so schedules written for
// raymond replay on a student's code.
func TestReferenceIsRaymond(t *testing.T) {
	suite.Same(t, steptest.Config{N: 1, R: 1}, steptest.Config{N: 2, R: 2}, steptest.Config{N: 3, R: 1}, steptest.Config{N: 3, R: 2}, steptest.Config{N: 4, R: 1})
	suite.Transcript(t, sim.Config{N: 4}, sim.Options{Requests: 1},
		[]string{"request N4", "request N3", "deliver N4->N2 request", "deliver N3->N1 request", "deliver N2->N1 request",
			"deliver N1->N3 privilege", "deliver N1->N3 request", "exit N3", "deliver N3->N1 privilege", "deliver N1->N2 privilege", "deliver N2->N4 privilege", "exit N4"})
}

// The message kinds are the registry's, so its schedules name them.
func TestKinds(t *testing.T) {
	assert.Equal(t, raymond.Request, int(Request))
	assert.Equal(t, raymond.Privilege, int(Privilege))
	assert.Equal(t, raymond.Algorithm().MsgKinds, Algorithm("raymond", suite.Ref).MsgKinds)
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	steptest.Contract(t, suite, sim.Config{N: 4}, sim.Options{Requests: 1}, []bad{
		{OpEnter, func(v *Vars, _, _ int) {}, []string{"request N2"}, "Enter() left state = Released, but Enter() sets state = Wanted or Held"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendRequest(2) }, []string{"request N2"}, "Enter() sent a message to N3, but N3 is not N2's neighbour"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendRequest(7) }, []string{"request N2"}, "Enter() sent a message to node 7, but the nodes are 0..3"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendPrivilege(0) }, []string{"request N2"}, "Enter() sent the PRIVILEGE, but the node did not hold it"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendRequest(0); v.SendRequest(0) }, []string{"request N2"}, "Enter() sent 2 REQUESTs"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.Holder = 9 }, []string{"request N2"}, "Enter() set HOLDER = 9"},
		{OpRequest, func(v *Vars, from, _ int) { v.Queue = append(v.Queue, 1, 1, 1, 1, 1) }, []string{"request N2", "deliver N2->N1"}, "OnRequest() made request_Q 5 long"},
		{OpRequest, func(v *Vars, from, _ int) { v.Queue = append(v.Queue, -1) }, []string{"request N2", "deliver N2->N1"}, "OnRequest() put -1 in request_Q"},
		{OpRequest, func(v *Vars, from, _ int) { v.State = Held }, []string{"request N2", "deliver N2->N1"}, "OnRequest() changed state from Released to Held, but a message can only move Wanted to Held"},
		{OpRequest, func(v *Vars, from, _ int) { v.Holder = from; v.SendPrivilege(from); v.SendPrivilege(from) }, []string{"request N2", "deliver N2->N1"}, "OnRequest() sent the PRIVILEGE 2 times"},
		{OpExit, func(v *Vars, _, _ int) {}, []string{"request N1", "exit N1"}, "Exit() left state = Held, but Exit() sets state = Released"},
		{OpPrivilege, func(v *Vars, _, _ int) { var m map[int]int; m[1] = 1 }, []string{"request N2", "deliver N2->N1", "deliver N1->N2"}, "OnPrivilege() panicked: assignment to entry in nil map"},
	})
}

// A broken sandbox fails the node that called it.
func TestBroken(t *testing.T) {
	suite.Broken(t, sim.Config{N: 2}, "request N2", "Enter()")
}

var at = steptest.At[Send]

func TestWire(t *testing.T) {
	steptest.RoundTrip(t, harness.Wire, int(OpEnter),
		[]Vars{{State: Held, Holder: 1, Asked: true, Queue: []int{1, 2}, self: at(0, 3)}, {Holder: 0, self: at(2, 3)}},
		[][]byte{harness.EncodeRequest(int(OpRequest), 0, 0, &Vars{self: at(0, 3)}), harness.EncodeRequest(int(OpRequest), 5, 0, &Vars{self: at(0, 3)}),
			harness.EncodeRequest(0, 0, 0, &Vars{self: at(0, 40)}), harness.EncodeRequest(9, 0, 0, &Vars{self: at(0, 3)})})
}

func FuzzDecodeAnswer(f *testing.F) {
	suite.Fuzz(f, harness.EncodeRequest(int(OpExit), 0, 0, &Vars{State: Held, Holder: 0, Queue: []int{1, 2}, self: at(0, 3)}),
		harness.EncodeRequest(int(OpRequest), 1, 0, &Vars{Holder: 0, self: at(0, 3)}))
}

var suite = steptest.Pkg[Vars, Send, Steps]{Ends: ends, Reg: raymond.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

type bad steptest.Bad[Vars, Op]

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	r.State = Wanted
	r.Queue = append(r.Queue, r.MyID())
	r.after()
}

func (r ref) Exit() {
	r.State = Released
	r.after()
}

func (r ref) OnRequest(from int) {
	r.Queue = append(r.Queue, from)
	r.after()
}

func (r ref) OnPrivilege() {
	r.Holder = r.MyID()
	r.after()
}
