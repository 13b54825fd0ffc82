package grade

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// Pool grades each submission in a grading process of the server's own
// (this program's `grade-worker` command), so that a grading that runs
// away on the host, or a fault in the grader itself, takes down one
// process, never the server and the gradings beside it. A worker grades
// one submission at a time, bounded in memory (its process group; the
// builds it runs are bounded apart) and each grading in time, and is
// killed when a grading goes over a bound, when the server stops waiting
// for it, or after Reuse gradings (1: a fresh process for every
// grading). A new process
// for every grading costs its start, the harness's version and, most,
// fresh memory: measured on the project's 2-core machine, a grading
// process of its own took 0.8–2 s where the same grading took 0.6–0.7 s
// in a process that had graded before.
//
// A worker carries nothing from one grading to the next but its warm
// memory: each grading loads its exercise afresh and starts after a
// collection. So that no grading is marked down for running in a used
// process, one that ends in a way a fresh process might not have (the
// worker killed for memory or dead, a test stopped at the memory bound)
// is graded again in a fresh worker, whose result stands.
type Pool struct {
	Exe       string // the dmelab program (os.Executable())
	Dir       string // the exercises
	HiddenDir string
	Root      string // the dmelab sources submissions compile with ("": found by the worker)
	Cache     string // compiled modules ("": the worker's default)
	// MaxMemory bounds the resident memory of a worker's process group (0:
	// DefaultProcessMemory); the worker's own bound on a grading's work
	// is half of it, the rest being the build's and the program's.
	MaxMemory int64
	// Timeout bounds one grading, build included (0: the exercise's
	// exercise.GradingDeadline, at least 3 minutes).
	Timeout time.Duration
	// Idle is how many idle workers are kept (0: one per core); Reuse how
	// many gradings a worker does before it is replaced (0: DefaultReuse);
	// IdleFor how long an idle worker is kept (0: DefaultIdleFor).
	Idle    int
	Reuse   int
	IdleFor time.Duration

	mu      sync.Mutex
	idle    []*worker
	closed  bool
	started int
}

// DefaultReuse bounds the gradings of one worker, so that whatever a
// long-lived process gathers (a fragmented heap, caches) is let go now
// and then.
const DefaultReuse = 200

// DefaultIdleFor is how long a worker waits for its next grading before
// it is let go, with its memory.
const DefaultIdleFor = 5 * time.Minute

// worker is one grading process of a Pool.
type worker struct {
	cancel  context.CancelFunc // kills it
	in      *os.File           // its standard input
	answers chan workAnswer    // its answers; closed when its output ends
	dead    chan struct{}      // closed once it has exited
	over    bool               // it was killed for memory (read after dead)
	err     error              // how it exited (read after dead)
	stderr  *tail
	graded  int
	idleAt  time.Time
}

// Grade implements the server's Grader.
func (p *Pool) Grade(ctx context.Context, name, filename string, src []byte) (*report.Result, error) {
	return p.GradeOwn(ctx, name, filename, src, nil)
}

// GradeOwn grades src on the student's own schedules alone (all the
// exercise's tests when own is empty): see exercise.UseOwn.
func (p *Pool) GradeOwn(ctx context.Context, name, filename string, src []byte, own []exercise.Schedule) (*report.Result, error) {
	dir, err := exerciseDir(p.Dir, name)
	if err != nil {
		return nil, err
	}
	req := workRequest{Exercise: name, File: safeName(filename), Src: src, Own: own}
	w, err := p.get()
	if err != nil {
		return nil, err
	}
	res, again, err := p.run(ctx, w, req, dir, filename)
	if !again {
		return res, err
	}
	if w, err = p.start(); err != nil {
		return nil, err
	}
	res, _, err = p.run(ctx, w, req, dir, filename)
	return res, err
}

// run grades req on w. again says the grading ended in a way a fresh
// worker might not have, on a worker that had graded before: its result
// is not to be trusted, and it should be graded again.
func (p *Pool) run(ctx context.Context, w *worker, req workRequest, dir, filename string) (res *report.Result, again bool, err error) {
	limit, _ := processBounds(p.MaxMemory, p.Timeout)
	timeout := p.deadline(dir)
	used := w.graded > 0
	line, err := json.Marshal(req)
	if err != nil {
		w.kill()
		return nil, false, err
	}
	w.stderr.reset()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	// Written aside, so that a worker that does not read is still under
	// the timer; one that cannot be written to is dead, or soon will be,
	// and its answers end.
	go func() {
		if _, err := w.in.Write(append(line, '\n')); err != nil {
			w.kill()
		}
	}()
	// Its death is read once its output has ended (dead stays nil till
	// then), so that an answer it wrote before it died is not lost; the
	// timer and the context hold all along.
	answers := w.answers
	var dead <-chan struct{}
	for {
		select {
		case a, ok := <-answers:
			switch {
			case !ok: // its output ended: it died, or is being killed
				answers, dead = nil, w.dead
				continue
			case a.Error != "":
				p.release(w)
				return nil, false, fmt.Errorf("dmelab grade-worker: %s", a.Error)
			case a.Result == nil:
				w.kill()
				return nil, false, fmt.Errorf("dmelab grade-worker wrote no result: %s", strings.TrimSpace(clip(w.stderr.String(), 2000)))
			case used && StoppedForMemory(a.Result):
				w.kill()
				return nil, true, nil
			}
			w.graded++
			p.release(w)
			return a.Result, false, nil
		case <-dead:
			switch {
			case used:
				return nil, true, nil
			case w.over:
				res, err := stoppedResult(dir, p.HiddenDir, filename, overMemory(limit))
				return res, false, err
			}
			return nil, false, fmt.Errorf("dmelab grade-worker: %v: %s", w.err, strings.TrimSpace(clip(w.stderr.String(), 2000)))
		case <-timer.C:
			w.kill()
			res, err := stoppedResult(dir, p.HiddenDir, filename, overTime(timeout))
			return res, false, err
		case <-ctx.Done():
			w.kill()
			return nil, false, ctx.Err()
		}
	}
}

// deadline bounds one grading of the exercise in dir: Timeout, or the
// exercise's own GradingDeadline (its limits may allow longer than the
// default: a grading that uses them is the student's to be told of, not
// cut short).
func (p *Pool) deadline(dir string) time.Duration {
	_, timeout := processBounds(p.MaxMemory, p.Timeout)
	if p.Timeout <= 0 {
		if ex, err := exercise.Load(dir, p.HiddenDir); err == nil {
			timeout = ex.GradingDeadline()
		}
	}
	return timeout
}

// get takes an idle worker, the one idle the shortest (its memory the
// warmest), or starts one.
func (p *Pool) get() (*worker, error) {
	p.mu.Lock()
	for len(p.idle) > 0 {
		w := p.idle[len(p.idle)-1]
		p.idle = p.idle[:len(p.idle)-1]
		select {
		case <-w.dead:
			continue
		default:
		}
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	return p.start()
}

// release gives w back once it says it is ready (its background
// compilations done; killed if that takes longer than a grading may),
// unless it has done its share of gradings, the pool
// keeps enough idle workers or is closed; then it is let go.
func (p *Pool) release(w *worker) {
	_, timeout := processBounds(p.MaxMemory, p.Timeout)
	go func() {
		timer := time.NewTimer(timeout)
		defer timer.Stop()
		select {
		case a, ok := <-w.answers:
			if !ok || !a.Ready {
				w.kill()
				return
			}
		case <-w.dead:
			return
		case <-timer.C: // its compilations never end
			w.kill()
			return
		}
		reuse := p.Reuse
		if reuse <= 0 {
			reuse = DefaultReuse
		}
		keep := p.Idle
		if keep <= 0 {
			keep = runtime.NumCPU()
		}
		p.mu.Lock()
		if p.closed || w.graded >= reuse || len(p.idle) >= keep {
			p.mu.Unlock()
			w.kill()
			return
		}
		at := time.Now()
		w.idleAt = at
		p.idle = append(p.idle, w)
		p.mu.Unlock()
		idleFor := p.IdleFor
		if idleFor <= 0 {
			idleFor = DefaultIdleFor
		}
		time.AfterFunc(idleFor, func() { p.letGo(w, at) })
	}()
}

// letGo kills w if it is still idle since at.
func (p *Pool) letGo(w *worker, at time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, v := range p.idle {
		if v == w && w.idleAt.Equal(at) {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			w.kill()
			return
		}
	}
}

// Close lets the idle workers go; a busy one goes when its grading ends.
func (p *Pool) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for _, w := range p.idle {
		w.kill()
	}
	p.idle = nil
}

// Started is the number of workers started so far.
func (p *Pool) Started() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.started
}

// Workers is the number of idle workers (for tests and metrics).
func (p *Pool) Workers() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle)
}

// start starts a worker in a directory of its own.
func (p *Pool) start() (*worker, error) {
	limit, _ := processBounds(p.MaxMemory, p.Timeout)
	tmp, err := os.MkdirTemp("", "dmelab-worker-")
	if err != nil {
		return nil, err
	}
	args := childArgs([]string{"grade-worker", "--exercises", abs(p.Dir)}, limit, p.HiddenDir, p.Root, p.Cache)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, p.Exe, args...)
	cmd.Dir = tmp
	w := &worker{cancel: cancel, answers: make(chan workAnswer), dead: make(chan struct{}), stderr: &tail{max: 16 << 10}}
	inR, inW, err := os.Pipe()
	if err != nil {
		cancel()
		os.RemoveAll(tmp)
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		cancel()
		inR.Close()
		inW.Close()
		os.RemoveAll(tmp)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, w.stderr
	wait, err := sandbox.StartBounded(cmd, limit)
	inR.Close() // the worker's ends: ours are the others
	outW.Close()
	if err != nil {
		cancel()
		inW.Close()
		outR.Close()
		os.RemoveAll(tmp)
		return nil, err
	}
	w.in = inW
	p.mu.Lock()
	p.started++
	p.mu.Unlock()
	go func() {
		_, w.over, w.err = wait()
		cancel()
		inW.Close()
		os.RemoveAll(tmp)
		close(w.dead)
	}()
	go func() {
		defer close(w.answers)
		defer outR.Close()
		dec := json.NewDecoder(bufio.NewReader(outR))
		for {
			var a workAnswer
			if err := dec.Decode(&a); err != nil {
				// The worker is dead, or wrote what is not an answer:
				// either way it is done for, and its gradings wait on
				// its death.
				w.kill()
				return
			}
			select {
			case w.answers <- a:
			case <-w.dead:
				return
			}
		}
	}()
	return w, nil
}

// kill ends w (its whole process group, as its start arranged).
func (w *worker) kill() { w.cancel() }

// tail keeps the last bytes written to it (a worker's standard error),
// from the last reset on.
type tail struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

func (t *tail) reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = t.buf[:0]
}
