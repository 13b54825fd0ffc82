package sandbox_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// byGoBuild tells a module go build linked from one the Builder linked
// itself: go build writes the module's build information into it.
func byGoBuild(wasm []byte) bool { return bytes.Contains(wasm, []byte("build\t-buildmode=c-shared")) }

// A Builder runs the compiler and the linker itself, with the archives
// go list named once (kept beside the modules for the next Builder), and
// the module it makes grades as go build's does.
func TestBuildsWithoutTheGoCommand(t *testing.T) {
	src := exercise(t, "ra-steps", "solution.go")
	in := iface.Lookup("rasteps")
	cache := t.TempDir()
	b := &sandbox.Builder{Root: builder.Root, Cache: cache}
	direct, r, err := b.Build(context.Background(), in, "solution.go", src)
	require.NoError(t, err)
	require.Nil(t, r)
	assert.False(t, byGoBuild(direct.Wasm), "built by go build")
	files, _ := filepath.Glob(filepath.Join(cache, "toolchain-*"))
	assert.Len(t, files, 1, "the toolchain kept for the next process")

	// The next Builder reads it and builds directly too.
	b2 := &sandbox.Builder{Root: builder.Root, Cache: cache}
	again, r, err := b2.Build(context.Background(), in, "solution.go", append(src, "\n// again\n"...))
	require.NoError(t, err)
	require.Nil(t, r)
	assert.False(t, byGoBuild(again.Wasm))

	restore := sandbox.GoBuildOnly()
	viaGo, r, err := (&sandbox.Builder{Root: builder.Root, Cache: t.TempDir()}).Build(context.Background(), in, "solution.go", src)
	restore()
	require.NoError(t, err)
	require.Nil(t, r)
	require.True(t, byGoBuild(viaGo.Wasm))
	assert.Equal(t, direct.Key, viaGo.Key, "the same module, by its cache key")

	results := make([]*explore.Result, 2)
	for i, wasm := range [][]byte{direct.Wasm, viaGo.Wasm} {
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
	for name, src := range map[string]string{
		"type error":       sol + "\nvar x int = \"no\"\n",
		"undefined":        sol + "\nfunc f() { g() }\n",
		"build constraint": "//go:build ignore\n\n" + sol,
		"main package":     strings.Replace(sol, "package ra", "package main", 1) + "\nfunc main() {}\n",
	} {
		t.Run(name, func(t *testing.T) {
			build := func() (*sandbox.Built, *sandbox.Refusal, error) {
				b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir()}
				return b.Build(context.Background(), in, "solution.go", []byte(src))
			}
			built, r, err := build()
			restore := sandbox.GoBuildOnly()
			viaGo, rGo, errGo := build()
			restore()
			assert.Equal(t, errGo == nil, err == nil, "%v / %v", err, errGo)
			assert.Equal(t, rGo, r)
			assert.Equal(t, viaGo == nil, built == nil)
			if built != nil {
				assert.True(t, byGoBuild(built.Wasm), "built directly")
			}
		})
	}
}

// A toolchain naming an archive Go has since trimmed from its build
// cache hands the build over to go build (which puts the archive back),
// and is asked of go list again for the next build.
func TestDirectBuildsAfterTheBuildCacheLostAnArchive(t *testing.T) {
	in := iface.Lookup("rasteps")
	src := exercise(t, "ra-steps", "solution.go")
	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir()}
	build := func(n string) []byte {
		built, r, err := b.Build(context.Background(), in, "solution.go", append(src, "\n// "+n+"\n"...))
		require.NoError(t, err)
		require.Nil(t, r)
		return built.Wasm
	}
	require.False(t, byGoBuild(build("first")))
	sandbox.ForgetArchive(b, "errors")
	assert.True(t, byGoBuild(build("second")), "handed over to go build")
	assert.False(t, byGoBuild(build("third")), "built directly with the toolchain asked again")

	// A spoilt toolchain file is asked again too.
	files, _ := filepath.Glob(filepath.Join(b.Cache, "toolchain-*"))
	require.Len(t, files, 1)
	require.NoError(t, os.WriteFile(files[0], []byte("dmelab toolchain 1\nno\n"), 0o644))
	b = &sandbox.Builder{Root: builder.Root, Cache: b.Cache}
	assert.False(t, byGoBuild(build("fourth")))
}
