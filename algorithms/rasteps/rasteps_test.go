package rasteps_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// ra-benari's own transcripts, run on the reference steps, must print
// exactly what they print for ra-benari.
func TestBenariTranscripts(t *testing.T) {
	simtest.Run(t, rasteps.Algorithm("ra-benari", newRef), "../benari/testdata")
}

// lockstep walks both algorithms through the same random schedules and
// requires the same enabled events (labels included) and the same states.
func lockstep(t *testing.T, a, b *sim.Algorithm, n, r int, seed uint64) {
	t.Helper()
	wa, err := sim.NewWorld(a, sim.Config{N: n}, sim.Options{Requests: r})
	require.NoError(t, err)
	wb, err := sim.NewWorld(b, sim.Config{N: n}, sim.Options{Requests: r})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 1))
	for step := 0; step < 400; step++ {
		ea, eb := wa.Events(nil), wb.Events(nil)
		sa, sb := strs(wa, ea), strs(wb, eb)
		require.Equal(t, sa, sb, "enabled events at step %d", step)
		require.Equal(t, wa.StateString(), wb.StateString(), "state at step %d", step)
		if len(ea) == 0 {
			return
		}
		k := rng.IntN(len(ea))
		_, err := wa.Apply(ea[k])
		require.NoError(t, err)
		_, err = wb.Apply(eb[k])
		require.NoError(t, err)
	}
}

func strs(w *sim.World, evs []sim.Event) []string {
	s := make([]string, len(evs))
	for i, e := range evs {
		s[i] = w.EventString(e)
	}
	return s
}

func TestLockstepWithBenari(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		lockstep(t, benari.Algorithm(), rasteps.Algorithm("ra-benari", newRef), 2+int(seed%3), 2, seed)
	}
}

// The reference has exactly ra-benari's state graph: the same numbers of
// states and transitions and the same verdicts in a full search.
func TestSameStatesAsBenari(t *testing.T) {
	for _, c := range []struct{ n, r int }{{2, 1}, {2, 2}, {3, 1}} {
		cfg := explore.Config{Sim: sim.Config{N: c.n}, Opts: sim.Options{Requests: c.r}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
		cfg.Alg = benari.Algorithm()
		want, err := explore.Check(cfg)
		require.NoError(t, err)
		cfg.Alg = rasteps.Algorithm("ra-benari", newRef)
		got, err := explore.Check(cfg)
		require.NoError(t, err)
		assert.Equal(t, want.States, got.States, "N=%d R=%d", c.n, c.r)
		assert.Equal(t, want.Transitions, got.Transitions, "N=%d R=%d", c.n, c.r)
		assert.Equal(t, want.Verdicts, got.Verdicts, "N=%d R=%d", c.n, c.r)
		assert.Equal(t, explore.Holds, got.Verdicts[explore.Liveness])
	}
}

// Through the wire format (what the sandbox does), the reference is the
// same algorithm.
func TestRemoteIsTheSame(t *testing.T) {
	calls := 0
	loop := func(req []byte) ([]byte, error) {
		calls++
		return rasteps.Serve(newRef, req), nil
	}
	cfg := explore.Config{Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
	cfg.Alg = benari.Algorithm()
	want, err := explore.Check(cfg)
	require.NoError(t, err)
	cfg.Alg = rasteps.Algorithm("ra-benari", rasteps.Remote(loop))
	got, err := explore.Check(cfg)
	require.NoError(t, err)
	assert.Equal(t, want.States, got.States)
	assert.Equal(t, want.Verdicts, got.Verdicts)
	assert.Positive(t, calls)
	lockstep(t, benari.Algorithm(), cfg.Alg, 3, 2, 7)
}

func TestSet(t *testing.T) {
	var s rasteps.Set
	assert.True(t, s.Empty())
	assert.Equal(t, -1, s.First())
	s.Add(3)
	s.Add(1)
	s.Add(40) // out of range: ignored
	assert.Equal(t, []int{1, 3}, s.Members())
	assert.Equal(t, 2, s.Len())
	assert.Equal(t, 1, s.First())
	assert.Equal(t, "[N2 N4]", s.String())
	s.Remove(1)
	assert.True(t, s.Has(3))
	assert.False(t, s.Has(1))
	assert.True(t, slices.Equal([]int{3}, s.Members()))
}
