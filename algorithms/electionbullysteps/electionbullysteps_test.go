package electionbullysteps

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/electionbully"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Start() {
	if r.State == Idle {
		r.elect()
	}
}

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

func newRef(v *Vars) Steps { return ref{v} }

// viaWire runs the reference through the wire format, as the sandbox does.
func viaWire() New {
	return Remote(func(req []byte) ([]byte, error) { return Serve(newRef, req), nil })
}

type config struct{ n, r, crashes, recoveries int }

func check(t *testing.T, alg *sim.Algorithm, c config) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: c.n},
		Opts:  sim.Options{Requests: c.r, Crashes: c.crashes, Recoveries: c.recoveries},
		Props: []string{explore.Safety, explore.Liveness}, MaxStates: 1_000_000})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// The reference behaves exactly as the registry's election-bully: the
// same state space, verdicts and counterexamples, directly and through the
// wire; with crashes, two crashes (where, before the "no leader" timer,
// liveness failed) and a recovery (where safety fails).
func TestReferenceIsElectionBully(t *testing.T) {
	configs := []config{{1, 1, 0, 0}, {1, 1, 1, 0}, {2, 1, 0, 0}, {2, 2, 1, 0}, {3, 1, 0, 0}, {3, 1, 1, 0},
		{3, 2, 1, 0}, {3, 1, 2, 0}, {3, 1, 1, 1}, {4, 1, 0, 0}, {4, 1, 2, 0}}
	for _, c := range configs {
		t.Run(fmt.Sprintf("N%d-R%d-C%d-Rec%d", c.n, c.r, c.crashes, c.recoveries), func(t *testing.T) {
			if testing.Short() && c.n == 4 {
				t.Skip("N=4 (200 and 830 thousand states) skipped in -short mode")
			}
			want := check(t, electionbully.Algorithm(), c)
			for _, alg := range []*sim.Algorithm{Algorithm("election-bully", newRef), Algorithm("election-bully", viaWire())} {
				got := check(t, alg, c)
				assert.Equal(t, want.States, got.States)
				assert.Equal(t, want.Transitions, got.Transitions)
				assert.Equal(t, want.Verdicts, got.Verdicts)
				for p, ce := range want.Counterexamples {
					require.NotNil(t, got.Counterexamples[p], p)
					assert.Equal(t, ce.Kind, got.Counterexamples[p].Kind, p)
					assert.Equal(t, ce.Events(), got.Counterexamples[p].Events(), p)
				}
			}
		})
	}
}

// The same events give the same canonical forms and variables, so
// schedules written for election-bully replay on a student's code: the
// registry's crash narrative (N4 leads and crashes, N3 takes over).
func TestSameTranscript(t *testing.T) {
	opts := sim.Options{Requests: 1, Crashes: 1}
	a, err := sim.NewWorld(electionbully.Algorithm(), sim.Config{N: 4}, opts)
	require.NoError(t, err)
	b, err := sim.NewWorld(Algorithm("election-bully", newRef), sim.Config{N: 4}, opts)
	require.NoError(t, err)
	for _, line := range []string{"request N1", "deliver N1->N2 election", "deliver N1->N4 election", "deliver N2->N1 ok",
		"deliver N4->N1 coordinator(4)", "deliver N4->N2 coordinator(4)", "deliver N4->N3 coordinator(4)",
		"deliver N1->N3 election", "deliver N2->N3 election", "deliver N2->N4 election", "deliver N3->N1 ok",
		"deliver N3->N2 ok", "deliver N4->N2 coordinator(4)", "step N4 heartbeat", "deliver N4->N1", "deliver N4->N2",
		"deliver N4->N3", "step N3 check", "step N3 check", "crash N4", "step N1 check", "step N1 check",
		"deliver N1->N2 election", "deliver N1->N3 election", "deliver N2->N1 ok", "deliver N3->N1 ok", "step N2 check",
		"step N2 check", "deliver N2->N3 election", "deliver N3->N2 ok", "step N3 check", "step N3 timeout",
		"deliver N3->N1", "deliver N3->N2", "step N1 check", "step N3 heartbeat"} {
		var texts []string
		for _, w := range []*sim.World{a, b} {
			e, err := w.FindEvent(line)
			require.NoError(t, err, line)
			texts = append(texts, w.EventString(e))
			_, err = w.Apply(e)
			require.NoError(t, err, line)
		}
		assert.Equal(t, texts[0], texts[1], line)
		require.Equal(t, a.StateString(), b.StateString(), line)
	}
	assert.Contains(t, b.StateString(), "N1: leader=N3 state=idle heard=no timer=check")
}

// bad is a student's code that does something else in one handler.
type bad struct {
	ref
	start, noOK, noCoord, heartbeat, check func(v *Vars)
	election, ok, coord                    func(v *Vars, arg int)
}

func (b bad) Start()                { call(b.start, b.ref.Start, b.Vars) }
func (b bad) TimeoutNoOK()          { call(b.noOK, b.ref.TimeoutNoOK, b.Vars) }
func (b bad) TimeoutNoCoordinator() { call(b.noCoord, b.ref.TimeoutNoCoordinator, b.Vars) }
func (b bad) Heartbeat()            { call(b.heartbeat, b.ref.Heartbeat, b.Vars) }
func (b bad) Check()                { call(b.check, b.ref.Check, b.Vars) }
func (b bad) OnElection(from int)   { callArg(b.election, b.ref.OnElection, b.Vars, from) }
func (b bad) OnOK(from int)         { callArg(b.ok, b.ref.OnOK, b.Vars, from) }
func (b bad) OnCoordinator(k int)   { callArg(b.coord, b.ref.OnCoordinator, b.Vars, k) }

func call(f func(*Vars), def func(), v *Vars) {
	if f != nil {
		f(v)
		return
	}
	def()
}

func callArg(f func(*Vars, int), def func(int), v *Vars, arg int) {
	if f != nil {
		f(v, arg)
		return
	}
	def(arg)
}

// run applies the event lines on a 3-node system with one crash allowed.
func run(t *testing.T, s New, lines []string) *sim.World {
	t.Helper()
	w, err := sim.NewWorld(Algorithm("election-bully", s), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1})
	require.NoError(t, err)
	for _, line := range lines {
		e, err := w.FindEvent(line)
		require.NoError(t, err, line)
		_, err = w.Apply(e)
		require.NoError(t, err, line)
	}
	return w
}

// Handlers that break the contract make their node fail, saying why.
func TestContract(t *testing.T) {
	won := []string{"request N3"} // N3 wins at once: coordinator(3) to N1 and N2
	for _, c := range []struct {
		name  string
		b     bad
		run   []string
		fault string
	}{
		{"bad state", bad{start: func(v *Vars) { v.State = 5 }}, []string{"request N1"},
			"Start() set State = State(5), but it is Idle, Electing or Waiting"},
		{"leader out of range", bad{start: func(v *Vars) { v.Leader = 3 }}, []string{"request N1"},
			"Start() set Leader = 3, but it is None (-1) or a node 0..2"},
		{"names a leader without a coordinator", bad{start: func(v *Vars) { v.Leader = 1 }}, []string{"request N1"},
			"Start() set Leader = N2, but only a coordinator message from N2 names it leader"},
		{"adopts someone else", bad{coord: func(v *Vars, k int) { v.Leader = 1; v.Heard = true }}, append(won, "deliver N3->N1"),
			"OnCoordinator(N3) set Leader = N2, but coordinator(N3) names N3"},
		{"hears without a coordinator", bad{ok: func(v *Vars, from int) { v.State = Waiting; v.Heard = true }},
			[]string{"request N1", "deliver N1->N2 election", "deliver N2->N1 ok"}, "OnOK(N2) set Heard"},
		{"ok sends", bad{ok: func(v *Vars, from int) { v.State = Waiting; v.SendElection(from) }},
			[]string{"request N1", "deliver N1->N2 election", "deliver N2->N1 ok"}, "OnOK(N2) sent election, but OnOK() sends nothing"},
		{"to nowhere", bad{start: func(v *Vars) { v.State = Electing; v.SendElection(7) }}, []string{"request N1"},
			"Start() sent election to node 7, but the nodes are 0..2"},
		{"to itself", bad{start: func(v *Vars) { v.State = Electing; v.SendElection(v.MyID()) }}, []string{"request N2"},
			"Start() sent election to itself"},
		{"twice", bad{election: func(v *Vars, from int) { v.SendOK(from); v.SendOK(from) }}, []string{"request N1", "deliver N1->N2 election"},
			"OnElection(N1) sent ok to N1 twice"},
		{"ok from a timer", bad{noOK: func(v *Vars) { v.Leader = v.MyID(); v.SendOK(0) }}, []string{"crash N3", "request N2", "step N2 timeout"},
			"TimeoutNoOK() sent ok, but only OnElection() answers with ok"},
		{"ok to a bystander", bad{election: func(v *Vars, from int) { v.SendOK(2) }}, []string{"request N1", "deliver N1->N2 election"},
			"OnElection(N1) sent ok to N3, but only the sender of the election, N1, gets an answer"},
		{"announces without leading", bad{noOK: func(v *Vars) { v.State = Idle; v.SendCoordinator(0) }}, []string{"crash N3", "request N2", "step N2 timeout"},
			"TimeoutNoOK() sent coordinator(N2) but returned with Leader = None: only the leader announces itself"},
		{"heartbeat elects", bad{heartbeat: func(v *Vars) { v.SendElection(0) }}, append(won, "deliver N3->N1", "deliver N3->N2", "step N3 heartbeat"),
			"Heartbeat() sent election, but Heartbeat() sends only coordinator"},
		{"heartbeat steps down", bad{heartbeat: func(v *Vars) { v.Leader = None }}, append(won, "deliver N3->N1", "deliver N3->N2", "step N3 heartbeat"),
			"Heartbeat() changed the variables"},
		{"panics", bad{check: func(v *Vars) { var m map[int]int; m[1] = 1 }}, append(won, "deliver N3->N1", "deliver N3->N2", "step N1 check"),
			"Check() panicked: assignment to entry in nil map"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := run(t, func(v *Vars) Steps { b := c.b; b.ref = ref{v}; return b }, c.run)
			var faults []string
			for _, n := range w.Nodes {
				if f := n.(*node).Fault(); f != "" {
					faults = append(faults, f)
				}
			}
			require.Len(t, faults, 1)
			assert.Contains(t, faults[0], c.fault)
		})
	}
}

// The harness calls a timeout handler only when the timeout has really
// expired: while a higher node is alive the "no coordinator" and "no
// leader" timers, and while the leader is alive a check with nothing
// heard, change nothing.
func TestPatientTimers(t *testing.T) {
	calls := 0
	count := func(v *Vars) Steps {
		return bad{ref: ref{v}, noCoord: func(v *Vars) { calls++; ref{v}.TimeoutNoCoordinator() },
			check: func(v *Vars) { calls++; ref{v}.Check() }, start: func(v *Vars) { calls++; ref{v}.Start() }}
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
	heartbeatFails := func(v *Vars) Steps {
		return bad{ref: ref{v}, heartbeat: func(v *Vars) { panic("boom") }}
	}
	w := run(t, heartbeatFails, []string{"request N3", "deliver N3->N1", "deliver N3->N2", "step N3 heartbeat"})
	assert.Equal(t, "Heartbeat() panicked: boom", w.Nodes[2].(*node).Fault())
	assert.Equal(t, None, w.Nodes[2].(*node).Leader())
	assert.NotZero(t, w.Waiting())
	res := check(t, Algorithm("election-bully", heartbeatFails), config{2, 1, 0, 0})
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	ce := res.Counterexamples[explore.Liveness]
	require.NotNil(t, ce)
	assert.Contains(t, ce.Events(), "step N2 heartbeat: send coordinator(2) again")
}

// FuzzDecodeAnswer: an answer from the sandbox is untrusted; decoding it
// never panics, and what Serve writes, even for a malformed request,
// decodes.
func FuzzDecodeAnswer(f *testing.F) {
	f.Add(Serve(newRef, EncodeRequest(OpStart, 0, &Vars{Leader: None, id: 0, n: 4})))
	f.Add(Serve(newRef, EncodeRequest(OpElection, 0, &Vars{Leader: None, id: 2, n: 3})))
	f.Add(Serve(newRef, EncodeRequest(OpCoordinator, 2, &Vars{Leader: 1, Heard: true, id: 0, n: 3, crashed: 4})))
	f.Add([]byte{0, 1, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeAnswer(b)
		if _, err := DecodeAnswer(Serve(newRef, b)); err != nil {
			t.Fatalf("Serve's own answer does not decode: %v", err)
		}
	})
}
