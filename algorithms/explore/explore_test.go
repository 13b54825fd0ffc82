package explore_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

func check(t *testing.T, alg *sim.Algorithm, n, r int) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r, AppMsgs: 1}})
	require.NoError(t, err)
	return res
}

func TestCentralVerdicts(t *testing.T) {
	res := check(t, central.Algorithm(), 3, 1)
	require.True(t, res.Complete)
	require.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	require.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])
	// The server orders by arrival: a request caused by another can
	// overtake it.
	require.Equal(t, explore.Violated, res.Verdicts[explore.Order])
	ce := res.Counterexamples[explore.Order]
	require.NotNil(t, ce)
	for _, s := range ce.Steps {
		t.Log(s.Event, " | ", s.Text)
	}
}

// CheckFrom explores from a given state: after N2 has asked and told N3,
// N3's request can overtake N2's at the server N1 and be granted first,
// and the counterexample starts where the given state left off.
func TestCheckFrom(t *testing.T) {
	w, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1, AppMsgs: 1, Order: true})
	require.NoError(t, err)
	for _, line := range []string{"request N2", "app N2->N3", "deliver N2->N3 app"} {
		e, err := w.FindEvent(line)
		require.NoError(t, err)
		_, err = w.Apply(e)
		require.NoError(t, err)
	}
	res, err := explore.CheckFrom(explore.Config{}, w)
	require.NoError(t, err)
	require.True(t, res.Complete)
	require.Equal(t, explore.Violated, res.Verdicts[explore.Order])
	require.Equal(t, []string{"request N3", "deliver N3->N1 request", "deliver N1->N3 grant"}, res.Counterexamples[explore.Order].Events())
	require.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	require.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])
}
