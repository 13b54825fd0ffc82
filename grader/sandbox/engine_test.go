package sandbox_test

import (
	"context"
	"slices"
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

// Auto starts interpreted, compiles once the grading is long, runs the
// instances started after that compiled, and answers as the interpreter
// does; a module compiled before starts compiled.
func TestAutoSwitchesToCompiledCode(t *testing.T) {
	defer sandbox.AssumeSpareCore()() // the other packages' tests may be busy on every core
	in := iface.Lookup("rasteps")
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	opts := sandbox.Options{Engine: sandbox.Auto, CacheDir: t.TempDir()}
	t.Cleanup(sandbox.WaitCompilations)
	sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), opts)
	require.NoError(t, err)
	defer sb.Close()
	cfg := explore.Config{Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
	cfg.Alg = benari.Algorithm()
	want, err := explore.Check(cfg)
	require.NoError(t, err)
	cfg.Alg = in.Algorithm("ra-benari", sb.Call)
	search := func() {
		t.Helper()
		got, err := explore.Check(cfg)
		require.NoError(t, err)
		assert.Equal(t, want.States, got.States)
		assert.Equal(t, want.Verdicts, got.Verdicts)
	}
	search()
	require.Greater(t, sb.Runs, sandbox.CompileAfterRuns, "the search is too short to start the compiler")
	assert.Equal(t, "interpreter", sb.Engine(), "the running instance stays interpreted")
	require.True(t, sandbox.WaitCompiled(sb, 2*time.Minute), "the compiler did not finish")
	runs := sb.Runs
	sb.Isolate() // a fresh instance and memo: every call runs again, compiled
	search()
	assert.Greater(t, sb.Runs, runs+sandbox.CompileAfterRuns)
	assert.Contains(t, sb.Engine(), "interpreter, then compiler (1 of")

	again, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), opts)
	require.NoError(t, err)
	defer again.Close()
	assert.Equal(t, "compiler", again.Engine(), "compiled before: compiled from the start")
	cfg.Alg = in.Algorithm("ra-benari", again.Call)
	search()
}

// Auto compiles first a module whose workload's recent gradings made
// many calls, starts interpreted one whose gradings made few or that it
// knows nothing of, and remembers each grading's runs as it closes.
func TestAutoCompilesALongWorkloadAtOnce(t *testing.T) {
	dir := t.TempDir()
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	for range 3 {
		sandbox.RememberRuns(dir, "long", sandbox.CompileAtStartRuns)
		sandbox.RememberRuns(dir, "short", sandbox.CompileAtStartRuns-1)
	}
	start := func(workload string) *sandbox.Sandbox {
		t.Helper()
		sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Auto, CacheDir: dir, Workload: workload})
		require.NoError(t, err)
		return sb
	}
	for _, workload := range []string{"short", "new", ""} {
		sb := start(workload)
		assert.Equal(t, "interpreter", sb.Engine(), "workload %q", workload)
		sb.Close()
	}
	assert.Empty(t, sandbox.RememberedRuns(dir, "new"), "a sandbox that ran nothing remembers nothing")

	sb := start("new")
	search(t, sb, 2, explore.Safety)
	require.Positive(t, sb.Runs)
	sb.Close()
	sb.Close()
	assert.Equal(t, []int{sb.Runs}, sandbox.RememberedRuns(dir, "new"), "remembered once, as the sandbox closed")
	require.False(t, sandbox.CompiledBefore(wasm, dir), "short workloads compile nothing at their start")

	sb = start("long")
	defer sb.Close()
	assert.Equal(t, "compiler", sb.Engine())
}

// A module graded again and again starts interpreted until the calls it
// ran interpreted have cost what compiling it costs, however short each
// grading and however busy the cores; then it is compiled first, and
// found compiled after. Other modules keep their own count.
func TestAutoCompilesAModuleGradedAgain(t *testing.T) {
	_, restore := sandbox.BusyCores(1 << 30) // no core idle: nothing compiles beside
	defer restore()
	dir := t.TempDir()
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	other := built(t, append(exercise(t, "ra-steps", "solution.go"), "\n// another file\n"...))
	start := func(wasm []byte) *sandbox.Sandbox {
		t.Helper()
		sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Auto, CacheDir: dir, Workload: "ra-steps"})
		require.NoError(t, err)
		return sb
	}
	sb := start(wasm)
	search(t, sb, 2, explore.Safety)
	runs := sb.Runs
	require.Positive(t, runs)
	require.Less(t, runs, sandbox.CompileAtStartRuns/2, "the search is too long for the test")
	assert.Equal(t, "interpreter", sb.Engine())
	sb.Close()
	sb.Close()
	assert.Equal(t, runs, sandbox.InterpretedRuns(wasm, dir), "counted once, as the sandbox closed")
	assert.Zero(t, sandbox.InterpretedRuns(other, dir))

	sandbox.AddInterpreted(wasm, dir, sandbox.CompileAtStartRuns-2*runs) // gradings of it before
	sb = start(wasm)
	assert.Equal(t, "interpreter", sb.Engine(), "%d calls interpreted so far", sandbox.InterpretedRuns(wasm, dir))
	search(t, sb, 2, explore.Safety)
	sb.Close()
	require.GreaterOrEqual(t, sandbox.InterpretedRuns(wasm, dir), sandbox.CompileAtStartRuns)

	release, ok := sandbox.ClaimCompilation(wasm, dir) // another process compiling it
	require.True(t, ok)
	sb = start(wasm)
	assert.Equal(t, "interpreter", sb.Engine(), "compiled by one process at a time")
	sb.Close()
	release()

	sb = start(wasm)
	assert.Equal(t, "compiler", sb.Engine(), "its calls have cost what compiling costs")
	search(t, sb, 2, explore.Safety)
	sb.Close()
	assert.True(t, sandbox.CompiledBefore(wasm, dir))
	sb = start(wasm)
	assert.Equal(t, "compiler", sb.Engine(), "found compiled")
	sb.Close()

	sb = start(other)
	assert.Equal(t, "interpreter", sb.Engine(), "another file's count is its own")
	sb.Close()
}

// A grading whose workload usually runs fewer calls than it takes to
// pay for the compiler runs interpreted to its end; one that runs twice
// its workload's usual still starts the compiler beside it.
func TestAutoCompilesOnlyAnUnusuallyLongGrading(t *testing.T) {
	defer sandbox.AssumeSpareCore()()
	dir := t.TempDir()
	t.Cleanup(sandbox.WaitCompilations)
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	searched := func(opts sandbox.Options) *sandbox.Sandbox {
		t.Helper()
		sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), opts)
		require.NoError(t, err)
		search(t, sb, 3, explore.Safety, explore.Liveness)
		return sb
	}
	sb := searched(sandbox.Options{}) // interpreted, compiling nothing: how many calls the search runs
	n := sb.Runs
	sb.Close()
	require.Greater(t, n/2-1, sandbox.CompileAfterRuns/2, "the search is too short for the test")
	for range 3 {
		sandbox.RememberRuns(dir, "usual", n)
		sandbox.RememberRuns(dir, "half", n/2-1)
	}
	sb = searched(sandbox.Options{Engine: sandbox.Auto, CacheDir: dir, Workload: "usual"})
	assert.False(t, sandbox.Compiling(sb), "%d calls, as usual", sb.Runs)
	sb.Close()
	sb = searched(sandbox.Options{Engine: sandbox.Auto, CacheDir: dir, Workload: "half"})
	assert.True(t, sandbox.Compiling(sb), "%d calls, twice the usual", sb.Runs)
	sb.Close()
}

// A grading that finds no core idle when it reaches the calls at which
// Auto compiles (another grading, or its own walks beside it) starts the
// compiler once one is, asking again every CompileRetry calls, not at
// every call.
func TestAutoCompilesOnceACoreIsIdle(t *testing.T) {
	t.Cleanup(sandbox.WaitCompilations)
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	for _, busy := range []int{3, 1 << 30} {
		asked, restore := sandbox.BusyCores(busy)
		sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Auto})
		require.NoError(t, err)
		_, err = explore.Walk(explore.WalkConfig{Config: explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call),
			Sim: sim.Config{N: 5}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety}}, Seed: 1, Walks: 40, Depth: 300})
		require.NoError(t, err)
		restore()
		require.Greater(t, sb.Runs, sandbox.CompileAfterRuns+4*sandbox.CompileRetry, "the search is too short for the test")
		if busy == 3 {
			assert.True(t, sandbox.Compiling(sb), "compiling from the fourth time asked")
			assert.Equal(t, 4, asked())
		} else {
			assert.False(t, sandbox.Compiling(sb), "no core was idle")
			assert.Equal(t, (sb.Runs-sandbox.CompileAfterRuns)/sandbox.CompileRetry+1, asked())
		}
		sb.Close()
	}
}

// Where the compiler cannot take a module, auto interprets it, as it
// would have without choosing the compiler, and answers; only an
// explicit Compiler fails.
func TestAutoInterpretsWhatTheCompilerRefuses(t *testing.T) {
	defer sandbox.FailCompiler()()
	defer sandbox.AssumeSpareCore()()
	dir := t.TempDir()
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	for range 3 {
		sandbox.RememberRuns(dir, "long", sandbox.CompileAtStartRuns)
	}
	// Chosen for a long workload; then, alone, for a module marked
	// compiled (whose code has gone, say), which is not compiled again
	// beside the grading either.
	for _, workload := range []string{"long", ""} {
		if workload == "" {
			sandbox.MarkCompiled(wasm, dir)
		}
		sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Auto, CacheDir: dir, Workload: workload})
		require.NoError(t, err)
		assert.Equal(t, "interpreter", sb.Engine())
		res := search(t, sb, 3, explore.Safety)
		assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
		if workload == "" {
			require.Greater(t, sb.Runs, sandbox.CompileAfterRuns)
			assert.False(t, sandbox.Compiling(sb), "not compiled again beside")
		}
		sb.Close()
	}

	_, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Compiler, CacheDir: dir})
	assert.ErrorContains(t, err, "the module does not load: cannot allocate executable memory")
}

// search searches ra-benari at N=n R=1, in full, on sb's code (an
// ra-steps module), for props.
func search(t *testing.T, sb *sandbox.Sandbox, n int, props ...string) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call),
		Sim: sim.Config{N: n}, Opts: sim.Options{Requests: 1}, Props: props, NoReduce: true})
	require.NoError(t, err)
	return res
}

// built builds src for ra-steps.
func built(t *testing.T, src []byte) []byte {
	t.Helper()
	b, r, err := builder.Build(context.Background(), iface.Lookup("rasteps"), "submission.go", src)
	require.NoError(t, err)
	require.Nil(t, r)
	return b.Wasm
}

// compiling starts a sandbox of wasm (auto, into dir) whose compiler
// has just started.
func compiling(t *testing.T, wasm []byte, dir string) *sandbox.Sandbox {
	t.Helper()
	in := iface.Lookup("rasteps")
	sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Auto, CacheDir: dir})
	require.NoError(t, err)
	cfg := explore.Config{Alg: in.Algorithm("ra-benari", sb.Call), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1},
		Props: []string{explore.Safety}, NoReduce: true,
		Stop: func() bool { return sb.Runs >= sandbox.CompileAfterRuns }} // the compiler has just started
	res, err := explore.Check(cfg)
	require.NoError(t, err)
	require.False(t, res.Complete, "the search must stop as the compiler starts")
	require.Equal(t, "interpreter", sb.Engine())
	return sb
}

// A compilation that the sandbox's end catches midway goes on into the
// CacheDir, so that the next grading of the same module starts compiled
// (stopped, it never finished for gradings shorter than the compiler).
func TestAutoCompilationOutlivesTheSandbox(t *testing.T) {
	defer sandbox.AssumeSpareCore()()
	dir := t.TempDir()
	t.Cleanup(sandbox.WaitCompilations)
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	release := sandbox.HoldCompilations()
	compiling(t, wasm, dir).Close()
	release()
	sandbox.WaitCompilations()
	require.True(t, sandbox.CompiledBefore(wasm, dir), "the compilation stopped with the sandbox")
	again, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{Engine: sandbox.Auto, CacheDir: dir})
	require.NoError(t, err)
	defer again.Close()
	assert.Equal(t, "compiler", again.Engine())
}

// Only one compilation at a time outlives its sandbox: two sandboxes
// closed while compiling leave one module compiled, not two; and one
// without a CacheDir, which nothing would use, does not take the place.
func TestOneCompilationOutlivesItsSandbox(t *testing.T) {
	defer sandbox.AssumeSpareCore()()
	dir := t.TempDir()
	t.Cleanup(sandbox.WaitCompilations)
	sandbox.WaitCompilations() // none of another test's left
	src := exercise(t, "ra-steps", "solution.go")
	a, b := built(t, src), built(t, append(slices.Clip(src), "\n// another file\n"...))
	release := sandbox.HoldCompilations()
	uncached, first, second := compiling(t, b, ""), compiling(t, a, dir), compiling(t, b, dir)
	uncached.Close()
	first.Close()
	second.Close()
	release()
	sandbox.WaitCompilations()
	assert.True(t, sandbox.CompiledBefore(a, dir), "the first to close goes on")
	assert.False(t, sandbox.CompiledBefore(b, dir), "the second stops")
}

func TestParseEngine(t *testing.T) {
	for _, e := range []sandbox.Engine{sandbox.Interpreter, sandbox.Compiler, sandbox.Auto} {
		got, err := sandbox.ParseEngine(e.String())
		require.NoError(t, err)
		assert.Equal(t, e, got)
	}
	_, err := sandbox.ParseEngine("jit")
	assert.ErrorContains(t, err, `unknown engine "jit" (interpreter, compiler or auto)`)
}
