package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
)

// Every counterexample the page's Check finds comes back as a scenario
// that runs, replays the counterexample step for step and expects the
// property violated.
func TestCounterexampleScenarioReplays(t *testing.T) {
	for _, p := range []Params{
		raV1(),
		{Algo: "ra-v1", Nodes: 2, Requests: 2, AppMessages: 1},
		{Algo: "maekawa", Nodes: 3, Requests: 1, AppMessages: 1},
		{Algo: "central", Nodes: 3, Requests: 1, AppMessages: 1}, // two clients: with one, Order holds
	} {
		res, err := Check(CheckParams{Params: p}, nil)
		require.NoError(t, err)
		require.NotEmpty(t, res.Counterexamples, p.Algo)
		for prop, ce := range res.Counterexamples {
			ce.Property = prop
			src, err := CounterexampleScenario(p, *ce)
			require.NoError(t, err, "%s %s", p.Algo, prop)
			assert.Contains(t, src, "algorithm "+p.Algo+"\n")
			assert.Contains(t, src, "expect "+prop+" violated")
			r, errs, err := NewScenarioRun(src)
			require.NoError(t, err)
			require.Empty(t, errs, src)
			s := r.State()
			require.NotNil(t, s.Script)
			assert.True(t, s.Script.OK, "%s %s: every expectation holds:\n%s", p.Algo, prop, src)
			var evs []string
			for _, st := range s.Steps {
				evs = append(evs, st.Event)
			}
			assert.Equal(t, ce.Steps, evs, "%s %s: the scenario's run is the counterexample", p.Algo, prop)
		}
	}
}

func TestCounterexampleScenarioRefusesNonsense(t *testing.T) {
	_, err := CounterexampleScenario(raV1(), Trace{Property: "fairness", Steps: []string{"request N1"}})
	assert.ErrorContains(t, err, "unknown property")
	_, err = CounterexampleScenario(Params{Algo: "nope", Nodes: 2}, Trace{Property: explore.Safety})
	assert.ErrorContains(t, err, "unknown algorithm")
	_, err = CounterexampleScenario(raV1(), Trace{Property: explore.Safety, Steps: []string{"exit N1"}})
	assert.Error(t, err, "an event that is not enabled")
}
