package tokenringsteps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

// The reference behaves exactly as the registry's token-ring, directly
// and through the wire: the same state space and verdicts, and the same
// canonical forms and variables along a run, so schedules written for
// token-ring replay on a student's code.
func TestReferenceIsTokenRing(t *testing.T) {
	suite.Same(t, steptest.Config{N: 1, R: 1}, steptest.Config{N: 2, R: 1}, steptest.Config{N: 2, R: 2}, steptest.Config{N: 3, R: 1}, steptest.Config{N: 3, R: 2})
	suite.Transcript(t, sim.Config{N: 3}, sim.Options{Requests: 1},
		[]string{"request N3", "step N1 pass token to N2", "deliver N1->N2 token", "step N2 pass token to N3", "deliver N2->N3 token", "exit N3"})
}

// Handlers that break the contract make their node fail, saying why.
func TestContract(t *testing.T) {
	steptest.Contract(t, suite, sim.Config{N: 3}, sim.Options{Requests: 1}, []bad{
		{OpEnter, func(v *Vars, _, _ int) { v.State = Wanted; v.SendToken(2) }, []string{"request N2"}, "Enter() sent the token, but Enter() sends nothing"},
		{OpEnter, func(v *Vars, _, _ int) {}, []string{"request N2"}, "Enter() left state = Released, but Enter() sets state = Wanted or Held"},
		{OpPass, func(v *Vars, _, _ int) { v.Token = false; v.SendToken(2) }, []string{"step N1"}, "Pass() sent the token to N3, but the ring goes from N1 to N2"},
		{OpToken, func(v *Vars, _, _ int) { v.Token = true; v.State = Held }, []string{"step N1", "deliver N1->N2"}, "OnToken() changed state from Released to Held, but the token's arrival can only move Wanted to Held"},
		{OpLeave, func(v *Vars, _, _ int) {}, []string{"request N1", "exit N1"}, "Leave() left state = Held, but Leave() sets state = Released"},
		{OpLeave, func(v *Vars, _, _ int) { var m map[int]int; m[1] = 1 }, []string{"request N1", "exit N1"}, "Leave() panicked: assignment to entry in nil map"},
	})
}

func TestWire(t *testing.T) {
	steptest.RoundTrip(t, harness.Wire, int(OpLeave), []Vars{{State: Held, Token: true, self: at(0, 3)}, {self: at(2, 3)}},
		[][]byte{harness.EncodeRequest(9, 0, 0, &Vars{self: at(0, 3)}), harness.EncodeRequest(0, 0, 0, &Vars{self: at(3, 3)}), {1, 2}})
}

func FuzzDecodeAnswer(f *testing.F) {
	suite.Fuzz(f, harness.EncodeRequest(int(OpLeave), 0, 0, &Vars{State: Held, Token: true, self: at(0, 3)}))
}

// multiplies forgets to give the token up when it passes it on: every
// pass makes one more token, so the messages in flight grow without end
// and no bound on the number of states keeps a search small. A bound on
// the search's memory stops it, and the result says what grew.
type multiplies struct{ ref }

func (m multiplies) Pass() { m.SendToken((m.MyID() + 1) % m.N()) }

func TestMemoryBoundStopsGrowingMessages(t *testing.T) {
	alg := Algorithm("token-ring", func(v *Vars) Steps { return multiplies{ref{v}} })
	const limit = 48 << 20
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1},
		Props: []string{explore.Safety, explore.Liveness}, MaxBytes: limit})
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundBytes, res.Bound)
	// The bound is checked before each expansion: the search ends within
	// one state's successors of it.
	assert.Less(t, res.StoreBytes, 2*limit)
	assert.Greater(t, res.InFlight, 10, "the tokens in flight kept growing")
	assert.Greater(t, res.InFlightDepth, res.InFlight/2)
	assert.Equal(t, explore.Unknown, res.Verdicts[explore.Liveness])
	assert.Regexp(t, `^the search stopped at its memory bound \(\d+ MiB, [\d,]+ states\); messages in flight kept growing: [\d,]+ at depth \d+$`, res.Stopped())

	// The reference stays well inside the same bound and completes.
	ok := steptest.Explore(t, Algorithm("token-ring", suite.Ref), steptest.Config{N: 3, R: 2})
	assert.Empty(t, ok.Bound)
	assert.LessOrEqual(t, ok.InFlight, 1, "one token, at most one message in flight")
}

// A search from a state that has already grown (a scenario's run let the
// tokens pile up) stops before a successor's encoding outgrows what the
// store can keep, rather than failing.
func TestStateSizeStopsGrowingMessages(t *testing.T) {
	alg := Algorithm("token-ring", func(v *Vars) Steps { return multiplies{ref{v}} })
	w, err := sim.NewWorld(alg, sim.Config{N: 2}, sim.Options{})
	require.NoError(t, err)
	pass, err := w.FindEvent("step N1 pass token to N2")
	require.NoError(t, err)
	for len(w.Net) < 1<<14 {
		_, err := w.Apply(pass)
		require.NoError(t, err)
	}
	res, err := explore.CheckFrom(explore.Config{Props: []string{explore.Safety, explore.Liveness}}, w)
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundStateSize, res.Bound)
	assert.GreaterOrEqual(t, res.InFlight, 1<<14)
}

// A scenario's run stops when messages pile up in flight, saying so,
// rather than keeping a growing network at each of ten thousand steps.
func TestRunStopsGrowingMessages(t *testing.T) {
	sc, err := scenario.Load("grow.scn", []byte("algorithm token-ring\nnodes N1 N2\nrequests 0\nrun until N2 token = yes\n"))
	require.NoError(t, err)
	sc.Setup.Alg = Algorithm("token-ring", func(v *Vars) Steps { return multiplies{ref{v}} })
	res := scenario.Run(sc, scenario.Options{})
	require.NotNil(t, res.Stopped)
	assert.Regexp(t, `messages in flight kept growing, 33 after \d+ events`, res.Stopped.Msg, "2 nodes: 4·2²+16 = 32 at most")
	res = scenario.Run(sc, scenario.Options{MaxInFlight: 100})
	require.NotNil(t, res.Stopped)
	assert.Regexp(t, `messages in flight kept growing, 101 after \d+ events`, res.Stopped.Msg)
	last := res.Steps[len(res.Steps)-1].Net
	assert.Contains(t, last, "and 37 more", "a step lists 64 messages in flight")
}

var at = steptest.At[int]

var suite = steptest.Pkg[Vars, int, Steps]{Ends: ends, Reg: tokenring.Algorithm(), Ref: func(v *Vars) Steps { return ref{v} }}

type bad steptest.Bad[Vars, Op]

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	if r.Token {
		r.State = Held
	} else {
		r.State = Wanted
	}
}

func (r ref) Leave() {
	r.State = Released
	r.pass()
}

func (r ref) OnToken() {
	r.Token = true
	if r.State == Wanted {
		r.State = Held
	}
}

func (r ref) Pass() { r.pass() }

func (r ref) pass() {
	if r.N() > 1 {
		r.Token = false
		r.SendToken((r.MyID() + 1) % r.N())
	}
}
