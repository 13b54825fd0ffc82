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
