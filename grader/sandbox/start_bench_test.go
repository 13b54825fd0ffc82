package sandbox_test

import (
	"os"
	"path/filepath"
	"testing"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// BenchmarkStart is what a grading pays to start its sandbox on a module
// it ran before (the same file graded again): the interpreter's
// translation of the module, or the compiled code read back from the
// cache directory, with wazero's decoding and validation of the module
// either way, and the first instance. ns/op is per start.
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
	for _, eng := range []sandbox.Engine{sandbox.Interpreter, sandbox.Compiler} {
		b.Run(eng.String(), func(b *testing.B) {
			opts := sandbox.Options{Engine: eng, CacheDir: cache}
			for b.Loop() {
				sb, err := sandbox.Start(b.Context(), built.Wasm, sandboxLimits(), opts)
				if err != nil {
					b.Fatal(err)
				}
				sb.Close()
			}
		})
	}
}
