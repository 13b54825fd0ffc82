package serve

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
)

// Grader grades one submitted file of one exercise. The server needs
// nothing else from grading, so the real grader and the fakes the tests
// and the load test use are interchangeable.
//
// An error means the grading machinery failed (the job is retried, up to
// a bound); a submission that does not compile or crashes is not an error
// but a Result with the matching Status. Grade must return soon after ctx
// is done.
type Grader interface {
	Grade(ctx context.Context, exercise, filename string, src []byte) (*report.Result, error)
}

// OwnGrader is a Grader that can also try a file on the student's own
// schedules alone (exercise.UseOwn), as the exercise page's "Try a run"
// asks. A server whose grader is not one refuses tries.
type OwnGrader interface {
	GradeOwn(ctx context.Context, exercise, filename string, src []byte, own []exercise.Schedule) (*report.Result, error)
}

// schedules are a try's schedules as the grader takes them: each named
// as sent, its file NAME.scn.
func schedules(own []Own) []exercise.Schedule {
	out := make([]exercise.Schedule, len(own))
	for i, o := range own {
		out[i] = exercise.Schedule{Name: o.Name, Path: o.Name + ".scn", Text: []byte(o.Text)}
	}
	return out
}

// GraderFunc adapts a function to Grader.
type GraderFunc func(ctx context.Context, exercise, filename string, src []byte) (*report.Result, error)

// Grade calls f.
func (f GraderFunc) Grade(ctx context.Context, exercise, filename string, src []byte) (*report.Result, error) {
	return f(ctx, exercise, filename, src)
}

// Fake is a grader for load tests and for trying the API without the Go
// toolchain: it waits Delay, then scores the file from a hash of its
// text (the same file always gets the same score). It compiles nothing and
// checks nothing, so it must never grade real students.
//
// A file containing "fake:fail" makes it return an error, one containing
// "fake:slow" makes it wait ten times Delay, so tests can steer it.
type Fake struct {
	Delay time.Duration
}

// Grade implements Grader.
func (f Fake) Grade(ctx context.Context, exercise, filename string, src []byte) (*report.Result, error) {
	d := f.Delay
	if strings.Contains(string(src), "fake:slow") {
		d *= 10
	}
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
	}
	if strings.Contains(string(src), "fake:fail") {
		return nil, errors.New("fake grader: failure requested by the submission")
	}
	sum := sha256.Sum256(src)
	passed := sum[0]%2 == 0
	pts := 0.0
	if passed {
		pts = 5
	}
	return &report.Result{
		Exercise: exercise,
		Title:    exercise + " (fake grader)",
		File:     filename,
		Status:   report.Graded,
		Score:    5 + pts,
		MaxScore: 10,
		Tests: []report.Test{
			{Name: "public: accepted", Visibility: report.Public, Points: 5, MaxPoints: 5, Passed: true, Source: "public/fake.scn"},
			{Name: "hidden: coin", Visibility: report.Hidden, Points: pts, MaxPoints: 5, Passed: passed,
				Message: fmt.Sprintf("hash byte %d", sum[0]), Source: "hidden/coin.scn"},
		},
	}, nil
}
