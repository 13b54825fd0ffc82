package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// spinner is a test algorithm for the reduction's cycle proviso. enter()
// lets any node in at once, so two requests break safety. N1, while in
// the CS, has a step that toggles a bit, and says it is a persistent set
// on its own: a reduced search that only ever takes it there goes round
// a cycle of two states and never looks at the other nodes' requests
// (the "ignoring" the proviso exists to prevent), so the search must
// notice the cycle and search again with the proviso. With count > 0,
// N3 also counts up to count by a step of its own, never persistent,
// which makes the state space as large as a test needs.
type spinner struct {
	id, count int
	phase     sim.Phase
	bit       bool
	counted   int
}

func spinnerAlg(count int) *sim.Algorithm {
	return &sim.Algorithm{
		Name: "spinner",
		New: func(cfg sim.Config) ([]sim.Node, error) {
			nodes := make([]sim.Node, cfg.N)
			for i := range nodes {
				nodes[i] = &spinner{id: i, count: count}
			}
			return nodes, nil
		},
	}
}

func (s *spinner) Clone() sim.Node              { c := *s; return &c }
func (s *spinner) Phase() sim.Phase             { return s.phase }
func (s *spinner) Request(*sim.Ctx)             { s.phase = sim.InCS }
func (s *spinner) Exit(*sim.Ctx)                { s.phase = sim.Idle }
func (s *spinner) CanReceive(sim.Msg) bool      { return true }
func (s *spinner) Receive(*sim.Ctx, sim.Msg)    {}
func (s *spinner) StepLabel(st sim.Step) string { return [...]string{"toggle", "count"}[st.Proc] }
func (s *spinner) Vars() []sim.Var              { return nil }
func (s *spinner) LocalMsg(sim.Msg, bool) bool  { return false }
func (s *spinner) LocalRequest() bool           { return false }

func (s *spinner) Do(_ *sim.Ctx, st sim.Step) {
	if st.Proc == 0 {
		s.bit = !s.bit
	} else {
		s.counted++
	}
}

func (s *spinner) Steps(dst []sim.Step) []sim.Step {
	if s.id == 0 && s.phase == sim.InCS {
		dst = append(dst, sim.Step{Proc: 0})
	}
	if s.id == 2 && s.counted < s.count {
		dst = append(dst, sim.Step{Proc: 1})
	}
	return dst
}

// Persistent: N1's toggle alone.
func (s *spinner) Persistent(dst []sim.Step, _ bool) []sim.Step {
	if s.id == 0 && s.phase == sim.InCS {
		dst = append(dst, sim.Step{Proc: 0})
	}
	return dst
}

func (s *spinner) Encode(e *sim.Enc) { e.Int(int(s.phase)); e.Bool(s.bit); e.Int(s.counted) }
func (s *spinner) Decode(d *sim.Dec) {
	s.phase, s.bit, s.counted = sim.Phase(d.Int()), d.Bool(), d.Int()
}

func spinnerConfig(count int) explore.Config {
	return explore.Config{Alg: spinnerAlg(count), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety}}
}

// The proviso's second search gives the full search's verdict, which the
// first one's cycle hid.
func TestCycleProvisoSearchesAgain(t *testing.T) {
	full := spinnerConfig(0)
	full.NoReduce = true
	want, err := explore.Check(full)
	require.NoError(t, err)
	require.Equal(t, explore.Violated, want.Verdicts[explore.Safety])

	res, err := explore.Check(spinnerConfig(0))
	require.NoError(t, err)
	assert.True(t, res.Reduced)
	assert.True(t, res.Complete)
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Safety])
	assert.Greater(t, res.States, 2, "more than the toggle's cycle")
}

// stopAfter is a Config.Stop that says stop from its n+1-th call on.
func stopAfter(n int) func() bool {
	calls := 0
	return func() bool { calls++; return calls > n }
}

// A second search that is stopped before it finds again what the first
// found keeps the first one's findings: its violations are real runs,
// though the failed proviso leaves it incomplete.
func TestStoppedProvisoSearchKeepsTheFirstSearch(t *testing.T) {
	c := spinnerConfig(0)
	c.Stop = stopAfter(1) // the first search asks once and finishes; the second is stopped at once
	res, err := explore.Check(c)
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Safety], "the first search's violation is not lost")
	require.NotNil(t, res.Counterexamples[explore.Safety])
	assert.True(t, replay(t, c, res.Counterexamples[explore.Safety]).Unsafe())
	assert.Greater(t, res.States, 1, "the first search's states, not the second's one")
}

// A first search already stopped is not searched again: the second would
// be stopped at once and say nothing of what the first went through.
// (Liveness alone, so that the first search finds nothing the second
// could be found to lose.)
func TestStoppedFirstSearchIsNotSearchedAgain(t *testing.T) {
	c := spinnerConfig(3000)
	c.Props = []string{explore.Liveness}
	c.Stop = stopAfter(1) // asked at the first state, then at the 1025th
	res, err := explore.Check(c)
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Equal(t, explore.BoundStopped, res.Bound)
	assert.True(t, res.Reduced)
	assert.GreaterOrEqual(t, res.States, 1024, "the first search's states, not a second search's one")
}
