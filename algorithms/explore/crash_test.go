package explore_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/central"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

// Liveness under crash faults is about the nodes that are still up: a
// crashed node's own pending request is no violation, a live node that
// waits forever because another crashed is one.

var safeLive = []string{explore.Safety, explore.Liveness}

// replayOn applies a trace's events to w and returns the final state.
func replayOn(t *testing.T, w *sim.World, events []string) *sim.World {
	t.Helper()
	for _, line := range events {
		e, err := w.FindEvent(line)
		require.NoError(t, err, line)
		_, err = w.Apply(e)
		require.NoError(t, err, line)
	}
	return w
}

// stuckLive is the set of live nodes outside Idle in w.
func stuckLive(w *sim.World) uint32 {
	var b uint32
	for i, n := range w.Nodes {
		if n.Phase() != sim.Idle && w.Crashed&(1<<i) == 0 {
			b |= 1 << i
		}
	}
	return b
}

// The issue's case: ra-benari N=3 with one crash used to answer "request
// N1, crash N1: N1 cannot finish". Its deadlock now leaves a live node
// waiting for the crashed one's reply.
func TestCrashDeadlockIsALiveNodes(t *testing.T) {
	for _, tc := range []struct {
		name string
		alg  *sim.Algorithm
	}{{"ra-benari", benari.Algorithm()}, {"central", central.Algorithm()}, {"token-ring", tokenring.Algorithm()}} {
		t.Run(tc.name, func(t *testing.T) {
			c := explore.Config{Alg: tc.alg, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1, Crashes: 1}, Props: safeLive}
			res, err := explore.Check(c)
			require.NoError(t, err)
			require.True(t, res.Complete)
			assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
			require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
			ce := res.Counterexamples[explore.Liveness]
			require.Equal(t, "deadlock", ce.Kind)
			w, err := sim.NewWorld(tc.alg, sim.Config{N: 3}, c.Opts)
			require.NoError(t, err)
			w = replayOn(t, w, ce.Events())
			require.NotZero(t, w.Crashed, "the deadlock needs the crash")
			stuck := stuckLive(w)
			assert.NotZero(t, stuck, "a live node must be stuck: %v", ce.Events())
			for i := range w.Nodes {
				if stuck&(1<<i) != 0 {
					assert.Contains(t, ce.Summary, w.Names[i])
				}
				if w.Crashed&(1<<i) != 0 {
					assert.NotContains(t, ce.Summary, w.Names[i], "the crashed node is not named as stuck")
				}
			}
		})
	}
}

// The reduced search never crashed a node in the middle of its persistent
// steps (such as sending its requests one by one); with crashes the
// search is full, and the shortest deadlock is the real one: N1 crashes,
// N2 asks and waits for N1's reply forever.
func TestCrashBenariCounterexample(t *testing.T) {
	res, err := explore.Check(explore.Config{Alg: benari.Algorithm(), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1, Crashes: 1}, Props: safeLive})
	require.NoError(t, err)
	assert.False(t, res.Reduced)
	ce := res.Counterexamples[explore.Liveness]
	require.NotNil(t, ce)
	require.NotEmpty(t, ce.Events())
	assert.Equal(t, "crash N1", ce.Events()[0])
	assert.Contains(t, ce.Summary, "N2 cannot finish")
}

// check from w (whose crash budget the script may have used up), safety
// and liveness only.
func checkFrom(t *testing.T, w *sim.World) *explore.Result {
	t.Helper()
	res, err := explore.CheckFrom(explore.Config{Props: safeLive}, w)
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

func world(t *testing.T, alg *sim.Algorithm, n int, opts sim.Options, script ...string) *sim.World {
	t.Helper()
	w, err := sim.NewWorld(alg, sim.Config{N: n}, opts)
	require.NoError(t, err)
	return replayOn(t, w, script)
}

// A node that asks and crashes, once everyone else is done: its request
// stays pending forever, and that alone is no deadlock.
func TestCrashedRequestAloneHolds(t *testing.T) {
	for _, tc := range []struct {
		name string
		alg  *sim.Algorithm
		n    int
	}{
		{"central", central.Algorithm(), 4}, // N1 is the server
		{"ra-benari", benari.Algorithm(), 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := sim.Options{Requests: 1, Crashes: 1}
			// The first two clients enter and leave, then the last node
			// asks and crashes.
			last := fmt.Sprintf("N%d", tc.n)
			script := finish(t, world(t, tc.alg, tc.n, opts), tc.n-3, tc.n-2)
			script = append(script, "request "+last, "crash "+last)
			w := world(t, tc.alg, tc.n, opts, script...)
			require.Equal(t, sim.Wanting, w.Nodes[tc.n-1].Phase())
			res := checkFrom(t, w)
			assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
			assert.Equal(t, explore.Holds, res.Verdicts[explore.Liveness], "%v", res.Counterexamples[explore.Liveness])
		})
	}
}

// finish drives nodes one after the other through enter() and exit(),
// taking forced events in order, and returns the script it used.
func finish(t *testing.T, w *sim.World, nodes ...int) []string {
	t.Helper()
	var script []string
	do := func(e sim.Event) {
		script = append(script, w.EventString(e))
		_, err := w.Apply(e)
		require.NoError(t, err)
	}
	for _, i := range nodes {
		e, err := w.FindEvent("request " + w.Names[i])
		require.NoError(t, err)
		do(e)
		for w.App[i].Entries == 0 || w.Nodes[i].Phase() != sim.Idle || len(w.Net) > 0 {
			var next *sim.Event
			for _, e := range w.Events(nil) {
				if e.Kind != sim.EvRequest && e.Kind != sim.EvCrash && e.Kind != sim.EvApp {
					next = &e
					break
				}
			}
			require.NotNil(t, next, "stuck after %v", script)
			do(*next)
		}
	}
	return script
}

// A crashed client that never asked harms no one: central with N3 down
// from the start holds; a crashed client whose request reached the server
// leaves the others waiting for a grant that went to it, and the
// counterexample shows a live node stuck.
func TestCentralClientCrash(t *testing.T) {
	opts := sim.Options{Requests: 1, Crashes: 1}
	res := checkFrom(t, world(t, central.Algorithm(), 3, opts, "crash N3"))
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])

	w := world(t, central.Algorithm(), 3, opts, "request N3", "crash N3")
	res = checkFrom(t, w)
	require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	ce := res.Counterexamples[explore.Liveness]
	end := replayOn(t, w.Clone(), ce.Events())
	assert.NotZero(t, stuckLive(end), "%v", ce.Events())
	assert.NotContains(t, ce.Summary, "N3")
}

// patientNode asks, then waits for a timeout that never expires while a
// higher node is alive: its timer step is taken and changes nothing (the
// way the bully harness models a timeout that is not due).
type patientNode struct {
	id, n int
	phase sim.Phase
}

func patientAlg() *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "patient",
		MsgKinds: []string{"none"},
		New: func(cfg sim.Config) ([]sim.Node, error) {
			nodes := make([]sim.Node, cfg.N)
			for i := range nodes {
				nodes[i] = &patientNode{id: i, n: cfg.N}
			}
			return nodes, nil
		},
	}
}

func (p *patientNode) Clone() sim.Node           { c := *p; return &c }
func (p *patientNode) Phase() sim.Phase          { return p.phase }
func (p *patientNode) Request(*sim.Ctx)          { p.phase = sim.Wanting }
func (p *patientNode) Exit(*sim.Ctx)             { p.phase = sim.Idle }
func (p *patientNode) CanReceive(sim.Msg) bool   { return true }
func (p *patientNode) Receive(*sim.Ctx, sim.Msg) {}
func (p *patientNode) StepLabel(sim.Step) string { return "timeout" }
func (p *patientNode) Encode(e *sim.Enc)         { e.Int(int(p.phase)) }
func (p *patientNode) Decode(d *sim.Dec)         { p.phase = sim.Phase(d.Int()) }
func (p *patientNode) Vars() []sim.Var           { return nil }
func (p *patientNode) Steps(dst []sim.Step) []sim.Step {
	if p.phase == sim.Wanting {
		dst = append(dst, sim.Step{Proc: sim.TimerProc})
	}
	return dst
}
func (p *patientNode) Do(c *sim.Ctx, s sim.Step) {
	for j := p.id + 1; j < p.n; j++ {
		if c.Alive(j) {
			return // not expired
		}
	}
	p.phase = sim.InCS
}

// A waiting node whose only step is a timeout that changes nothing is
// stuck: the exhaustive search reports starvation (the cycle of that
// step), and a random walk, which would otherwise take the step until its
// depth runs out, reports it too.
func TestTimeoutThatChangesNothingIsStuck(t *testing.T) {
	c := explore.Config{Alg: patientAlg(), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: safeLive}
	res, err := explore.Check(c)
	require.NoError(t, err)
	require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	assert.Equal(t, "starvation", res.Counterexamples[explore.Liveness].Kind)

	walk, err := explore.Walk(explore.WalkConfig{Config: c, Seed: 1, Walks: 5, Depth: 50})
	require.NoError(t, err)
	require.Equal(t, explore.Violated, walk.Verdicts[explore.Liveness])
	ce := walk.Counterexamples[explore.Liveness]
	assert.Equal(t, "deadlock", ce.Kind)
	assert.Equal(t, []string{"request N1"}, ce.Events())

	// With N2 crashed, N1's timeout expires and it enters.
	c.Opts.Crashes = 1
	res, err = explore.CheckFrom(explore.Config{Props: safeLive}, world(t, patientAlg(), 2, c.Opts, "crash N2"))
	require.NoError(t, err)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])
}
