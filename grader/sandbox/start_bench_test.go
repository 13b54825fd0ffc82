package sandbox_test

import (
	"os"
	"path/filepath"
	"testing"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// BenchmarkStart is what a grading pays to start its sandbox on a module
// it ran before (the same file graded again), ns/op per start with the
// first instance: interpreted (wazero decodes, validates and translates
// the whole module); compiled and kept by the process (kept.go); and
// compiled but read back from the cache directory, as a process that
// keeps nothing would (wazero decodes and validates the module again,
// then loads its code).
func BenchmarkStart(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(builder.Root, "exercises", "maekawa", "solution.go"))
	if err != nil {
		b.Fatal(err)
	}
	built, r, err := builder.Build(b.Context(), iface.Lookup("maekawasteps"), "solution.go", src)
	if err != nil || r != nil {
		b.Fatal(err, r)
	}
	cache := b.TempDir()
	for _, c := range []struct {
		name string
		eng  sandbox.Engine
		keep int
	}{
		{"interpreter", sandbox.Interpreter, 4},
		{"compiler/kept", sandbox.Compiler, 4},
		{"compiler/read-back", sandbox.Compiler, 0},
	} {
		b.Run(c.name, func(b *testing.B) {
			defer sandbox.KeepCompiled(c.keep)()
			opts := sandbox.Options{Engine: c.eng, CacheDir: cache}
			start := func() {
				sb, err := sandbox.Start(b.Context(), built.Wasm, sandboxLimits(), opts)
				if err != nil {
					b.Fatal(err)
				}
				sb.Close()
			}
			start() // compiled (and kept) before the timing starts
			for b.Loop() {
				start()
			}
		})
	}
}
