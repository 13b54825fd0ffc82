package grade_test

import (
	"fmt"
	"os"
	"sync/atomic"
	"testing"
)

// Grading latency, end to end (precheck, build, sandbox, every public and
// hidden test): make bench-grade runs these.
//
//	BenchmarkGrade/warm/*      the same file again: its module is cached
//	BenchmarkGrade/new-file/*  a file never seen (go build with a warm Go
//	                           build cache, then everything else)
//	BenchmarkGradeParallel     new files graded concurrently: throughput
func BenchmarkGrade(b *testing.B) {
	for _, name := range exercises {
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
