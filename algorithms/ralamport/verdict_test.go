package ralamport_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
)

// TestVerdicts: safe, live, and ordered (a request that happened-after
// another carries a larger timestamp).
func TestVerdicts(t *testing.T) {
	cfgs := []struct{ n, requests, appMsgs int }{{2, 2, 1}}
	if !testing.Short() {
		cfgs = append(cfgs, struct{ n, requests, appMsgs int }{3, 1, 1})
	}
	for _, c := range cfgs {
		res, err := explore.Check(explore.Config{Alg: ralamport.Algorithm(), Sim: sim.Config{N: c.n},
			Opts: sim.Options{Requests: c.requests, AppMsgs: c.appMsgs}, Props: explore.Properties})
		require.NoError(t, err)
		require.True(t, res.Complete)
		for _, p := range explore.Properties {
			require.Equal(t, explore.Holds, res.Verdicts[p], "%s with %+v", p, c)
		}
	}
}
