package sandbox_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// BenchmarkCall is what a call into a student's code costs the sandbox
// (the guest's side of the wire above all): the reference solutions'
// distinct requests of a small search, answered again past the memo, in
// each engine. ns/op is per call.
func BenchmarkCall(b *testing.B) {
	for _, c := range []struct {
		iface, exercise, alg string
		n, r                 int
	}{
		{"maekawasteps", "maekawa", "maekawa", 3, 1},
		{"rasteps", "ra-steps", "ra-benari", 3, 1},
		{"ralamportsteps", "ra-lamport", "ra-lamport", 3, 1},
		{"lamportsteps", "lamport", "lamport", 3, 1},
		{"suzukikasamisteps", "suzuki-kasami", "suzuki-kasami", 3, 2},
	} {
		for _, eng := range []sandbox.Engine{sandbox.Interpreter, sandbox.Compiler} {
			b.Run(fmt.Sprintf("%s/%s", c.exercise, eng), func(b *testing.B) {
				sb := referenceSandbox(b, c.iface, c.exercise, eng)
				cfg := explore.Config{Sim: sim.Config{N: c.n}, Opts: sim.Options{Requests: c.r}, Props: []string{explore.Safety}}
				cfg.Alg = iface.Lookup(c.iface).Algorithm(c.alg, sb.Call)
				if _, err := explore.Check(cfg); err != nil {
					b.Fatal(err)
				}
				reqs := sandbox.Requests(sb)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if _, err := sandbox.Answer(sb, reqs[i%len(reqs)]); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// referenceSandbox builds an exercise's reference solution behind its
// interface and starts it in a sandbox of engine eng, with time for a
// benchmark's calls rather than a student's; the sandbox closes with b.
func referenceSandbox(b *testing.B, ifaceName, exercise string, eng sandbox.Engine) *sandbox.Sandbox {
	b.Helper()
	src, err := os.ReadFile(filepath.Join(builder.Root, "exercises", exercise, "solution.go"))
	if err != nil {
		b.Fatal(err)
	}
	built, r, err := builder.Build(b.Context(), iface.Lookup(ifaceName), "solution.go", src)
	if err != nil || r != nil {
		b.Fatal(err, r)
	}
	lim := sandboxLimits()
	lim.Total = time.Hour
	sb, err := sandbox.Start(b.Context(), built.Wasm, lim, sandbox.Options{Engine: eng})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(sb.Close)
	return sb
}
