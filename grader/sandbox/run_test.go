package sandbox_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// The reference solution, compiled and sandboxed, explores exactly like
// ra-benari.
func TestSandboxedReferenceIsBenari(t *testing.T) {
	t0 := time.Now()
	sb, r, err := start(t, "rasteps", exercise(t, "ra-steps", "solution.go"), sandboxLimits())
	require.NoError(t, err)
	require.Nil(t, r)
	t.Logf("build and start: %s", time.Since(t0))
	t0 = time.Now()
	cfg := explore.Config{Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
	cfg.Alg = benari.Algorithm()
	want, err := explore.Check(cfg)
	require.NoError(t, err)
	cfg.Alg = iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call)
	got, err := explore.Check(cfg)
	require.NoError(t, err)
	t.Logf("explore N=3: %s, %d calls, %d ran, %s in the sandbox", time.Since(t0), sb.Calls, sb.Runs, sb.Used())
	assert.Equal(t, want.States, got.States)
	assert.Equal(t, want.Verdicts, got.Verdicts)
}

// Fresh instances answer as the first did, whether put back or started
// anew in the memory of the ones before them: the reference solution
// explores exactly like ra-benari on every instance.
func TestFreshInstancesReuseMemory(t *testing.T) {
	for _, anew := range []bool{false, true} {
		if anew {
			defer sandbox.StartAnew()()
		}
		sb, r, err := start(t, "rasteps", exercise(t, "ra-steps", "solution.go"), sandboxLimits())
		require.NoError(t, err)
		require.Nil(t, r)
		cfg := explore.Config{Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
		cfg.Alg = benari.Algorithm()
		want, err := explore.Check(cfg)
		require.NoError(t, err)
		cfg.Alg = iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call)
		for k := 0; k < 3; k++ {
			sb.Isolate() // a fresh instance, and an empty memo: every call runs again
			got, err := explore.Check(cfg)
			require.NoError(t, err)
			assert.Equal(t, want.States, got.States, "instance %d", k+2)
			assert.Equal(t, want.Verdicts, got.Verdicts, "instance %d", k+2)
		}
		if anew {
			assert.Equal(t, 3, sandbox.MemoriesReused(sb))
			assert.Zero(t, sandbox.PutBacks(sb))
		} else {
			assert.Equal(t, 3, sandbox.PutBacks(sb))
		}
	}
}
