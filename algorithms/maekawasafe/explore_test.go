package maekawasafe_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/maekawasafe"
	"dmelab/algorithms/sim"
)

// TestExplorerNoDeadlock: where the basic algorithm deadlocks (N=4 and the
// triangle sets, one request each; N=2 already), the exhaustive search
// finds every schedule safe and live.
func TestExplorerNoDeadlock(t *testing.T) {
	cases := []struct {
		cfg sim.Config
		r   int
	}{
		{sim.Config{N: 2}, 2},
		{sim.Config{N: 3, Sets: [][]int{{0, 1}, {1, 2}, {2, 0}}}, 1},
		{sim.Config{N: 4}, 1},
	}
	for _, c := range cases {
		if testing.Short() && c.cfg.N == 4 {
			t.Skip("N=4 (2.2 million states) skipped in -short mode")
		}
		res, err := explore.Check(explore.Config{Alg: maekawasafe.Algorithm(), Sim: c.cfg, Opts: sim.Options{Requests: c.r}, Props: []string{explore.Safety, explore.Liveness}})
		require.NoError(t, err)
		t.Logf("N=%d R=%d: %d states", c.cfg.N, c.r, res.States)
		require.True(t, res.Complete)
		assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety], "N=%d", c.cfg.N)
		if !assert.Equal(t, explore.Holds, res.Verdicts[explore.Liveness], "N=%d", c.cfg.N) {
			for _, s := range res.Counterexamples[explore.Liveness].Steps {
				t.Log(s.Event)
			}
		}
	}
}
