package sandbox_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// A module compiled through a CacheDir is kept by the process: the next
// sandboxes of it under that cache and memory limit start compiled
// without compiling it or reading it back, several at once, each with
// instances of its own; under another limit, or without a CacheDir, it
// is compiled again.
func TestAModuleCompiledIsKept(t *testing.T) {
	defer sandbox.KeepCompiled(4)()
	count, restore := sandbox.CountCompilations()
	defer restore()
	dir := t.TempDir()
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	start := func(lim sandbox.Limits, opts sandbox.Options) *sandbox.Sandbox {
		t.Helper()
		sb, err := sandbox.Start(context.Background(), wasm, lim, opts)
		require.NoError(t, err)
		assert.Equal(t, "compiler", sb.Engine())
		return sb
	}
	compiler := sandbox.Options{Engine: sandbox.Compiler, CacheDir: dir}
	a := start(sandboxLimits(), compiler)
	require.Equal(t, 1, count())
	b := start(sandboxLimits(), sandbox.Options{Engine: sandbox.Auto, CacheDir: dir})
	assert.Equal(t, 1, count(), "kept: not compiled again")

	// Both at once, each searching with its own instances and memo.
	var wg sync.WaitGroup
	results := make([]*explore.Result, 2)
	for i, sb := range []*sandbox.Sandbox{a, b} {
		wg.Go(func() {
			cfg := explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call),
				Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
			results[i], _ = explore.Check(cfg)
		})
	}
	wg.Wait()
	require.NotNil(t, results[0])
	require.NotNil(t, results[1])
	assert.Equal(t, results[0], results[1])
	assert.Equal(t, explore.Holds, results[0].Verdicts[explore.Liveness])
	a.Close()
	b.Close()

	c := start(sandboxLimits(), compiler)
	assert.Equal(t, 1, count(), "kept after its sandboxes closed")
	assert.Equal(t, results[0], search(t, c, 3, explore.Safety, explore.Liveness))
	c.Close()

	more := sandboxLimits()
	more.Memory *= 2
	start(more, compiler).Close()
	assert.Equal(t, 2, count(), "another memory limit: another runtime")
	start(sandboxLimits(), sandbox.Options{Engine: sandbox.Compiler}).Close()
	start(sandboxLimits(), sandbox.Options{Engine: sandbox.Compiler}).Close()
	assert.Equal(t, 4, count(), "without a CacheDir nothing is kept")
}

// A module compiled beside an interpreted start is kept as its sandbox
// closes: the next sandbox of it starts compiled without compiling.
func TestAModuleCompiledBesideIsKept(t *testing.T) {
	defer sandbox.AssumeSpareCore()()
	defer sandbox.KeepCompiled(4)()
	count, restore := sandbox.CountCompilations()
	defer restore()
	dir := t.TempDir()
	t.Cleanup(sandbox.WaitCompilations)
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	sb := compiling(t, wasm, dir)
	require.True(t, sandbox.WaitCompiled(sb, 2*time.Minute), "the compiler did not finish")
	sb.Close()
	again, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Auto, CacheDir: dir})
	require.NoError(t, err)
	defer again.Close()
	assert.Equal(t, "compiler", again.Engine())
	assert.Equal(t, 0, count(), "kept: not compiled, nor read back, again")
}

// Without a CacheDir nothing is kept: a module compiled beside an
// interpreted start goes with its sandbox, as it always did.
func TestAModuleCompiledBesideWithoutACacheGoes(t *testing.T) {
	defer sandbox.AssumeSpareCore()()
	defer sandbox.KeepCompiled(4)()
	t.Cleanup(sandbox.WaitCompilations)
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	sb := compiling(t, wasm, "")
	require.True(t, sandbox.WaitCompiled(sb, 2*time.Minute), "the compiler did not finish")
	closed := sandbox.BesideClosed(sb)
	require.False(t, closed(), "running until its sandbox closes")
	sb.Close()
	assert.True(t, closed(), "closed with its sandbox")
}
