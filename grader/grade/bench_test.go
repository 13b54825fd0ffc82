package grade_test

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"

	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
)

// Grading latency, end to end (precheck, build, sandbox, every public and
// hidden test): make bench-grade runs these.
//
//	BenchmarkGrade/warm/*      the same file again: its module is cached
//	BenchmarkGrade/new-file/*  a file never seen (go build with a warm Go
//	                           build cache, then everything else)
//	BenchmarkGradeParallel     new files graded concurrently: throughput
//	BenchmarkGradeColdGoCache  a new file with an empty Go build cache: the
//	                           standard library and the harness compiled
//	                           for wasip1 first (a fresh grading machine)
//
// benchExercises are the exercises the benchmarks grade: one of each
// kind of interface the figures in the README quote.
var benchExercises = []string{"ra-steps", "maekawa", "token-ring"}

func BenchmarkGrade(b *testing.B) {
	for _, name := range benchExercises {
		ex := loadB(b, name)
		src, err := os.ReadFile(ex.Solution())
		if err != nil {
			b.Fatal(err)
		}
		b.Run("warm/"+name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				gradeB(b, ex, src)
			}
		})
		b.Run("new-file/"+name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				gradeB(b, ex, append(src, fmt.Sprintf("\n// submission %d of run %p\n", i, b)...))
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
	var k atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			gradeB(b, ex, append(src, fmt.Sprintf("\n// submission %d of run %p\n", k.Add(1), b)...))
		}
	})
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
		res, err := g.Grade(context.Background(), ex, "submission.go", src)
		if err != nil || res.Score != res.MaxScore {
			b.Fatalf("%v %v", err, res)
		}
	}
}
