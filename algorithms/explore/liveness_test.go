package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// lazyRing is a test algorithm: a token travels the ring N1 -> N2 -> ...
// as a message, but a node that is asked to skip (skip=true) passes it
// straight back to N1 instead of on. With skip, the last node can starve:
// the token cycles between the others forever, fairly to every node and
// channel. A waiting node holding the token enters.
type lazyRing struct {
	id, n     int
	skip      bool
	phase     sim.Phase
	holds     bool
	passes    bool // an idle holder may pass the token on (a step)
	countdown int
}

func lazyAlg(skip bool) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "lazy-ring",
		MsgKinds: []string{"token"},
		New: func(cfg sim.Config) ([]sim.Node, error) {
			nodes := make([]sim.Node, cfg.N)
			for i := range nodes {
				nodes[i] = &lazyRing{id: i, n: cfg.N, skip: skip, holds: i == 0}
			}
			return nodes, nil
		},
	}
}

func (r *lazyRing) Clone() sim.Node  { c := *r; return &c }
func (r *lazyRing) Phase() sim.Phase { return r.phase }
func (r *lazyRing) Request(c *sim.Ctx) {
	r.phase = sim.Wanting
	if r.holds {
		r.phase = sim.InCS
	}
}
func (r *lazyRing) Exit(c *sim.Ctx)           { r.phase = sim.Idle; r.pass(c) }
func (r *lazyRing) CanReceive(sim.Msg) bool   { return true }
func (r *lazyRing) StepLabel(sim.Step) string { return "pass token" }
func (r *lazyRing) Receive(c *sim.Ctx, m sim.Msg) {
	r.holds = true
	if r.phase == sim.Wanting {
		r.phase = sim.InCS
	}
}
func (r *lazyRing) Steps(dst []sim.Step) []sim.Step {
	if r.holds && r.phase == sim.Idle {
		dst = append(dst, sim.Step{})
	}
	return dst
}
func (r *lazyRing) Do(c *sim.Ctx, s sim.Step) { r.pass(c) }
func (r *lazyRing) pass(c *sim.Ctx) {
	r.holds = false
	next := (r.id + 1) % r.n
	if r.skip && next == r.n-1 {
		next = 0
	}
	c.Send(next, sim.Msg{})
}
func (r *lazyRing) Encode(e *sim.Enc) { e.Int(int(r.phase)); e.Bool(r.holds) }
func (r *lazyRing) Decode(d *sim.Dec) { r.phase = sim.Phase(d.Int()); r.holds = d.Bool() }
func (r *lazyRing) Vars() []sim.Var   { return nil }

func TestStarvationFound(t *testing.T) {
	res, err := explore.Check(explore.Config{Alg: lazyAlg(true), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Liveness}})
	require.NoError(t, err)
	require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	ce := res.Counterexamples[explore.Liveness]
	require.Equal(t, "starvation", ce.Kind)
	require.GreaterOrEqual(t, ce.Loop, 0)
	assert.Contains(t, ce.Summary, "N3 waits forever")
	// The loop really is a loop: replaying it returns to the state where it
	// started.
	w, err := sim.NewWorld(lazyAlg(true), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	var atLoop []byte
	for k, line := range ce.Events() {
		if k == ce.Loop {
			var e sim.Enc
			w.Encode(&e)
			atLoop = e.B
		}
		ev, err := w.FindEvent(line)
		require.NoError(t, err, line)
		_, err = w.Apply(ev)
		require.NoError(t, err)
	}
	var e sim.Enc
	w.Encode(&e)
	assert.Equal(t, atLoop, e.B, "the cycle ends where it began")
	assert.Equal(t, sim.Wanting, w.Nodes[2].Phase())
}

func TestFairRingIsLive(t *testing.T) {
	res, err := explore.Check(explore.Config{Alg: lazyAlg(false), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Liveness, explore.Safety}})
	require.NoError(t, err)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
}
