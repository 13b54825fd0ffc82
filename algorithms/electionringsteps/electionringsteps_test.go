package electionringsteps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/electionring"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The reference behaves exactly as the registry's election-ring, directly
// and through the wire: the same state space, verdicts and
// counterexamples (with crashes, liveness fails), and the same
// descriptions, canonical forms and variables along a run that crosses
// every rule: replacing a lower candidate, passing a higher one, winning,
// a crashed node skipped on the ring, a crashed leader's announcement
// discarded.
func TestReferenceIsElectionRing(t *testing.T) {
	var cfgs []steptest.Config
	for _, c := range [][3]int{{1, 1, 0}, {2, 1, 0}, {2, 2, 0}, {3, 1, 0}, {3, 2, 0}, {4, 1, 0}, {2, 1, 1}, {3, 1, 1}, {4, 1, 1}} {
		cfgs = append(cfgs, steptest.Config{N: c[0], R: c[1], C: c[2]})
	}
	refs := suite.Refs()
	want := steptest.Same(t, electionring.Algorithm(), steptest.Each(suite.Alg, refs), cfgs...)
	for _, c := range refs {
		require.Equal(t, explore.Holds, want[0].Verdicts[explore.Liveness])
		b := steptest.Transcript(t, electionring.Algorithm(), suite.Alg(c), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1}, []string{
			"request N3", "deliver N3->N1 election(3)", "request N1", "deliver N1->N2 election(3)", "deliver N1->N2 election(1)",
			"deliver N2->N3 election(3)", "deliver N2->N3 election(2)", "deliver N3->N1 elected(3)", "deliver N3->N1 election(3)",
			"crash N3", "deliver N1->N2 elected(3)", "deliver N1->N2 election(3)",
			"request N2", "deliver N2->N1 election(2)", "deliver N1->N2 election(2)", "deliver N2->N1 elected(2)",
		})
		assert.Contains(t, b.StateString(), "N1: leader=N2")
	}
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire; the failed node counts as undecided and
// takes no more messages.
func TestContract(t *testing.T) {
	for _, c := range []struct {
		op    Op
		bad   func(v *Vars, j int)
		run   []string
		fault string
	}{
		{OpStart, func(v *Vars, _ int) { v.SendElected(v.MyID()) }, []string{"request N2"},
			"StartElection() sent elected(N2), but StartElection() sends only an election message"},
		{OpElection, func(v *Vars, j int) { v.SendElection(j); v.SendElection(v.MyID()) }, []string{"request N1", "deliver N1->N2"},
			"OnElection() sent 2 messages, but a handler passes at most one message on"},
		{OpElection, func(v *Vars, j int) { v.SendElection(7) }, []string{"request N1", "deliver N1->N2"},
			"OnElection() sent election(7), but the nodes are 0..2"},
		{OpElected, func(v *Vars, k int) { v.Leader = k; v.SendElection(k) },
			[]string{"request N3", "deliver N3->N1", "deliver N1->N2", "deliver N2->N3", "deliver N3->N1"},
			"OnElected() sent election(N3), but OnElected() only passes an elected message on"},
		{OpElected, func(v *Vars, k int) { v.Leader = 5 },
			[]string{"request N3", "deliver N3->N1", "deliver N1->N2", "deliver N2->N3", "deliver N3->N1"},
			"OnElected() set Leader = 5, but it is None (-1) or a node 0..2"},
		{OpElection, func(v *Vars, j int) { var s []int; _ = s[j] }, []string{"request N1", "deliver N1->N2"},
			"OnElection() panicked: runtime error: index out of range"},
	} {
		bad := steptest.Override(suite.Code(suite.Ref), int(c.op), func(v *Vars, j, _ int) int { c.bad(v, j); return 0 })
		for _, b := range steptest.Both(harness.Wire, bad) {
			steptest.Fault(t, suite.Alg(b), sim.Config{N: 3}, sim.Options{Requests: 1}, c.run, c.fault)
			w, err := sim.NewWorld(suite.Alg(b), sim.Config{N: 3}, sim.Options{Requests: 1})
			require.NoError(t, err)
			for _, line := range c.run {
				steptest.Apply(t, w, line)
			}
			for i, n := range w.Nodes {
				if n.(*node).Fault() != "" {
					assert.Equal(t, None, n.(sim.Elector).Leader())
					assert.NotZero(t, w.Waiting()&(1<<i), "a failed node must count as undecided")
					assert.False(t, n.CanReceive(sim.Msg{}))
					assert.Equal(t, "fault", n.Vars()[len(n.Vars())-1].Name)
				}
			}
		}
	}
}

// A broken sandbox makes the node fail with that reason.
func TestRemoteFailures(t *testing.T) {
	suite.Broken(t, sim.Config{N: 2}, "request N1", "StartElection()")
}

func at(id, n int, crashed uint32) self {
	return stepwire.Placed[Send](stepwire.Place{ID: id, N: n, Crashed: crashed})
}

// What crosses the wire comes back, the crashed nodes included; a
// request the host cannot send is refused.
func TestWire(t *testing.T) {
	steptest.RoundTrip(t, harness.Wire, int(OpStart), []Vars{{Leader: 1, self: at(3, 5, 1<<4)}, {Leader: None, self: at(0, 1, 0)}},
		[][]byte{harness.EncodeRequest(int(OpElection), 5, 0, &Vars{self: at(3, 5, 0)}), harness.EncodeRequest(0, 0, 0, &Vars{self: at(3, 5, 1<<5)})})
	v := Vars{self: at(3, 5, 1<<4)}
	assert.Equal(t, []bool{true, false, false}, []bool{v.Alive(0), v.Alive(4), v.Alive(5)})
}

func FuzzDecodeAnswer(f *testing.F) {
	steptest.Fuzz(f, harness.Wire, suite.Code(suite.Ref), harness.EncodeRequest(int(OpElection), 2, 0, &Vars{Leader: None, self: at(1, 3, 0)}),
		harness.EncodeRequest(int(OpElected), 2, 0, &Vars{Leader: 0, self: at(0, 3, 2)}))
}

var suite = steptest.Pkg[Vars, Send, Steps]{Ends: ends, Reg: electionring.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

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
