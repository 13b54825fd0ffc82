package sandbox_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// Files of a few lines that make the compiler use gigabytes; each passes
// Precheck.
var (
	// a 16-byte string constant doubled 24 times: 256 MiB, copied as
	// the constant is folded (2.6 GB before the build was bounded).
	bigConstant = func() string {
		var b strings.Builder
		b.WriteString("const s0 = \"0123456789abcdef\"\n")
		for i := 1; i <= 24; i++ {
			fmt.Fprintf(&b, "const s%d = s%d + s%d\n", i, i-1, i-1)
		}
		return b.String()
	}()
	// g15 instantiates g0 2^15 times, on ever longer type names.
	manyInstances = func() string {
		var b strings.Builder
		b.WriteString("type pair[A, B any] struct {\n\ta A\n\tb B\n}\n\nfunc g0[T any]() int {\n\tvar t T\n\t_ = t\n\treturn 1\n}\n")
		for i := 1; i <= 15; i++ {
			fmt.Fprintf(&b, "func g%d[T any]() int { return g%d[pair[T, int8]]() + g%d[pair[T, uint8]]() }\n", i, i-1, i-1)
		}
		return b.String()
	}()
	// a sparse literal: 1 GiB of data from two elements.
	sparseLiteral = "var big = [1 << 30]byte{1, 1<<30 - 1: 1}"
)

// boundedBuild builds src with a fresh module cache and reports the peak
// memory of the build tree (of its last bounded process: go build, or a
// step of a direct build), and in boundedOver, for each bounded process
// it ran, whether memory stopped it.
func boundedBuild(t *testing.T, b *sandbox.Builder, src []byte) (*sandbox.Built, *sandbox.Refusal, int64) {
	t.Helper()
	in := iface.Lookup("rasteps")
	require.Nil(t, sandbox.Precheck("submission.go", src, in))
	var peak int64
	boundedOver = nil
	sandbox.ObserveBuilds(func(p int64, over bool) { peak = p; boundedOver = append(boundedOver, over) })
	defer sandbox.ObserveBuilds(nil)
	t0 := time.Now()
	built, r, err := b.Build(context.Background(), in, "submission.go", src)
	took := time.Since(t0)
	require.NoError(t, err)
	t.Logf("build: %s, peak %d MiB", took.Round(time.Millisecond), peak>>20)
	return built, r, peak
}

// boundedOver has an entry for each bounded process boundedBuild's build
// ran, in turn: whether it was stopped for memory.
var boundedOver []bool

// The three shapes are stopped at the memory limit (the sparse literal
// may meet the file size limit first): the watcher kills the build's tree
// within a poll of its crossing the limit, long before it reaches twice
// the limit (unwatched, the doubled constant alone takes many GiB). The
// first is built under the default limit; the others under a quarter of
// it, which they cross four times sooner (a build that reaches 1 GiB
// takes about ten seconds of a core here; the corpus of make hostile
// builds each shape to the default, end to end).
func TestBuildMemoryIsBounded(t *testing.T) {
	for _, c := range []struct {
		name, body, decls string
		limit             int64 // 0: the default
	}{
		{"a doubled constant", p11body + "\n\t_ = len(s24)", bigConstant, 0},
		{"many instantiations", p11body + "\n\t_ = g15[int]()", manyInstances, 256 << 20},
		{"a sparse literal", p11body + "\n\t_ = big[n.RequestedNum&1]", sparseLiteral, 256 << 20},
		// Built without the go command (see direct.go), the compiler
		// is stopped the same way, and the build is not handed over.
		{"a doubled constant, direct", p11body + "\n\t_ = len(s24)", bigConstant, 256 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			cache := t.TempDir()
			if strings.HasSuffix(c.name, "direct") {
				cache = primed(t)
			}
			limit := c.limit
			if limit == 0 {
				limit = sandbox.DefaultBuildMemory
			}
			b := &sandbox.Builder{Root: builder.Root, Cache: cache, MaxMemory: c.limit}
			// A file never built before: had it been built once without
			// bounds, go would find its package in the build cache.
			decls := c.decls + fmt.Sprintf("\n// %d\n", time.Now().UnixNano())
			_, r, peak := boundedBuild(t, b, hostile(t, c.body, decls, ""))
			require.NotNil(t, r)
			require.Len(t, r.Problems, 1)
			msg := r.Problems[0].Msg
			if c.decls != sparseLiteral || !strings.Contains(msg, "wrote") {
				assert.Equal(t, "the build needed more than "+sandbox.SizeWords(limit)+" of memory", msg)
			} else {
				assert.Equal(t, "the build wrote more than 64 MiB", msg)
			}
			assert.Less(t, peak, 2*limit, "the build was stopped near its limit")
			assert.Len(t, boundedOver, 1, "processes run")
		})
	}
}

// A limit set on the Builder is the one enforced and named, and a direct
// build stopped for it is not handed over to go build.
//
// go build is one bounded process, stopped at once. A direct build's
// steps are three (two compilations and the link), and a step this small
// may end before the watcher's first look at it (pollEvery): then a later
// step is the one stopped. Either way the process stopped is the last
// one run.
func TestBuildMemoryLimitIsTheBuilders(t *testing.T) {
	for i, cache := range []string{t.TempDir(), primed(t)} { // go build's, then direct
		b := &sandbox.Builder{Root: builder.Root, Cache: cache, MaxMemory: 8 << 20}
		_, r, _ := boundedBuild(t, b, hostile(t, p11body+"\n\t_ = 8 // a file never built before", "", ""))
		require.NotNil(t, r)
		assert.Equal(t, "the build needed more than 8 MiB of memory", r.Problems[0].Msg)
		if i == 0 {
			assert.Equal(t, []bool{true}, boundedOver, "go build, stopped")
			continue
		}
		t.Logf("direct steps run, stopped or not: %v", boundedOver)
		require.NotEmpty(t, boundedOver)
		assert.LessOrEqual(t, len(boundedOver), 3, "a direct build's steps, and no more")
		assert.Equal(t, []bool{true}, boundedOver[len(boundedOver)-1:], "the last process run was the one stopped: not handed over")
		assert.NotContains(t, boundedOver[:len(boundedOver)-1], true, "no step stopped before it")
	}
}

// No file the build writes may exceed MaxWrite: the compiler's output for
// a 16 MiB literal stops at the cap, so it never reaches the build cache.
func TestBuildWriteIsBounded(t *testing.T) {
	for i, cache := range []string{t.TempDir(), primed(t)} { // go build's, then direct
		b := &sandbox.Builder{Root: builder.Root, Cache: cache, MaxWrite: 12 << 20}
		src := hostile(t, p11body+"\n\t_ = mid[n.RequestedNum&1]", fmt.Sprintf("var mid = [16 << 20]byte{1, 2, 3, 16<<20 - 1: %d}", i+1), "")
		_, r, _ := boundedBuild(t, b, src)
		require.NotNil(t, r)
		assert.Equal(t, "the build wrote more than 12 MiB", r.Problems[0].Msg)
		assert.Len(t, boundedOver, 1, "not handed over")

		built, r, _ := boundedBuild(t, b, hostile(t, p11body+fmt.Sprintf("\n\t_ = %d // a file never built before", 12+i), "", ""))
		require.Nil(t, r, "a normal build stays far below the cap")
		assert.Less(t, len(built.Wasm), 12<<20)
	}
}

// A build that runs out of time takes its whole process group with it:
// the compiler go started is not left running. (A direct build runs the
// compiler itself, in a group of its own: TestDirectBuildTimeout.)
func TestBuildTimeoutKillsTheGroup(t *testing.T) {
	defer sandbox.GoBuildOnly()()
	// go is started through a script that records its process id, which
	// is the group's id (the script execs go).
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	script := filepath.Join(dir, "go")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\necho $$ > "+pidFile+"\nexec go \"$@\"\n"), 0o755))
	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir(), Go: script, Timeout: 4 * time.Second, MaxMemory: 1 << 40}

	sawCompile := make(chan bool, 1)
	stop := make(chan struct{})
	go func() {
		saw := false
		defer func() { sawCompile <- saw }()
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if data, err := os.ReadFile(pidFile); err == nil {
				var pgid int
				fmt.Sscan(string(data), &pgid)
				pids, _ := sandbox.ScanGroup(pgid)
				for _, pid := range pids {
					comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
					saw = saw || strings.TrimSpace(string(comm)) == "compile"
				}
			}
		}
	}()
	_, r, _ := boundedBuild(t, b, hostile(t, p11body+"\n\t_ = g15[int]()", manyInstances, ""))
	close(stop)
	require.NotNil(t, r)
	assert.Equal(t, "the build did not finish within 4s", r.Problems[0].Msg)
	assert.True(t, <-sawCompile, "the compiler was running when the time ran out")
	data, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	var pgid int
	_, err = fmt.Sscan(string(data), &pgid)
	require.NoError(t, err)
	pids, _ := sandbox.ScanGroup(pgid)
	assert.Empty(t, pids, "no process of the build's group is left")
}

// The cache of modules is bounded in bytes too, and a module over
// MaxModule is graded but not kept.
func TestCacheBytesAreBounded(t *testing.T) {
	in := iface.Lookup("rasteps")
	probe, r, err := (&sandbox.Builder{Root: builder.Root, Cache: t.TempDir()}).Build(context.Background(), in, "ra.go", hostile(t, p11body, "", ""))
	require.NoError(t, err)
	require.Nil(t, r)
	size := int64(len(probe.Wasm))

	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir(), MaxCacheBytes: size*5/2 + 1024}
	for i := 0; i < 4; i++ {
		built, r, err := b.Build(context.Background(), in, "ra.go", hostile(t, p11body+"\n\t_ = "+strings.Repeat("2+", i)+"2", "", ""))
		require.NoError(t, err)
		require.Nil(t, r)
		assert.False(t, built.Cached)
		time.Sleep(10 * time.Millisecond)
	}
	left, err := filepath.Glob(filepath.Join(b.Cache, "*.wasm"))
	require.NoError(t, err)
	assert.Len(t, left, 2)

	b = &sandbox.Builder{Root: builder.Root, Cache: t.TempDir(), MaxModule: size / 2} // go build's module or a direct build's, a little smaller
	for range 2 {
		built, r, err := b.Build(context.Background(), in, "ra.go", hostile(t, p11body, "", ""))
		require.NoError(t, err)
		require.Nil(t, r)
		assert.False(t, built.Cached, "too large to keep")
	}
	left, err = filepath.Glob(filepath.Join(b.Cache, "*.wasm"))
	require.NoError(t, err)
	assert.Empty(t, left)
}

// A direct build that runs out of time is stopped then, refused as go
// build's is, and leaves no compiler running. Two bounded processes run:
// the student's compiler, stopped, and go build, which does not start.
// (A compiler left to finish would be followed by the main package's,
// which would not start either: three.)
func TestDirectBuildTimeout(t *testing.T) {
	b := &sandbox.Builder{Root: builder.Root, Cache: primed(t), Timeout: 4 * time.Second, MaxMemory: 1 << 40}
	_, r, _ := boundedBuild(t, b, hostile(t, p11body+"\n\t_ = g15[int]()", manyInstances, ""))
	require.NotNil(t, r)
	assert.Equal(t, "the build did not finish within 4s", r.Problems[0].Msg)
	assert.Len(t, boundedOver, 2, "processes run")
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range procs {
		stat, _ := os.ReadFile(p)
		// pid (comm) state ppid ...
		if _, rest, ok := strings.Cut(string(stat), ") "); ok && strings.Contains(string(stat), "(compile)") {
			var state string
			var ppid int
			fmt.Sscan(rest, &state, &ppid)
			assert.NotEqual(t, os.Getpid(), ppid, "a compiler of this test is still running")
		}
	}
}
