package suzukikasamisteps

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/suzukikasami"
)

// The reference behaves exactly as the registry's suzuki-kasami, directly
// and through the wire: the same state space and verdicts, and the same
// events, tokens and variables along a run, so schedules written for
// suzuki-kasami replay on a student's code. The state spaces are
// compared in full: the registry's model has a partial-order reduction,
// which a student's code does not vouch for.
func TestReferenceIsSuzukiKasami(t *testing.T) {
	reg, refs := suzukikasami.Algorithm(), suite.Refs()
	steptest.Same(t, reg, steptest.Each(suite.Alg, refs),
		steptest.Config{N: 1, R: 1, NoReduce: true}, steptest.Config{N: 2, R: 2, NoReduce: true},
		steptest.Config{N: 3, R: 1, NoReduce: true}, steptest.Config{N: 3, R: 2, NoReduce: true})
	run := []string{"request N1", "request N2", "request N3", "deliver N2->N1 request(1)", "deliver N3->N1 request(1)", "exit N1",
		"deliver N1->N2 token[LN=0,0,0 Q=N3]", "deliver N2->N3 request(1)", "request N1", "exit N2", "deliver N2->N3 token", "deliver N1->N3 request(1)", "exit N3"}
	for _, c := range refs {
		steptest.Transcript(t, reg, suite.Alg(c), sim.Config{N: 3}, sim.Options{Requests: 2}, run)
	}
}

// The message kinds and their rendering are the registry's, so its
// schedules name them.
func TestKinds(t *testing.T) {
	assert.Equal(t, suzukikasami.Request, int(Request))
	assert.Equal(t, suzukikasami.Token, int(Token))
	assert.Equal(t, suzukikasami.Algorithm().MsgKinds, Algorithm("suzuki-kasami", suite.Ref).MsgKinds)
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	asked := []string{"request N2", "deliver N2->N1"}
	steptest.Contract(t, suite, sim.Config{N: 3}, sim.Options{Requests: 1}, []bad{
		{OpEnter, func(v *Vars, _, _ int) {}, []string{"request N2"}, "Enter() left state = Released, but Enter() sets state = Wanted or Held"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Held }, []string{"request N2"}, "Enter() left state = Held, but only the token's holder may be in the critical section"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.RN = v.RN[:1] }, []string{"request N2"}, "Enter() made RN 1 long, but there are 3 nodes"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.RN[2] = -1 }, []string{"request N2"}, "Enter() set RN[N3] = -1"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendRequest(1, 0) }, []string{"request N2"}, "Enter() sent a message to itself (N2)"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendRequest(7, 0) }, []string{"request N2"}, "Enter() sent a message to node 7, but the nodes are 0..2"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendRequest(0, 0); v.SendRequest(0, 0) }, []string{"request N2"}, "Enter() sent N1 two REQUESTs"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendRequest(0, 3) }, []string{"request N2"}, "Enter() sent REQUEST(N2, 3), but RN[N2] = 0"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendToken(0) }, []string{"request N2"}, "Enter() sent the token, but the node does not hold it"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.Q = []int{0} }, []string{"request N2"}, "Enter() set LN or Q, but only the token's holder"},
		{OpEnter, func(v *Vars, _, _ int) { *v = Vars{RN: make([]int, 3)} }, []string{"request N1"}, "Enter() replaced the variables"},
		{OpRequest, func(v *Vars, from, _ int) { v.SendToken(from); v.SendToken(from) }, asked, "OnRequest() sent the token twice"},
		{OpRequest, func(v *Vars, from, _ int) { v.LN = append(v.LN, 0); v.SendToken(from) }, asked, "OnRequest() sent a token that breaks the rules: it made LN 4 long"},
		{OpRequest, func(v *Vars, _, _ int) { v.Q = []int{1, 1, 1, 1} }, asked, "OnRequest() made Q 4 long, but there are only 3 nodes"},
		{OpRequest, func(v *Vars, _, _ int) { v.Q = []int{5} }, asked, "OnRequest() put 5 in Q, but the nodes are 0..2"},
		{OpRequest, func(v *Vars, _, _ int) { v.LN[0] = -2 }, asked, "OnRequest() set LN[N1] = -2"},
		{OpRequest, func(v *Vars, _, _ int) { v.State = Wanted }, asked, "OnRequest() changed state from Released to Wanted, but a message can only move Wanted to Held"},
		{OpRequest, func(v *Vars, from, _ int) { v.SendToken(from) }, []string{"request N1", "request N2", "deliver N2->N1"}, "OnRequest() sent the token from the critical section (state = Held), but a node keeps the token until its Exit()"},
		{OpEnter, func(v *Vars, _, _ int) { v.State = Held; v.SendToken(1) }, []string{"request N1"}, "Enter() sent the token but left state = Held: only the token's holder may be in the critical section"},
		{OpExit, func(v *Vars, _, _ int) {}, []string{"request N1", "exit N1"}, "Exit() left state = Held, but Exit() sets state = Released"},
		{OpExit, func(v *Vars, _, _ int) { v.SendToken(1) }, []string{"request N1", "exit N1"}, "Exit() left state = Held, but only the token's holder"},
		{OpToken, func(v *Vars, _, _ int) { var m map[int]int; m[1] = 1 }, append(asked, "deliver N1->N2"), "OnToken() panicked: assignment to entry in nil map"},
	})
}

// A broken sandbox fails the node that called it.
func TestBroken(t *testing.T) {
	suite.Broken(t, sim.Config{N: 2}, "request N2", "Enter()")
}

var at = steptest.At[Send]

// The wire carries the variables, the holder's token included, and
// refuses what the harness never sends: lists that do not fit the system,
// a request from the node itself.
func TestWire(t *testing.T) {
	held := Vars{State: Held, RN: []int{2, 1, 0}, has: true, LN: []int{2, 0, 0}, Q: []int{1}, self: at(0, 3)}
	req := func(op, a int, v Vars) []byte { return harness.EncodeRequest(op, a, 1, &v) }
	steptest.RoundTrip(t, harness.Wire, int(OpEnter),
		[]Vars{held, {State: Wanted, RN: []int{0, 1}, self: at(1, 2)}},
		[][]byte{req(int(OpRequest), 0, held), req(int(OpEnter), 0, Vars{RN: []int{0, 0, 0}, self: at(0, 2)}),
			req(int(OpEnter), 0, Vars{RN: []int{0, 0}, LN: []int{0, 0}, self: at(0, 2)}), req(9, 0, held)})
}

func FuzzDecodeAnswer(f *testing.F) {
	suite.Fuzz(f, harness.EncodeRequest(int(OpExit), 0, 0, &Vars{State: Held, RN: []int{1, 1, 0}, has: true, LN: []int{0, 0, 0}, Q: []int{2}, self: at(0, 3)}),
		harness.EncodeRequest(int(OpRequest), 1, 1, &Vars{RN: []int{0, 0, 0}, self: at(0, 3)}))
}

var suite = steptest.Pkg[Vars, Send, Steps]{Ends: ends, Reg: suzukikasami.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

type bad steptest.Bad[Vars, Op]

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	if r.HasToken() {
		r.State = Held
		return
	}
	r.State = Wanted
	r.RN[r.MyID()]++
	for j := range r.N() {
		if j != r.MyID() {
			r.SendRequest(j, r.RN[r.MyID()])
		}
	}
}

func (r ref) OnRequest(from, n int) {
	r.RN[from] = max(r.RN[from], n)
	if r.HasToken() && r.State == Released && r.RN[from] == r.LN[from]+1 {
		r.SendToken(from)
	}
}

func (r ref) Exit() {
	r.State = Released
	r.LN[r.MyID()] = r.RN[r.MyID()]
	for j := range r.N() {
		if r.RN[j] == r.LN[j]+1 && !slices.Contains(r.Q, j) {
			r.Q = append(r.Q, j)
		}
	}
	if len(r.Q) > 0 {
		k := r.Q[0]
		r.Q = r.Q[1:]
		r.SendToken(k)
	}
}

func (r ref) OnToken() {
	if r.State == Wanted {
		r.State = Held
	}
}
