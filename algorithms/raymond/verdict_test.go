package raymond_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/raymond"
	"dmelab/algorithms/sim"
)

// TestVerdicts: one privilege keeps the tree safe, FIFO queues along the
// HOLDER edges keep it live, and queues in arrival order ignore
// happened-before, so Order fails.
func TestVerdicts(t *testing.T) {
	for _, c := range []struct{ n, r int }{{2, 1}, {2, 2}, {3, 1}, {3, 2}, {4, 1}} {
		t.Run(fmt.Sprintf("N%d-R%d", c.n, c.r), func(t *testing.T) {
			res, err := explore.Check(explore.Config{Alg: raymond.Algorithm(), Sim: sim.Config{N: c.n},
				Opts: sim.Options{Requests: c.r, AppMsgs: 1}, Props: explore.Properties})
			require.NoError(t, err)
			require.True(t, res.Complete)
			assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
			assert.Equal(t, explore.Holds, res.Verdicts[explore.Liveness])
			require.Equal(t, explore.Violated, res.Verdicts[explore.Order])
			assert.Equal(t, "order", res.Counterexamples[explore.Order].Kind)
		})
	}
}
