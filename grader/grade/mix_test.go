//go:build unix

package grade_test

import (
	"os"
	"path/filepath"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/sandbox"
)

// BenchmarkGradeLoadMix grades make load's five files (two reference
// solutions and three mutants, whose feedback has counterexamples) one
// after another, warm, in one process with the compiler: the work a
// grading worker does for each of make load's submissions, without the
// server, the queue or the other worker beside it. Its ns/op is for the
// five. (MIXPROF=FILE writes a CPU profile of the timed gradings alone, of
// the benchmark's last run.)
func BenchmarkGradeLoadMix(b *testing.B) {
	type file struct {
		ex  *exercise.Exercise
		src []byte
	}
	var files []file
	for _, f := range []struct{ exercise, mutant string }{
		{"ra-steps", ""}, {"ra-steps", "no_tie_break"}, {"ra-steps", "reversed"},
		{"maekawa", ""}, {"maekawa", "lifo_queue"},
	} {
		ex := loadB(b, f.exercise)
		src, err := os.ReadFile(ex.Solution())
		if err != nil {
			b.Fatal(err)
		}
		if f.mutant != "" {
			path := filepath.Join(root, "exercises", f.exercise, "mutants", f.mutant+".patch")
			patch, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			if _, src, err = exercise.PatchMutant(path, patch, src); err != nil {
				b.Fatal(err)
			}
		}
		files = append(files, file{ex, src})
	}
	g := benchGrader(b, sandbox.Auto)
	grade := func() {
		for _, f := range files {
			if _, err := g.Grade(b.Context(), f.ex, "submission.go", f.src); err != nil {
				b.Fatal(err)
			}
		}
	}
	// Warm: each file is first graded interpreted, compiled at its start
	// once it has been graded interpreted often enough, and four of the
	// five are then kept compiled (the fifth is read back from the cache
	// at each start), as in make load's steady burst.
	for range 5 {
		grade()
		sandbox.WaitCompilations()
	}
	if f := os.Getenv("MIXPROF"); f != "" {
		out, err := os.Create(f)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.StartCPUProfile(out); err != nil {
			b.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	before := cpuTime(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		grade()
	}
	b.StopTimer()
	// The process's CPU time, a grading's share: what make load's
	// "core-seconds a grading" counts (the walk beside the searches,
	// the collector, the kernel's work for it), less noisy than the
	// wall time on a shared machine.
	b.ReportMetric((cpuTime(b)-before).Seconds()/float64(b.N*len(files)), "core-s/grading")
}

// cpuTime is the CPU time this process has taken, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
