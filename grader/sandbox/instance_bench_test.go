package sandbox_test

import (
	"testing"

	"dmelab/grader/sandbox"
)

// BenchmarkInstance is what starting a fresh instance of a student's
// module costs (a grading starts about ten: one per hidden test and
// search): wazero's instantiation and the module's _initialize, and one
// call the harness turns away at its first byte. ns/op is per instance.
func BenchmarkInstance(b *testing.B) {
	for _, eng := range []sandbox.Engine{sandbox.Interpreter, sandbox.Compiler} {
		b.Run(eng.String(), func(b *testing.B) {
			sb := referenceSandbox(b, "maekawasteps", "maekawa", eng)
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
