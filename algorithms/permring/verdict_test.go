package permring_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/permring"
	"dmelab/algorithms/sim"
)

func check(t *testing.T, n, r int, props []string) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: permring.Algorithm(), Sim: sim.Config{N: n},
		Opts: sim.Options{Requests: r, AppMsgs: 1}, Props: props})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// TestVerdicts: a request that comes back has passed everyone, so the ring
// is safe; two nodes can refuse each other and retry for ever, so it is
// not live; and a trying node refuses an earlier request, so Order fails,
// as seed 002 says.
func TestVerdicts(t *testing.T) {
	for _, c := range []struct{ n, r int }{{2, 1}, {2, 2}, {3, 1}, {3, 2}} {
		t.Run(fmt.Sprintf("N%d-R%d", c.n, c.r), func(t *testing.T) {
			res := check(t, c.n, c.r, []string{explore.Safety, explore.Liveness})
			assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
			require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
			ce := res.Counterexamples[explore.Liveness]
			require.Equal(t, "starvation", ce.Kind)
			// The cycle is the livelock: someone is refused and retries.
			cycle := strings.Join(ce.Events()[ce.Loop:], "\n")
			assert.Contains(t, cycle, "refuse")
			assert.Contains(t, cycle, "retry")
		})
	}
	for _, n := range []int{2, 3} {
		res := check(t, n, 1, explore.Properties)
		assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
		assert.Equal(t, explore.Violated, res.Verdicts[explore.Order])
		assert.Equal(t, "order", res.Counterexamples[explore.Order].Kind)
	}
}
