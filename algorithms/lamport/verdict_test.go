package lamport_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
)

func check(t *testing.T, alg *sim.Algorithm, n, requests, appMsgs int, props ...string) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n},
		Opts: sim.Options{Requests: requests, AppMsgs: appMsgs}, Props: props})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// TestVerdicts: with FIFO channels the algorithm is safe, live and ordered;
// with reordering channels it stays safe but can deadlock on a stale
// Request (testdata/nonfifo).
func TestVerdicts(t *testing.T) {
	res := check(t, lamport.Algorithm(), 2, 2, 1, explore.Safety, explore.Liveness, explore.Order)
	for _, p := range explore.Properties {
		require.Equal(t, explore.Holds, res.Verdicts[p], p)
	}
	if testing.Short() {
		return
	}
	res = check(t, lamport.Algorithm(), 3, 1, 0, explore.Safety, explore.Liveness)
	require.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	require.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])

	loose := lamport.Algorithm()
	loose.FIFO = false
	res = check(t, loose, 2, 2, 0, explore.Safety)
	require.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	res, err := explore.Check(explore.Config{Alg: loose, Sim: sim.Config{N: 3},
		Opts: sim.Options{Requests: 1}, Props: []string{explore.Liveness}, First: true})
	require.NoError(t, err)
	require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	require.Equal(t, "deadlock", res.Counterexamples[explore.Liveness].Kind)
}
