package sandbox_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// byGoBuild tells a module go build linked from one the Builder linked
// itself: go build writes the module's build information into it.
func byGoBuild(wasm []byte) bool { return bytes.Contains(wasm, []byte("build\t-buildmode=c-shared")) }

// After its first build, which is go build's, a Builder runs the
// compiler and the linker itself, with the archives go list named (kept
// beside the modules for the next Builder), and the module it makes
// grades as go build's does.
func TestBuildsWithoutTheGoCommand(t *testing.T) {
	src := exercise(t, "ra-steps", "solution.go")
	in := iface.Lookup("rasteps")
	cache := t.TempDir()
	build := func(b *sandbox.Builder, src []byte) []byte {
		built, r, err := b.Build(context.Background(), in, "solution.go", src)
		require.NoError(t, err)
		require.Nil(t, r)
		return built.Wasm
	}
	b := &sandbox.Builder{Root: builder.Root, Cache: cache}
	assert.True(t, byGoBuild(build(b, append(src, "\n// first\n"...))), "the first build is go build's")
	files, _ := filepath.Glob(filepath.Join(cache, "toolchain-*"))
	assert.Len(t, files, 1, "the toolchain kept for the next process")
	direct := build(b, src)
	assert.False(t, byGoBuild(direct), "built by go build")

	// The next Builder reads the toolchain and builds directly at once.
	b2 := &sandbox.Builder{Root: builder.Root, Cache: cache}
	assert.False(t, byGoBuild(build(b2, append(src, "\n// again\n"...))))

	restore := sandbox.GoBuildOnly()
	viaGo := build(&sandbox.Builder{Root: builder.Root, Cache: t.TempDir()}, src)
	restore()
	require.True(t, byGoBuild(viaGo))

	results := make([]*explore.Result, 2)
	for i, wasm := range [][]byte{direct, viaGo} {
		sb, err := sandbox.Start(context.Background(), wasm, sandboxLimits(), sandbox.Options{})
		require.NoError(t, err)
		results[i] = search(t, sb, 3, explore.Safety, explore.Liveness)
		sb.Close()
	}
	assert.Equal(t, results[1].States, results[0].States)
	assert.Equal(t, results[1].Transitions, results[0].Transitions)
	assert.Equal(t, results[1].Verdicts, results[0].Verdicts)
}

// What go build alone decides (a file that does not compile, a build
// constraint, a main package) is handed over to it, and comes out as it
// does from go build.
func TestDirectBuildsHandOverWhatGoBuildDecides(t *testing.T) {
	in := iface.Lookup("rasteps")
	sol := string(exercise(t, "ra-steps", "solution.go"))
	cache := primed(t)
	runs := 0
	sandbox.ObserveBuilds(func(int64, bool) { runs++ })
	defer sandbox.ObserveBuilds(nil)
	for _, c := range []struct {
		name, src string
		runs      int // the bounded processes: a compiler that failed, then go build; or go build alone
	}{
		{"type error", sol + "\nvar x int = \"no\"\n", 2},
		{"undefined", sol + "\nfunc f() { g() }\n", 2},
		{"build constraint", "//go:build ignore\n\n" + sol, 1},
		{"main package", strings.Replace(sol, "package ra", "package main", 1) + "\nfunc main() {}\n", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			build := func(cache string) (*sandbox.Built, *sandbox.Refusal, error) {
				b := &sandbox.Builder{Root: builder.Root, Cache: cache}
				return b.Build(context.Background(), in, "solution.go", []byte(c.src))
			}
			runs = 0
			built, r, err := build(cache)
			assert.Equal(t, c.runs, runs, "processes run")
			restore := sandbox.GoBuildOnly()
			viaGo, rGo, errGo := build(t.TempDir())
			restore()
			assert.Equal(t, errGo == nil, err == nil, "%v / %v", err, errGo)
			assert.Equal(t, rGo, r)
			assert.Equal(t, viaGo == nil, built == nil)
			if built != nil {
				assert.True(t, byGoBuild(built.Wasm), "built directly")
			}
		})
	}

	// go build flags of the Builder's own are go build's to apply.
	b := &sandbox.Builder{Root: builder.Root, Cache: cache, Env: []string{"GOFLAGS=-mod=readonly -gcflags=-N"}}
	built, r, err := b.Build(context.Background(), in, "solution.go", []byte(sol+"\n// with flags\n"))
	require.NoError(t, err)
	require.Nil(t, r)
	assert.True(t, byGoBuild(built.Wasm), "built directly")
}

// A toolchain naming an archive Go has since trimmed from its build
// cache, or a compiler that is not there, hands the build over to go
// build (which puts the archive back), and is asked of go list again
// after it. A spoilt toolchain file is as none.
func TestDirectBuildsRecoverFromAWrongToolchain(t *testing.T) {
	in := iface.Lookup("rasteps")
	src := exercise(t, "ra-steps", "solution.go")
	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir()}
	n := 0
	build := func() []byte {
		n++
		built, r, err := b.Build(context.Background(), in, "solution.go", append(src, fmt.Sprintf("\n// %d\n", n)...))
		require.NoError(t, err)
		require.Nil(t, r)
		return built.Wasm
	}
	require.True(t, byGoBuild(build()))
	require.False(t, byGoBuild(build()))
	sandbox.ForgetArchive(b, "errors")
	assert.True(t, byGoBuild(build()), "handed over to go build")
	assert.False(t, byGoBuild(build()), "built directly with the toolchain asked again")
	sandbox.ForgetTool(b)
	assert.True(t, byGoBuild(build()), "handed over to go build")
	assert.False(t, byGoBuild(build()), "built directly with the toolchain asked again")

	files, _ := filepath.Glob(filepath.Join(b.Cache, "toolchain-*"))
	require.Len(t, files, 1)
	good, err := os.ReadFile(files[0])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(files[0], []byte("dmelab toolchain 1\nno\n"), 0o644))
	b = &sandbox.Builder{Root: builder.Root, Cache: b.Cache}
	assert.True(t, byGoBuild(build()))
	assert.False(t, byGoBuild(build()))

	// A file that names another program than the go command's compiler
	// is not followed.
	lines := strings.SplitN(string(good), "\n", 3)
	lines[1] = "/bin/sh"
	require.NoError(t, os.WriteFile(files[0], []byte(strings.Join(lines, "\n")), 0o644))
	b = &sandbox.Builder{Root: builder.Root, Cache: b.Cache}
	assert.True(t, byGoBuild(build()))
	assert.False(t, byGoBuild(build()))
	now, err := os.ReadFile(files[0])
	require.NoError(t, err)
	assert.Equal(t, string(good), string(now), "the toolchain asked again")
}

// A direct build reads the archives without telling Go's build cache,
// which trims what has not been used for five days: once its toolchain
// is a day old, a Builder asks go list again after a direct build, which
// marks every archive used. A younger toolchain is not asked again.
func TestDirectBuildsKeepTheirArchivesUsed(t *testing.T) {
	in := iface.Lookup("rasteps")
	src := exercise(t, "ra-steps", "solution.go")
	cache := primed(t)
	files, _ := filepath.Glob(filepath.Join(cache, "toolchain-*"))
	require.Len(t, files, 1)
	text, err := os.ReadFile(files[0])
	require.NoError(t, err)
	var archive string
	for _, l := range strings.Split(string(text), "\n") {
		if p, a, ok := strings.Cut(l, "\t"); ok && p == "dmelab/grader/guest" {
			archive = a
		}
	}
	require.NotEmpty(t, archive, "the toolchain names the guest's archive")
	// Go marks an entry used at most once an hour: two hours ago is
	// old enough to be marked again, and far from being trimmed.
	ago := func(path string, d time.Duration) {
		require.NoError(t, os.Chtimes(path, time.Now().Add(-d), time.Now().Add(-d)))
	}
	age := func(path string) time.Duration {
		info, err := os.Stat(path)
		require.NoError(t, err)
		return time.Since(info.ModTime())
	}
	b := &sandbox.Builder{Root: builder.Root, Cache: cache}
	build := func(n int) {
		built, r, err := b.Build(context.Background(), in, "solution.go", fmt.Appendf(src, "\n// keep %d\n", n))
		require.NoError(t, err)
		require.Nil(t, r)
		require.False(t, byGoBuild(built.Wasm), "built directly")
	}

	ago(archive, 2*time.Hour)
	ago(files[0], 25*time.Hour)
	build(1)
	assert.Less(t, age(archive), time.Minute, "the archive marked used")
	assert.Less(t, age(files[0]), time.Minute, "the toolchain kept anew")

	ago(archive, 2*time.Hour)
	build(2)
	assert.Greater(t, age(archive), time.Hour, "go list asked again within the day")
}
