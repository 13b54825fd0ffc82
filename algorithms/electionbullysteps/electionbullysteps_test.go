package electionbullysteps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/electionbully"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// elect: forget the leader; the highest node wins at once, the others ask
// every higher node.
func (r ref) elect() {
	r.Leader, r.Heard = None, false
	if r.MyID() == r.N()-1 {
		r.win()
		return
	}
	for j := r.MyID() + 1; j < r.N(); j++ {
		r.SendElection(j)
	}
	r.State = Electing
}

func (r ref) win() {
	r.Leader, r.State, r.Heard = r.MyID(), Idle, false
	r.announce()
}

func (r ref) announce() {
	for j := 0; j < r.MyID(); j++ {
		r.SendCoordinator(j)
	}
}

func (r ref) OnElection(from int) {
	if r.State == Idle && r.Leader == None {
		r.elect()
		if r.Leader == r.MyID() {
			return // won at once: the coordinator went to from too
		}
	}
	if r.Leader == r.MyID() {
		r.SendCoordinator(from)
	} else {
		r.SendOK(from)
	}
}

func (r ref) OnOK(int) {
	if r.State == Electing {
		r.State = Waiting
	}
}

func (r ref) OnCoordinator(k int) {
	switch {
	case r.Alive(k):
		r.Leader, r.State, r.Heard = k, Idle, true
	case r.State == Idle:
		r.elect()
	}
}

func (r ref) TimeoutNoOK()          { r.win() }
func (r ref) TimeoutNoCoordinator() { r.elect() }
func (r ref) Heartbeat()            { r.announce() }

func (r ref) Check() {
	if r.Heard {
		r.Heard = false
		return
	}
	r.elect()
}

// The reference behaves exactly as the registry's election-bully,
// directly and through the wire: the same state space, verdicts and
// counterexamples, with crashes, two crashes (where, before the "no
// leader" timer, liveness failed) and a recovery (where safety fails);
// and the same canonical forms and variables along the registry's crash
// narrative (N4 leads and crashes, N3 takes over), so schedules written
// for election-bully replay on a student's code.
func TestReferenceIsElectionBully(t *testing.T) {
	var cfgs []steptest.Config
	for _, c := range [][4]int{{1, 1, 0, 0}, {1, 1, 1, 0}, {2, 1, 0, 0}, {2, 2, 1, 0}, {3, 1, 0, 0}, {3, 1, 1, 0},
		{3, 2, 1, 0}, {3, 1, 2, 0}, {3, 1, 1, 1}, {4, 1, 0, 0}, {4, 1, 2, 0}} {
		if !testing.Short() || c[0] < 4 { // N=4: 200 and 830 thousand states
			cfgs = append(cfgs, steptest.Config{N: c[0], R: c[1], C: c[2], Rec: c[3]})
		}
	}
	refs := suite.Refs()
	steptest.Same(t, electionbully.Algorithm(), steptest.Each(suite.Alg, refs), cfgs...)
	for _, c := range refs {
		b := steptest.Transcript(t, electionbully.Algorithm(), suite.Alg(c), sim.Config{N: 4}, sim.Options{Requests: 1, Crashes: 1}, []string{"request N1", "deliver N1->N2 election", "deliver N1->N4 election", "deliver N2->N1 ok",
			"deliver N4->N1 coordinator(4)", "deliver N4->N2 coordinator(4)", "deliver N4->N3 coordinator(4)",
			"deliver N1->N3 election", "deliver N2->N3 election", "deliver N2->N4 election", "deliver N3->N1 ok",
			"deliver N3->N2 ok", "deliver N4->N2 coordinator(4)", "step N4 heartbeat", "deliver N4->N1", "deliver N4->N2",
			"deliver N4->N3", "step N3 check", "step N3 check", "crash N4", "step N1 check", "step N1 check",
			"deliver N1->N2 election", "deliver N1->N3 election", "deliver N2->N1 ok", "deliver N3->N1 ok", "step N2 check",
			"step N2 check", "deliver N2->N3 election", "deliver N3->N2 ok", "step N3 check", "step N3 timeout",
			"deliver N3->N1", "deliver N3->N2", "step N1 check", "step N3 heartbeat"})
		assert.Contains(t, b.StateString(), "N1: leader=N3 state=idle heard=no timer=check")
	}
}

// run applies the event lines on a 3-node system with one crash allowed.
func run(t *testing.T, c stepwire.Code[Vars], lines []string) *sim.World {
	t.Helper()
	w, err := sim.NewWorld(suite.Alg(c), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1})
	require.NoError(t, err)
	for _, line := range lines {
		steptest.Apply(t, w, line)
	}
	return w
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	won := []string{"request N3"} // N3 wins at once: coordinator(3) to N1 and N2
	steptest.Contract(t, suite, sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1}, []bad{
		{OpStart, func(v *Vars, _, _ int) { v.State = 5 }, []string{"request N1"},
			"Start() set State = State(5), but it is Idle, Electing or Waiting"},
		{OpStart, func(v *Vars, _, _ int) { v.Leader = 3 }, []string{"request N1"},
			"Start() set Leader = 3, but it is None (-1) or a node 0..2"},
		{OpStart, func(v *Vars, _, _ int) { v.Leader = 1 }, []string{"request N1"},
			"Start() set Leader = N2, but only a coordinator message from N2 names it leader"},
		{OpCoordinator, func(v *Vars, k, _ int) { v.Leader = 1; v.Heard = true }, append(won, "deliver N3->N1"),
			"OnCoordinator(N3) set Leader = N2, but coordinator(N3) names N3"},
		{OpOK, func(v *Vars, from, _ int) { v.State = Waiting; v.Heard = true },
			[]string{"request N1", "deliver N1->N2 election", "deliver N2->N1 ok"}, "OnOK(N2) set Heard"},
		{OpOK, func(v *Vars, from, _ int) { v.State = Waiting; v.SendElection(from) },
			[]string{"request N1", "deliver N1->N2 election", "deliver N2->N1 ok"}, "OnOK(N2) sent election, but OnOK() sends nothing"},
		{OpStart, func(v *Vars, _, _ int) { v.State = Electing; v.SendElection(7) }, []string{"request N1"},
			"Start() sent election to node 7, but the nodes are 0..2"},
		{OpStart, func(v *Vars, _, _ int) { v.State = Electing; v.SendElection(v.MyID()) }, []string{"request N2"},
			"Start() sent election to itself"},
		{OpElection, func(v *Vars, from, _ int) { v.SendOK(from); v.SendOK(from) }, []string{"request N1", "deliver N1->N2 election"},
			"OnElection(N1) sent ok to N1 twice"},
		{OpNoOK, func(v *Vars, _, _ int) { v.Leader = v.MyID(); v.SendOK(0) }, []string{"crash N3", "request N2", "step N2 timeout"},
			"TimeoutNoOK() sent ok, but only OnElection() answers with ok"},
		{OpElection, func(v *Vars, from, _ int) { v.SendOK(2) }, []string{"request N1", "deliver N1->N2 election"},
			"OnElection(N1) sent ok to N3, but only the sender of the election, N1, gets an answer"},
		{OpNoOK, func(v *Vars, _, _ int) { v.State = Idle; v.SendCoordinator(0) }, []string{"crash N3", "request N2", "step N2 timeout"},
			"TimeoutNoOK() sent coordinator(N2) but returned with Leader = None: only the leader announces itself"},
		{OpHeartbeat, func(v *Vars, _, _ int) { v.SendElection(0) }, append(won, "deliver N3->N1", "deliver N3->N2", "step N3 heartbeat"),
			"Heartbeat() sent election, but Heartbeat() sends only coordinator"},
		{OpHeartbeat, func(v *Vars, _, _ int) { v.Leader = None }, append(won, "deliver N3->N1", "deliver N3->N2", "step N3 heartbeat"),
			"Heartbeat() changed the variables"},
		{OpCheck, func(v *Vars, _, _ int) { var m map[int]int; m[1] = 1 }, append(won, "deliver N3->N1", "deliver N3->N2", "step N1 check"),
			"Check() panicked: assignment to entry in nil map"},
	})
}

// The harness calls a timeout handler only when the timeout has really
// expired: while a higher node is alive the "no coordinator" and "no
// leader" timers, and while the leader is alive a check with nothing
// heard, change nothing.
func TestPatientTimers(t *testing.T) {
	calls := 0
	count := suite.Code(suite.Ref)
	for _, op := range []Op{OpNoCoordinator, OpCheck, OpStart} {
		count = steptest.Override(count, int(op), func(v *Vars, _, _ int) int { calls++; suite.Code(suite.Ref)(v, int(op), 0, 0); return 0 })
	}
	w := run(t, count, []string{"crash N3", "step N1 timeout"})
	assert.Equal(t, 0, calls, "N2 is alive: an election's result is still due")
	assert.Contains(t, w.NodeString(0), "leader=- state=idle heard=no timer=no-leader")
	w = run(t, count, []string{"crash N3", "step N2 timeout"})
	assert.Equal(t, 1, calls, "every node above N2 has crashed: Start")
	assert.Contains(t, w.NodeString(1), "state=electing")
	calls = 0
	w = run(t, count, []string{"crash N3", "request N1", "deliver N1->N2 election", "deliver N2->N1 ok", "step N1 timeout"})
	assert.Equal(t, 1, calls, "request N1 calls Start; N2 is alive: its coordinator is still due")
	assert.Contains(t, w.NodeString(0), "state=waiting")
	w = run(t, count, []string{"request N3", "deliver N3->N1", "deliver N3->N2", "step N1 check", "step N1 check"})
	assert.Equal(t, 3, calls, "request N3 calls Start; the first check clears heard; the second waits for N3's heartbeat")
	assert.Contains(t, w.NodeString(0), "leader=N3 state=idle heard=no")
	w = run(t, count, []string{"request N3", "deliver N3->N1", "deliver N3->N2", "step N1 check", "crash N3", "step N1 check"})
	assert.Equal(t, 6, calls, "N3 has crashed: the check expires")
	assert.Contains(t, w.NodeString(0), "leader=- state=electing")
}

// A node that fails is a liveness failure even when every live node
// agrees on the leader: here N2, the leader, fails at its first heartbeat.
func TestFailureIsLiveness(t *testing.T) {
	heartbeatFails := steptest.Override(suite.Code(suite.Ref), int(OpHeartbeat), func(*Vars, int, int) int { panic("boom") })
	w := run(t, heartbeatFails, []string{"request N3", "deliver N3->N1", "deliver N3->N2", "step N3 heartbeat"})
	assert.Equal(t, "Heartbeat() panicked: boom", w.Nodes[2].(*node).Fault())
	assert.Equal(t, None, w.Nodes[2].(*node).Leader())
	assert.Contains(t, w.NodeString(2), "timer=- fault=", "a failed node's timer never fires: none is shown")
	assert.NotZero(t, w.Waiting())
	res := steptest.Explore(t, suite.Alg(heartbeatFails), steptest.Config{N: 2, R: 1})
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	ce := res.Counterexamples[explore.Liveness]
	require.NotNil(t, ce)
	assert.Contains(t, ce.Events(), "step N2 heartbeat: send coordinator(2) again")
}

func at(id, n int, crashed uint32) self {
	return stepwire.Placed[Send](stepwire.Place{ID: id, N: n, Crashed: crashed})
}

// What crosses the wire comes back; a request the host cannot send (an
// unknown handler, a system the host never builds, crashed nodes beyond
// it, a coordinator from the node itself) is refused.
func TestWire(t *testing.T) {
	steptest.RoundTrip(t, harness.Wire, int(OpStart), []Vars{{Leader: 1, State: Waiting, Heard: true, self: at(0, 3, 4)}, {Leader: None, self: at(0, 1, 0)}},
		[][]byte{harness.EncodeRequest(9, 0, 0, &Vars{self: at(0, 3, 0)}), harness.EncodeRequest(0, 0, 0, &Vars{self: at(0, 33, 0)}),
			harness.EncodeRequest(0, 0, 0, &Vars{self: at(0, 3, 8)}), harness.EncodeRequest(int(OpCoordinator), 1, 0, &Vars{self: at(1, 3, 0)})})
}

func FuzzDecodeAnswer(f *testing.F) {
	suite.Fuzz(f, harness.EncodeRequest(int(OpStart), 0, 0, &Vars{Leader: None, self: at(0, 4, 0)}),
		harness.EncodeRequest(int(OpElection), 0, 0, &Vars{Leader: None, self: at(2, 3, 0)}),
		harness.EncodeRequest(int(OpCoordinator), 2, 0, &Vars{Leader: 1, Heard: true, self: at(0, 3, 4)}))
}

var suite = steptest.Pkg[Vars, Send, Steps]{Ends: ends, Reg: electionbully.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

type bad steptest.Bad[Vars, Op]

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Start() {
	if r.State == Idle {
		r.elect()
	}
}
