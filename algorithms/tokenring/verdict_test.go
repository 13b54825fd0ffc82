package tokenring_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

// TestVerdicts: one token keeps it safe, weak fairness on passing it keeps
// it live, and the ring ignores happened-before: Order fails as seed 002
// says.
func TestVerdicts(t *testing.T) {
	res, err := explore.Check(explore.Config{Alg: tokenring.Algorithm(), Sim: sim.Config{N: 3},
		Opts: sim.Options{Requests: 2, AppMsgs: 1}, Props: explore.Properties})
	require.NoError(t, err)
	require.True(t, res.Complete)
	require.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	require.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])
	require.Equal(t, explore.Violated, res.Verdicts[explore.Order])
	require.Equal(t, "order", res.Counterexamples[explore.Order].Kind)
}
