package report

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// TestFromTraceDeadlock converts ra-v1's 5-step deadlock (seed 000's first
// listing: N2, idle with myNum = 0, defers N1's request) and checks what
// the diagram is built from.
func TestFromTraceDeadlock(t *testing.T) {
	c := ce(t, 2, 1, explore.Liveness)
	assert.Equal(t, "liveness", c.Property)
	assert.Equal(t, "deadlock", c.Kind)
	assert.Equal(t, -1, c.Loop)
	assert.Equal(t, []string{"N1", "N2"}, c.Nodes)
	require.Len(t, c.Steps, 5)
	var nodes []int
	for _, s := range c.Steps {
		nodes = append(nodes, s.Node)
		assert.Empty(t, s.InCS, s.Event)
		assert.Len(t, s.Vars, 2)
	}
	assert.Equal(t, []int{0, 0, 0, 1, 1}, nodes)
	assert.Equal(t, "request N1", c.Steps[0].Event)
	assert.Equal(t, []Arrow{{From: 0, To: 1, Label: "request(1)"}}, c.Steps[2].Sent)
	assert.Equal(t, &Arrow{From: 0, To: 1, Label: "request(1)"}, c.Steps[3].Delivered)
	assert.Equal(t, "N1->N2:request(1)", c.Steps[2].Net)
	assert.Empty(t, c.Steps[3].Net)
	assert.Contains(t, c.Steps[4].Vars[1], "deferred=[N1]")
	assert.Contains(t, c.Steps[4].Text, "add N1 to deferred")

	// The scenario replays the run and says how it ends.
	s, err := scenario.Load("ce.scn", []byte(c.Scenario))
	require.NoError(t, err)
	res := scenario.Run(s, scenario.Options{})
	require.True(t, res.OK(), res.Report())
	require.Len(t, res.Steps, 5)
}

// TestFromTraceSafety: at the end of ra-v1's safety counterexample both
// nodes are in the CS, and every delivery matches an earlier send.
func TestFromTraceSafety(t *testing.T) {
	c := ce(t, 2, 2, explore.Safety)
	last := c.Steps[len(c.Steps)-1]
	assert.Equal(t, []int{0, 1}, last.InCS)
	l := layout(c)
	for _, m := range l.msgs {
		assert.GreaterOrEqual(t, m.sentAt, 0, "m%d delivered but never sent", m.id)
		if m.at >= 0 {
			assert.Greater(t, m.at, m.sentAt)
		}
	}
	assert.Empty(t, l.inFlight())
}

// TestFromTraceNames: a setup with its own node names gets every string
// in those names, references inside step labels included.
func TestFromTraceNames(t *testing.T) {
	alg := registry.Lookup("ra-v1")
	cfg := explore.Config{Alg: alg, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Liveness}}
	res, err := explore.Check(cfg)
	require.NoError(t, err)
	tr := res.Counterexamples[explore.Liveness]
	c, err := FromTrace(scenario.NewSetup(alg, []string{"N12", "N80"}, cfg.Sim, cfg.Opts), tr)
	require.NoError(t, err)
	assert.Equal(t, "request N12", c.Steps[0].Event)
	assert.Equal(t, "step N12 P4 send(request,N80,myID,myNum=1)", c.Steps[2].Event)
	assert.Equal(t, "N80 receives request(1) from N12", c.Steps[3].Text)
	assert.Contains(t, c.Steps[4].Vars[1], "deferred=[N12]")
	assert.Contains(t, c.Summary, "N12 waits at P5 for N80's reply, which N80 deferred at P11", "the summary, too, in the setup's names")
	assert.Contains(t, c.Scenario, "nodes N12 N80")

	// A trace that does not replay is an error, not a panic.
	bad := *tr
	bad.Steps = append([]explore.TraceStep{{Event: "exit N1"}}, tr.Steps...)
	_, err = FromTrace(scenario.NewSetup(alg, nil, cfg.Sim, cfg.Opts), &bad)
	require.Error(t, err)
	_, err = FromTrace(nil, tr)
	require.Error(t, err)
}

func TestRenamer(t *testing.T) {
	r := renamer{"A", "B", "N1"}
	assert.Equal(t, "A->B: N1 N4 xN1 N10 N01 [A B]", r.apply("N1->N2: N3 N4 xN1 N10 N01 [N1 N2]"))
	assert.Equal(t, "N1 N2", renamer{"N1", "N2"}.apply("N1 N2"))
}
