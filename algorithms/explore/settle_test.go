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

// A search that stops once every property it was asked about is violated
// (Result.Settled) reports what the whole search reports: the same
// verdicts and the same counterexamples, event for event. Every
// algorithm at N=2 R=1, 2 and N=3 R=1, with and without Order, and
// without the reduction, against the same search with Exhaust.
func TestSettledSearchKeepsVerdicts(t *testing.T) {
	settled := 0
	for _, alg := range registry.All() {
		for _, nr := range [][2]int{{2, 1}, {2, 2}, {3, 1}} {
			for _, props := range [][]string{{explore.Order}, {explore.Safety, explore.Liveness, explore.Order}, {explore.Safety, explore.Liveness}} {
				for _, noReduce := range []bool{false, true} {
					cfg := explore.Config{Alg: alg, Sim: sim.Config{N: nr[0]}, Opts: sim.Options{Requests: nr[1]}, Props: props, NoReduce: noReduce, MaxStates: 100_000}
					res, err := explore.Check(cfg)
					if err != nil {
						continue // the algorithm does not take this size
					}
					if !res.Settled {
						assert.Equal(t, res.Complete, res.Stopped() == "", "%s %v", alg.Name, props)
						continue
					}
					settled++
					t.Run(fmt.Sprintf("%s/N=%d/R=%d/%v/noreduce=%v", alg.Name, nr[0], nr[1], props, noReduce), func(t *testing.T) {
						assert.False(t, res.Complete)
						assert.Empty(t, res.Stopped())
						cfg.Exhaust = true
						whole, err := explore.Check(cfg)
						require.NoError(t, err)
						if !whole.Complete {
							t.Skip("the whole search passes the bound")
						}
						assert.Less(t, res.States, whole.States, "a settled search stops early")
						assert.Equal(t, whole.Verdicts, res.Verdicts)
						require.Equal(t, len(whole.Counterexamples), len(res.Counterexamples))
						for p, ce := range whole.Counterexamples {
							require.NotNil(t, res.Counterexamples[p], p)
							assert.Equal(t, ce.Events(), res.Counterexamples[p].Events(), p)
						}
					})
				}
			}
		}
	}
	require.Positive(t, settled, "some search must settle early")
}
