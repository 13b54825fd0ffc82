package explore_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// TestReductionKeepsVerdicts: for every algorithm that offers the
// partial-order reduction, the reduced search gives the same verdict for
// safety and liveness as the full search, at N = 2 and 3, R = 1 and 2, and
// every violation it reports replays in the simulator. Some sizes allow
// application messages (A): the page's Order searches have them, and its
// safety and liveness search beside (reduced) keeps them, though
// TestPersistentSetsArePersistent leaves them out.
func TestReductionKeepsVerdicts(t *testing.T) {
	sizes := [][3]int{{2, 1, 0}, {2, 2, 0}, {3, 1, 0}, {2, 1, 1}, {2, 2, 1}, {3, 1, 1}, {2, 2, 2}}
	if !testing.Short() {
		sizes = append(sizes, [3]int{3, 2, 0})
	}
	tried := 0
	for _, alg := range registry.All() {
		for _, nr := range sizes {
			cfg := explore.Config{Alg: alg, Sim: sim.Config{N: nr[0]}, Opts: sim.Options{Requests: nr[1], AppMsgs: nr[2]}, Props: []string{explore.Safety, explore.Liveness}, MaxStates: 3_000_000}
			red, err := explore.Check(cfg)
			if err != nil {
				continue // the algorithm does not take this size
			}
			if !red.Reduced {
				continue
			}
			tried++
			t.Run(fmt.Sprintf("%s/N=%d/R=%d/A=%d", alg.Name, nr[0], nr[1], nr[2]), func(t *testing.T) {
				cfg.NoReduce = true
				full, err := explore.Check(cfg)
				require.NoError(t, err)
				if !full.Complete || !red.Complete {
					t.Skip("too big to compare here")
				}
				assert.Equal(t, full.Verdicts, red.Verdicts)
				assert.LessOrEqual(t, red.States, full.States)
				for p, ce := range red.Counterexamples {
					replayed := replay(t, cfg, ce)
					switch p {
					case explore.Safety:
						assert.True(t, replayed.Unsafe(), "safety counterexample must end unsafe")
					}
				}
			})
		}
	}
	require.Positive(t, tried, "some algorithm must use the reduction")
}

func replay(t *testing.T, cfg explore.Config, ce *explore.Trace) *sim.World {
	t.Helper()
	w, err := sim.NewWorld(cfg.Alg, cfg.Sim, cfg.Opts)
	require.NoError(t, err)
	for _, line := range ce.Events() {
		e, err := w.FindEvent(line)
		require.NoError(t, err, line)
		_, err = w.Apply(e)
		require.NoError(t, err)
	}
	return w
}
