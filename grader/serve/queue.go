package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"dmelab/grader/report"
)

// pool is the bounded set of grading workers. Workers take their jobs from
// the database, not from memory, so the queue is whatever the database
// says: what was accepted before a restart is graded after it.
type pool struct {
	store *Store
	// snapshot is the version of the exercises a job was accepted under:
	// its grader, and the attempts of its exercises whose limits allow a
	// grading longer than timeout (see gradingTimes).
	snapshot func(version string) *snapshot
	events   *broker
	log      *slog.Logger
	workers  int
	timeout  time.Duration // one grading attempt
	// lease is longer than any attempt of any version served: only a dead
	// worker loses it. It only grows.
	lease       atomic.Int64
	maxAttempts int
	poll        time.Duration // idle workers look again this often (expired leases)

	wake      chan struct{} // a submission arrived
	stopClaim chan struct{} // closed: take no new job
	gradeCtx  context.Context
	abandon   context.CancelFunc // stop running grades; their jobs go back to the queue
	wg        sync.WaitGroup
	stopOnce  sync.Once
}

// attempt is how long one attempt at grading a submission to exercise,
// accepted under version, may take.
func (p *pool) attempt(version, exercise string) time.Duration {
	if d, ok := p.snapshot(version).longer[exercise]; ok {
		return d
	}
	return p.timeout
}

// longest makes the lease outlast the attempts longer (a version's).
func (p *pool) longest(longer map[string]time.Duration) {
	d := p.timeout
	for _, a := range longer {
		d = max(d, a)
	}
	d += abandonGrace + time.Minute
	for {
		old := p.lease.Load()
		if int64(d) <= old || p.lease.CompareAndSwap(old, int64(d)) {
			return
		}
	}
}

// abandonGrace is how long a grader that ignores its context is waited
// for before the worker gives up on it.
const abandonGrace = 5 * time.Second

func (p *pool) start() {
	p.wake = make(chan struct{}, p.workers)
	p.stopClaim = make(chan struct{})
	p.gradeCtx, p.abandon = context.WithCancel(context.Background())
	for range p.workers {
		p.wg.Add(1)
		go p.worker()
	}
}

// kick wakes one idle worker, if any.
func (p *pool) kick() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// stop takes no new jobs, lets the running ones finish until ctx is done,
// then abandons them (they are put back in the queue) and waits for the
// workers to return.
func (p *pool) stop(ctx context.Context) {
	p.stopOnce.Do(func() { close(p.stopClaim) })
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		p.abandon()
		<-done
	}
	p.abandon()
}

func (p *pool) worker() {
	defer p.wg.Done()
	idle := time.NewTimer(0)
	defer idle.Stop()
	for {
		select {
		case <-p.stopClaim:
			return
		default:
		}
		j, err := p.store.Claim(context.Background(), time.Now(), time.Duration(p.lease.Load()), p.maxAttempts)
		if err != nil {
			p.log.Error("claiming a job", "err", err)
		}
		if j != nil && j.Lease == "" {
			p.log.Warn("submission failed: too many interrupted attempts", "id", j.ID, "attempts", j.Attempts)
			p.events.notify(j.ID)
			continue
		}
		if j == nil {
			idle.Reset(p.poll)
			select {
			case <-p.stopClaim:
				return
			case <-p.wake:
			case <-idle.C:
			}
			continue
		}
		p.events.notify(j.ID)
		p.run(j)
	}
}

// run grades j and ends the job: done with its result, back in the queue
// (a failed attempt with attempts left, or the server stopping), or failed.
func (p *pool) run(j *Job) {
	start := time.Now()
	sn := p.snapshot(j.Version)
	ctx, cancel := context.WithTimeout(p.gradeCtx, p.attempt(sn.id, j.Exercise))
	res, err := p.grade(ctx, sn.grader, j)
	cancel()
	var data []byte
	if err == nil {
		data, err = json.Marshal(res)
	}
	dbctx, dbcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer dbcancel()
	var end error
	switch {
	case err == nil:
		end = p.store.Complete(dbctx, j, data, time.Now())
		p.log.Info("graded", "id", j.ID, "exercise", j.Exercise, "score", res.Score, "of", res.MaxScore,
			"attempt", j.Attempts, "took", time.Since(start).Round(time.Millisecond))
	case p.gradeCtx.Err() != nil:
		end = p.store.Release(dbctx, j)
		p.log.Info("server stopping: job back in the queue", "id", j.ID)
	case j.Attempts < p.maxAttempts:
		end = p.store.Retry(dbctx, j, err.Error())
		p.log.Warn("grading failed; will retry", "id", j.ID, "attempt", j.Attempts, "err", err)
	default:
		end = p.store.Fail(dbctx, j, err.Error(), time.Now())
		p.log.Error("grading failed; giving up", "id", j.ID, "attempt", j.Attempts, "err", err)
	}
	if end != nil {
		// ErrLeaseLost: another worker took over; its write is the one
		// that counts. Anything else: the lease runs out and the job is
		// taken again.
		p.log.Warn("ending a job", "id", j.ID, "err", end)
	}
	p.events.notify(j.ID)
}

// grade calls the grader, turning a panic, a missing result or a grader
// that outlives its deadline into an error.
func (p *pool) grade(ctx context.Context, g Grader, j *Job) (*report.Result, error) {
	type outcome struct {
		r   *report.Result
		err error
	}
	c := make(chan outcome, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				c <- outcome{nil, fmt.Errorf("grader panicked: %v", v)}
			}
		}()
		var r *report.Result
		var err error
		if len(j.Own) > 0 {
			og, ok := g.(OwnGrader)
			if !ok { // the API refuses tries then; one stored before a restart with another grader
				c <- outcome{nil, errors.New("this server's grader cannot try your own schedules")}
				return
			}
			r, err = og.GradeOwn(ctx, j.Exercise, j.File, j.Source, schedules(j.Own))
		} else {
			r, err = g.Grade(ctx, j.Exercise, j.File, j.Source)
		}
		if err == nil && r == nil {
			err = errors.New("grader returned no result")
		}
		c <- outcome{r, err}
	}()
	var o outcome
	select {
	case o = <-c:
	case <-ctx.Done():
		select {
		case o = <-c:
		case <-time.After(abandonGrace):
			o.err = errors.New("grader did not stop after its deadline")
		}
	}
	if o.err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		o.err = fmt.Errorf("grading took longer than %v: %w", p.attempt(j.Version, j.Exercise), o.err)
	}
	return o.r, o.err
}
