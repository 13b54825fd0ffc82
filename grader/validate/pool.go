package validate

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
)

// job is one file of an exercise to grade: path is relative to the
// exercise (solution.go, mutants/NAME.patch), file the name it is graded
// under, src its source (nil: read from path), first whether its grading
// stops at the first failing test.
type job struct {
	path, file string
	src        []byte
	first      bool
	res        *report.Result
}

// gradeAll grades the jobs, o.Workers at a time, and fills in their
// results. Gradings in one process share its memory bound (the grader
// watches the process's heap), so with more than one worker a result
// with a test stopped for memory is graded again alone: the memory may
// have been its neighbour's.
//
// The jobs from hold on are judged against the first (the reference):
// they wait for it, and are not graded at all (their results stay nil)
// when judged says its result judges nothing, as each of them would
// then fail for the reason it does.
func gradeAll(ctx context.Context, ex *exercise.Exercise, o Options, jobs []job, hold int, judged func(*report.Result) bool) error {
	var mu sync.Mutex // Progress hears one line at a time
	one := func(j *job) error {
		src := j.src
		if src == nil {
			var err error
			if src, err = os.ReadFile(filepath.Join(ex.Dir, j.path)); err != nil {
				return err
			}
		}
		g := *o.Grader
		g.FirstFailure = j.first
		res, err := g.Grade(ctx, ex, j.file, src)
		if err != nil {
			return err
		}
		j.res = res
		if o.Progress != nil {
			mu.Lock()
			o.Progress("%s/%s: %s %g/%g", ex.Name, j.path, res.Status, res.Score, res.MaxScore)
			mu.Unlock()
		}
		return nil
	}
	workers := max(o.Workers, 1)
	if workers == 1 {
		for i := range jobs {
			if i == hold && !judged(jobs[0].res) {
				break
			}
			if err := one(&jobs[i]); err != nil {
				return err
			}
		}
		return nil
	}
	first := make(chan struct{}) // closed once the first job is graded
	var once sync.Once
	one0 := one
	one = func(j *job) error {
		defer func() {
			if j == &jobs[0] {
				once.Do(func() { close(first) })
			}
		}()
		return one0(j)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	next := make(chan *job)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				if err := one(j); err != nil {
					cancel(err)
				}
			}
		}()
	}
feed:
	for i := range jobs {
		if i == hold {
			select {
			case <-first:
			case <-ctx.Done():
				break feed
			}
			if !judged(jobs[0].res) {
				break
			}
		}
		select {
		case next <- &jobs[i]:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return err
	}
	for i := range jobs {
		if jobs[i].res != nil && grade.StoppedForMemory(jobs[i].res) {
			if err := one(&jobs[i]); err != nil {
				return err
			}
		}
	}
	return nil
}
