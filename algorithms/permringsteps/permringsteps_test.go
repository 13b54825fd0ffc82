package permringsteps

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/permring"
	"dmelab/algorithms/sim"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) next() int { return (r.MyID() + 1) % r.N() }

func (r ref) Enter() {
	if r.N() == 1 {
		r.State = Held
		return
	}
	r.Retry()
}

func (r ref) OnRequest(owner int) {
	switch {
	case owner == r.MyID():
		if r.State == Trying {
			r.State = Held
		}
	case r.State == Trying || r.State == Held:
		r.SendRefuse(owner)
	default:
		r.SendRequest(r.next(), owner)
	}
}

func (r ref) OnRefuse() {
	if r.State == Trying {
		r.State = Refused
	}
}

func (r ref) Retry() {
	r.State = Trying
	r.SendRequest(r.next(), r.MyID())
}

func (r ref) Leave() { r.State = Released }

func newRef(v *Vars) Steps { return ref{v} }

// The reference behaves exactly as the registry's permission-ring,
// directly and through the wire: the same state space and verdicts, and
// the same events and variables along a run, so schedules written for
// permission-ring replay on a student's code.
func TestReferenceIsPermissionRing(t *testing.T) {
	for _, c := range steptest.Both(harness.Wire, ends.Code(newRef)) {
		steptest.Same(t, permring.Algorithm(), []*sim.Algorithm{harness.Descriptor("permission-ring", c)},
			steptest.Config{N: 1, R: 1}, steptest.Config{N: 2, R: 1}, steptest.Config{N: 2, R: 2}, steptest.Config{N: 3, R: 1}, steptest.Config{N: 3, R: 2})
		w := steptest.Transcript(t, permring.Algorithm(), harness.Descriptor("permission-ring", c), sim.Config{N: 3}, sim.Options{Requests: 1},
			[]string{"request N2", "deliver N2->N3 request(2)", "deliver N3->N1 request(2)", "deliver N1->N2 request(2)",
				"request N3", "deliver N3->N1 request(3)", "deliver N1->N2 request(3)", "deliver N2->N3 refuse", "exit N2",
				"step N3 retry", "deliver N3->N1", "deliver N1->N2", "deliver N2->N3"})
		assert.Equal(t, sim.InCS, w.Nodes[2].Phase())
	}
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	fails := func(op Op, bad func(v *Vars, owner int), run []string, fault string) {
		c := steptest.Override(ends.Code(newRef), int(op), func(v *Vars, owner, _ int) int { bad(v, owner); return 0 })
		for _, b := range steptest.Both(harness.Wire, c) {
			got := steptest.Fault(t, harness.Descriptor("permission-ring", b), sim.Config{N: 3}, sim.Options{Requests: 1}, run, fault)
			steptest.GoNames(t, got, Released, Trying, Refused, Held)
		}
	}
	enter, request := []string{"request N2"}, []string{"request N1", "deliver N1->N2"}
	fails(OpEnter, func(v *Vars, _ int) {}, enter, "Enter() left state = Released, but Enter() sets state = Trying (or Held in a ring of one)")
	fails(OpEnter, func(v *Vars, _ int) { v.State = Trying; v.SendRefuse(0) }, enter, "Enter() sent a refusal, but only OnRequest() refuses")
	fails(OpEnter, func(v *Vars, _ int) { v.State = Trying; v.SendRequest(0, 1) }, enter, "Enter() sent a request to N1, but the ring goes from N2 to N3")
	fails(OpEnter, func(v *Vars, _ int) { v.State = Trying; v.SendRefuse(5) }, enter, "Enter() sent a refusal to node 5 (the nodes are 0..2)")
	fails(OpRetry, func(v *Vars, _ int) { v.State = Trying; v.SendRequest(1, 1) },
		[]string{"request N1", "request N2", "deliver N1->N2", "deliver N2->N1 refuse", "step N1"}, "Retry() sent the request of N2, but a node starts only its own")
	fails(OpRequest, func(v *Vars, _ int) { v.State = Held }, request, "OnRequest() changed state from Released to Held, but a request's arrival can only move Trying to Held")
	refused := []string{"request N1", "request N2", "deliver N1->N2", "deliver N2->N1 refuse"}
	fails(OpRefuse, func(v *Vars, _ int) { v.State = Held }, refused, "OnRefuse() changed state from Trying to Held, but a refusal can only move Trying to Refused")
	fails(OpRetry, func(v *Vars, _ int) {}, append(refused, "step N1"), "Retry() left state = Refused, but Retry() sets state = Trying")
	fails(OpLeave, func(v *Vars, _ int) {}, []string{"request N1", "deliver N1->N2", "deliver N2->N3", "deliver N3->N1", "exit N1"}, "Leave() left state = Held, but Leave() sets state = Released")
	fails(OpRequest, func(v *Vars, owner int) { v.SendRequest(2, owner); v.SendRefuse(owner) }, request, "OnRequest() sent 2 messages")
	fails(OpRequest, func(v *Vars, owner int) { v.SendRequest(2, 7) }, request, "OnRequest() sent a request of node 7")
	fails(OpRequest, func(v *Vars, _ int) { var m map[int]int; m[1] = 1 }, request, "OnRequest() panicked: assignment to entry in nil map")
}

func at(id, n int) self { return stepwire.Placed[Send](stepwire.Place{ID: id, N: n}) }

func FuzzDecodeAnswer(f *testing.F) {
	steptest.Fuzz(f, harness.Wire, ends.Code(newRef), harness.EncodeRequest(int(OpRequest), 0, 0, &Vars{self: at(1, 3)}))
}

// The wire carries the state both ways; it refuses an owner that is no
// node, an unknown handler and a truncated request.
func TestWire(t *testing.T) {
	steptest.RoundTrip(t, harness.Wire, int(OpRefuse), []Vars{{State: Refused, self: at(0, 3)}, {State: Held, self: at(2, 3)}},
		[][]byte{harness.EncodeRequest(int(OpRequest), 3, 0, &Vars{self: at(0, 3)}), harness.EncodeRequest(9, 0, 0, &Vars{self: at(0, 3)}), {1, 2}})
}

// A broken sandbox fails the node that called it.
func TestBroken(t *testing.T) {
	steptest.Broken(t, harness.Wire, func(c stepwire.Code[Vars]) *sim.Algorithm { return harness.Descriptor("permission-ring", c) }, sim.Config{N: 2}, "request N2", "Enter()")
}
