package grade_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
)

// Grading latency, end to end (precheck, build, sandbox, every public and
// hidden test): make bench-grade runs these, for each sandbox engine.
//
//	BenchmarkGrade/ENGINE/warm/*      the same file again: its module is
//	                                  cached (and, with auto, its compiled code)
//	BenchmarkGrade/ENGINE/new-file/*  a file never seen (go build with a warm
//	                                  Go build cache, then everything else)
//	BenchmarkGradeParallel/ENGINE     new files graded two at a time (one per
//	                                  core of the project machine): throughput
//	BenchmarkGradeServed/warm|new-file/*  the same through a Pool's worker,
//	                                  as dmelab serve grades (auto, the
//	                                  worker idle before each grading)
//	BenchmarkGradeLoadMix             make load's five files, warm, one after
//	                                  another (mix_test.go): core-s a grading
//	BenchmarkGradeColdGoCache         a new file with an empty Go build cache:
//	                                  the standard library and the harness
//	                                  compiled for wasip1 first (a fresh
//	                                  grading machine)
//
// Every exercise with a Go solution is graded; the listing exercises have
// no build and no sandbox.
func BenchmarkGrade(b *testing.B) {
	for _, eng := range []sandbox.Engine{sandbox.Interpreter, sandbox.Auto} {
		g := benchGrader(b, eng)
		for _, ex := range goExercises(b) {
			src, err := os.ReadFile(ex.Solution())
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/warm/%s", eng, ex.Name), func(b *testing.B) {
				// Warm is the steady state of a file graded before: its
				// module in the cache and, with auto, the code compiled
				// by then if its first grading started the compiler.
				gradeWith(b, g, ex, src)
				sandbox.WaitCompilations()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					gradeWith(b, g, ex, src)
				}
			})
			b.Run(fmt.Sprintf("%s/new-file/%s", eng, ex.Name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					gradeWith(b, g, ex, append(src, fmt.Sprintf("\n// submission %d of run %p\n", i, b)...))
				}
			})
			// A compilation the new files started would otherwise run
			// beside the next exercise's gradings: each row is its own.
			sandbox.WaitCompilations()
		}
	}
}

func BenchmarkGradeServed(b *testing.B) {
	b.Setenv("DMELAB_TEST_CHILD", "worker") // the test binary as the worker (pool_test.go)
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	p := &grade.Pool{Exe: exe, Dir: filepath.Join(root, "exercises"), Root: root, Cache: b.TempDir(), Idle: 1}
	b.Cleanup(p.Close)
	idle := func() { // the worker is ready for the next grading, as it is for a student's
		// (before the pool's first grading there is none to wait for: a
		// run of the new-file rows alone would wait for ever)
		for p.Started() > 0 && p.Workers() == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
	gradeServed := func(b *testing.B, ex *exercise.Exercise, src []byte) {
		res, err := p.Grade(context.Background(), ex.Name, "submission.go", src)
		if err != nil {
			b.Fatal(err)
		}
		if res.Score != res.MaxScore {
			b.Fatalf("%s: %v of %v", ex.Name, res.Score, res.MaxScore)
		}
	}
	for _, ex := range goExercises(b) {
		src, err := os.ReadFile(ex.Solution())
		if err != nil {
			b.Fatal(err)
		}
		b.Run("warm/"+ex.Name, func(b *testing.B) {
			gradeServed(b, ex, src)
			idle()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				idle()
				b.StartTimer()
				gradeServed(b, ex, src)
			}
		})
		b.Run("new-file/"+ex.Name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				idle()
				b.StartTimer()
				gradeServed(b, ex, append(src, fmt.Sprintf("\n// submission %d of run %p\n", i, b)...))
			}
		})
	}
}

func BenchmarkGradeParallel(b *testing.B) {
	ex := loadB(b, "ra-steps")
	src, err := os.ReadFile(ex.Solution())
	if err != nil {
		b.Fatal(err)
	}
	for _, eng := range []sandbox.Engine{sandbox.Interpreter, sandbox.Auto} {
		g := benchGrader(b, eng)
		var k atomic.Int64
		b.Run(eng.String(), func(b *testing.B) {
			b.SetParallelism(1) // GOMAXPROCS gradings at once
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					gradeWith(b, g, ex, append(src, fmt.Sprintf("\n// submission %d of run %p\n", k.Add(1), b)...))
				}
			})
		})
	}
}

func BenchmarkGradeColdGoCache(b *testing.B) {
	ex := loadB(b, "ra-steps")
	src, err := os.ReadFile(ex.Solution())
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g := &grade.Grader{Builder: &sandbox.Builder{Root: root, Cache: b.TempDir(), Env: []string{"GOCACHE=" + b.TempDir()}}}
		b.StartTimer()
		gradeWith(b, g, ex, src)
	}
}

// benchGrader is a grader with the engine, a module cache of its own and
// a compiled-code cache beside it (as the dmelab command has).
func benchGrader(b *testing.B, eng sandbox.Engine) *grade.Grader {
	dir := b.TempDir()
	b.Cleanup(sandbox.WaitCompilations) // before the directory goes: auto's compiler may outlive its grading
	return &grade.Grader{
		Builder: &sandbox.Builder{Root: root, Cache: dir},
		Sandbox: sandbox.Options{Engine: eng, CacheDir: filepath.Join(dir, "wazero")},
	}
}

// goExercises are the exercises graded by building a Go file.
func goExercises(b *testing.B) []*exercise.Exercise {
	dirs, err := filepath.Glob(filepath.Join(root, "exercises", "*", "exercise.md"))
	if err != nil {
		b.Fatal(err)
	}
	var out []*exercise.Exercise
	for _, d := range dirs {
		ex := loadB(b, filepath.Base(filepath.Dir(d)))
		if !ex.IsListing() {
			out = append(out, ex)
		}
	}
	return out
}

func gradeWith(b *testing.B, g *grade.Grader, ex *exercise.Exercise, src []byte) {
	res, err := g.Grade(context.Background(), ex, "submission.go", src)
	if err != nil {
		b.Fatal(err)
	}
	if res.Score != res.MaxScore {
		b.Fatalf("%s: %v of %v", ex.Name, res.Score, res.MaxScore)
	}
}
