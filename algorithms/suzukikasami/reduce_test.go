package suzukikasami

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

// The reduction's claims (reduce.go) rest on two invariants of the
// algorithm: the token only travels to a node that is Wanting (and does
// not hold it), and RN entries never decrease. Random runs check them at
// every step, at sizes beyond what TestReductionKeepsVerdicts (in
// explore) compares with the full search.
func TestReductionInvariants(t *testing.T) {
	for _, nr := range [][2]int{{3, 2}, {4, 2}, {5, 2}} {
		rng := rand.New(rand.NewPCG(uint64(nr[0]), uint64(nr[1])))
		steps, tokens := 0, 0
		for walk := 0; walk < 300; walk++ {
			w, err := sim.NewWorld(Algorithm(), sim.Config{N: nr[0]}, sim.Options{Requests: nr[1]})
			require.NoError(t, err)
			rn := make([][]int, nr[0])
			for {
				for _, m := range w.Net {
					if m.Kind == Token {
						to := w.Nodes[m.To].(*node)
						require.Equal(t, sim.Wanting, to.phase, "the token travels to N%d", m.To+1)
						require.False(t, to.has)
						tokens++
					}
				}
				for i, x := range w.Nodes {
					now := x.(*node).rn
					for j := range rn[i] {
						require.GreaterOrEqual(t, now[j], rn[i][j], "RN of N%d decreased", i+1)
					}
					rn[i] = append(rn[i][:0], now...)
				}
				evs := w.Events(nil)
				if len(evs) == 0 {
					break
				}
				_, err := w.Apply(evs[rng.IntN(len(evs))])
				require.NoError(t, err)
				steps++
			}
		}
		require.Positive(t, tokens, "the walks must pass the token around")
		t.Logf("N=%d R=%d: %d steps, %d token sightings", nr[0], nr[1], steps, tokens)
	}
}
