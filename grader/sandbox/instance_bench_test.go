package sandbox_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// BenchmarkInstance is what starting a fresh instance of a student's
// module costs (a grading starts about ten: one per hidden test and
// search): wazero's instantiation and the module's _initialize, and one
// call the harness turns away at its first byte. ns/op is per instance.
func BenchmarkInstance(b *testing.B) {
	in := iface.Lookup("maekawasteps")
	src, err := os.ReadFile(filepath.Join(builder.Root, "exercises", "maekawa", "solution.go"))
	if err != nil {
		b.Fatal(err)
	}
	built, r, err := builder.Build(b.Context(), in, "solution.go", src)
	if err != nil || r != nil {
		b.Fatal(err, r)
	}
	for _, eng := range []sandbox.Engine{sandbox.Interpreter, sandbox.Compiler} {
		b.Run(eng.String(), func(b *testing.B) {
			lim := sandboxLimits()
			lim.Total = time.Hour // the benchmark's instances, not a student's
			sb, err := sandbox.Start(b.Context(), built.Wasm, lim, sandbox.Options{Engine: eng})
			if err != nil {
				b.Fatal(err)
			}
			defer sb.Close()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sb.Fresh()
				// A request the harness turns away after its first byte
				// (with an answer that says so), new each time so that
				// the memo does not answer it.
				if _, err := sb.Call([]byte{0xff, byte(i), byte(i >> 8), byte(i >> 16)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
