package lamport_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
)

// On channels that do not keep order the explorer's deadlock (N=3) is
// explained as the stale request it is, not as "nobody can move".
func TestExplorerNamesTheStaleRequest(t *testing.T) {
	alg := lamport.Algorithm()
	alg.FIFO = false
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: 3},
		Opts: sim.Options{Requests: 1}, Props: []string{explore.Liveness}})
	require.NoError(t, err)
	ce := res.Counterexamples[explore.Liveness]
	require.NotNil(t, ce)
	require.Equal(t, "deadlock", ce.Kind)
	assert.Equal(t, "N2 waits (rule 3a) behind the request (T=1) in its q[N1], which is stale: "+
		"N1 has released it since (N1's own q[N1] holds Rel@4), but that release reached N2 first and the request, arriving after it, replaced it (rule 2); "+
		"only a newer message from N1 would replace it, and N1 is idle: it sends N2 nothing more unless it calls enter() again. "+
		"Only optional events are left (an idle application may call enter()), and none has to happen.", ce.Summary)
}

// Random runs on unordered channels: every deadlock they reach is
// explained, naming every waiting node, and no state with a message in
// flight or nobody waiting is.
func TestEveryDeadlockIsExplained(t *testing.T) {
	alg := lamport.Algorithm()
	alg.FIFO = false
	deadlocks := 0
	for seed := int64(1); seed <= 3000; seed++ {
		w, err := sim.NewWorld(alg, sim.Config{N: 3}, sim.Options{Requests: 2})
		require.NoError(t, err)
		rng := rand.New(rand.NewSource(seed))
		for {
			evs := w.Events(nil)
			must := false
			for _, e := range evs {
				must = must || e.Kind != sim.EvRequest
			}
			why := alg.Stuck(w)
			if w.Waiting() == 0 || len(w.Net) > 0 {
				require.Empty(t, why, w.StateString())
			}
			if !must {
				if w.Waiting() != 0 {
					deadlocks++
					require.NotEmpty(t, why, w.StateString())
					for i, n := range w.Nodes {
						if n.Phase() == sim.Wanting {
							assert.True(t, strings.Contains(why, w.Names[i]+" waits (rule 3"), "%s\n%s", why, w.StateString())
						}
					}
				}
				if len(evs) == 0 {
					break
				}
			}
			_, err := w.Apply(evs[rng.Intn(len(evs))])
			require.NoError(t, err)
		}
	}
	assert.NotZero(t, deadlocks)
}
