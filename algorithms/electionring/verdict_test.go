package electionring_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/electionring"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

func check(t *testing.T, n, crashes int) *explore.Result {
	t.Helper()
	start := time.Now()
	res, err := explore.Check(explore.Config{Alg: electionring.Algorithm(), Sim: sim.Config{N: n},
		Opts: sim.Options{Requests: 1, Crashes: crashes}, Props: []string{explore.Safety, explore.Liveness},
		MaxStates: 2_000_000})
	require.NoError(t, err)
	t.Logf("N=%d crashes=%d: %d states, %d transitions, %v; safety %s, liveness %s",
		n, crashes, res.States, res.Transitions, time.Since(start).Round(time.Millisecond),
		res.Verdicts[explore.Safety], res.Verdicts[explore.Liveness])
	return res
}

// TestVerdicts: without crashes the ring elects the highest node; with one
// crash it stays safe (nobody adopts a node that is not the highest live
// one) but can stall.
func TestVerdicts(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4} {
		t.Run(fmt.Sprintf("N%d", n), func(t *testing.T) {
			res := check(t, n, 0)
			require.True(t, res.Complete)
			require.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
			require.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])
		})
	}
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprintf("N%d-crash", n), func(t *testing.T) {
			res := check(t, n, 1)
			require.True(t, res.Complete)
			require.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
			require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
			// The shortest: N1's election(1) is lost with N2.
			ce := res.Counterexamples[explore.Liveness]
			require.Equal(t, "deadlock", ce.Kind)
			require.Equal(t, []string{"request N1", "crash N2"}, ce.Events())
			t.Log(ce.Summary)
		})
	}
}
