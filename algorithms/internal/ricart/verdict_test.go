package ricart_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// The verdicts the course expects of seed 000's progression, checked by
// exhaustive search over small configurations. Each counterexample is
// replayed through the simulator to see that it really ends in the bad
// state.
func TestVerdicts(t *testing.T) {
	const (
		holds    = explore.Holds
		violated = explore.Violated
	)
	cases := []struct {
		alg              string
		n, r             int
		safety, liveness explore.Verdict
	}{
		{"ra-v1", 2, 1, holds, violated},    // equal numbers: both defer
		{"ra-v1", 2, 2, violated, violated}, // a second number below a waiting node's
		{"ra-v2", 2, 1, holds, violated},    // an idle node defers at myNum = 0
		{"ra-v2", 2, 2, violated, violated},
		{"ra-v3", 2, 1, holds, violated},
		{"ra-v3", 2, 2, holds, violated},
		{"ra-v3", 3, 1, holds, violated},
		{"ra-benari", 2, 1, holds, holds},
		{"ra-benari", 2, 3, holds, holds},
		{"ra-benari", 3, 1, holds, holds},
		{"ra-benari-flagfirst", 2, 1, holds, violated},
		{"ra-benari-flagfirst", 2, 2, holds, violated},
		{"ra-benari-flagfirst", 3, 1, holds, violated},
		{"ra-benari-numfirst", 2, 1, violated, holds},
		{"ra-benari-numfirst", 3, 1, violated, holds},
	}
	algs := map[string]*sim.Algorithm{}
	for _, a := range variants() {
		algs[a.Name] = a
	}
	for _, c := range cases {
		alg := algs[c.alg]
		cfg := sim.Config{N: c.n}
		opts := sim.Options{Requests: c.r}
		res, err := explore.Check(explore.Config{
			Alg: alg, Sim: cfg, Opts: opts,
			Props: []string{explore.Safety, explore.Liveness},
		})
		require.NoError(t, err)
		require.True(t, res.Complete, "%s N=%d R=%d", c.alg, c.n, c.r)
		assert.Equal(t, c.safety, res.Verdicts[explore.Safety], "%s N=%d R=%d safety", c.alg, c.n, c.r)
		assert.Equal(t, c.liveness, res.Verdicts[explore.Liveness], "%s N=%d R=%d liveness", c.alg, c.n, c.r)
		if ce := res.Counterexamples[explore.Safety]; ce != nil {
			w := replay(t, alg, cfg, opts, ce)
			assert.True(t, w.Unsafe(), "%s: the safety counterexample must end with two nodes in the CS", c.alg)
		}
		if ce := res.Counterexamples[explore.Liveness]; ce != nil && ce.Loop < 0 {
			w := replay(t, alg, cfg, opts, ce)
			// Only an idle application's own call of enter() may be left:
			// nothing that has to happen.
			for _, e := range w.Events(nil) {
				assert.Equal(t, sim.EvRequest, e.Kind, "%s: a deadlock leaves nothing forced enabled, found %s", c.alg, w.EventString(e))
			}
			assert.NotZero(t, w.Waiting(), "%s: a deadlock leaves someone waiting", c.alg)
		}
	}
}

func replay(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options, ce *explore.Trace) *sim.World {
	t.Helper()
	w, err := sim.NewWorld(alg, cfg, opts)
	require.NoError(t, err)
	for _, line := range ce.Events() {
		e, err := w.FindEvent(line)
		require.NoError(t, err)
		_, err = w.Apply(e)
		require.NoError(t, err)
	}
	return w
}
