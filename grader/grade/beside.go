package grade

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"dmelab/grader/iface"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// A plan ends with its hidden walks: seeded random runs of five nodes or
// so, a quarter to a half of a grading's time (suzuki-kasami's walk 0.3
// of its 0.9 s, maekawa's 0.6 of 1.4). Each runs on a fresh instance with
// a memo of its own (Isolate), so nothing the tests before it did changes
// what it answers. When a core is idle as the grading goes, the walks
// therefore run beside the other tests, on a twin of the sandbox
// (sandbox.Twin) and on a thread of their own, and the student waits for
// the longer of the two rather than for both.
//
// The feedback must be what the tests one after the other would give.
// What a walk answers is; whether it would have been stopped depends on
// the time the tests before it used, and what its calls may do on
// whether the code crashed or ran out of time before. So a walk run
// beside is kept only if, once the other tests are done:
//
//   - no call of either sandbox crashed, timed out or was refused
//     (sandbox.Clean);
//   - the time of both sandboxes together is within the total;
//   - it ran to its end within the share the guard would have given it
//     after the other tests' time (guard.begin's deadline, worked out
//     again), or the guard stopped it at that very share: once the other
//     tests end, the walk running beside gets it (settle).
//
// The walks from the first one that fails these on are run again, one
// after the other, as they always were. The memory watchdog stops a walk
// beside before any other test: a walk is cheap to run again, and a test
// must not be stopped for the memory of one running beside it.

// besideEvery is how often, in calls into the sandbox, a test asks
// whether a core has become idle for the walks: about every 10-20 ms of
// a search (most calls are the memo's, a microsecond each), 33 µs a
// reading of /proc/stat.
const besideEvery = 4096

// walksBeside is a grading's walks on their way beside its other tests:
// started once a core is idle, at a test's start (at) or within one
// (called), and taken in at their turn (join).
type walksBeside struct {
	ctx  context.Context
	rn   *runner // the grading's, set before its first test
	sb   *sandbox.Sandbox
	plan []planned
	// tail is where the walks begin in plan (len(plan): none to run
	// beside).
	tail int
	// on says whether to start them now (nil: sandbox.SpareCore).
	on func() bool
	// cur is the test running on the grading's goroutine, calls its
	// calls into the sandbox so far.
	cur, calls int
	lane       *beside // started, not yet joined
	// last is the lane started, for the memory watchdog's goroutine.
	last atomic.Pointer[beside]
}

// at says that test i of the plan starts now.
func (w *walksBeside) at(i int) {
	w.cur = i
	w.ask()
}

// called counts a call into the sandbox: within a long test, every
// besideEvery calls ask again.
func (w *walksBeside) called() {
	if w.calls++; w.calls%besideEvery == 0 {
		w.ask()
	}
}

// ask starts the walks beside if they have not started, their turn has
// not come, and a core is idle. It runs between two calls into the
// sandbox, whose start the twin copies.
func (w *walksBeside) ask() {
	if w.lane != nil || w.cur >= w.tail || w.tail >= len(w.plan) {
		return
	}
	on := w.on
	if on == nil {
		on = sandbox.SpareCore
	}
	if on() {
		w.lane = runBeside(w.ctx, w.rn, w.sb, w.plan[w.tail:], w.rn.guard.spent())
		w.last.Store(w.lane)
	}
}

// memoryOver is the memory watchdog's stop, for the grading whose guard
// is gd: the walks beside first, while they run.
func (w *walksBeside) memoryOver(gd *guard) func() {
	return func() {
		if b := w.last.Load(); b != nil && b.running() {
			b.gd.setOver()
			return
		}
		gd.setOver()
	}
}

// join takes the walks beside in at their turn, with the grading's guard
// gd (the other tests have ended): it waits for them, and returns those
// kept (see keep), counted into the sandbox and gd. The walks after
// those run in turn; all of them, if none ran beside.
func (w *walksBeside) join(gd *guard) []besideTest {
	b := w.lane
	if b == nil {
		return nil
	}
	w.lane = nil
	b.settle(gd)
	b.wait()
	return b.ran[:b.keep(w.sb, gd)]
}

// close waits for walks beside that a grading ended before their turn
// (canceled, or a failure of its own) left running, and closes their twin.
func (w *walksBeside) close() {
	if w.lane != nil {
		<-w.lane.done
		w.lane.tw.Close()
	}
}

// besideRunning counts the walks beside running in this process (for a
// test: a grading waits for its own before it returns).
var besideRunning atomic.Int32

// tailStart is where plan's trailing run of hidden walks begins
// (len(plan): it has none).
func tailStart(plan []planned) int {
	i := len(plan)
	for i > 0 && plan[i-1].kind == "walk" && plan[i-1].vis == report.Hidden {
		i--
	}
	return i
}

// beside is a plan's walks running on a twin of the sandbox.
type beside struct {
	tw   *sandbox.Sandbox
	gd   *guard
	done chan struct{}
	// ran are the walks that ended, in the plan's order.
	ran []besideTest
	// failed is a panic of the goroutine's (a bug), raised again by wait.
	failed any

	// Once the other tests have ended (settle), a walk's share is the
	// one it gets in turn, exactly. mu guards what both goroutines read
	// for it: whether they have ended and the time they took (spent, on
	// the grading's guard), how many walks there are (n), the walk
	// running (cur, on the twin's clock since curStart, while walking;
	// ran holds those before it) and the time of those before it
	// (before).
	mu       sync.Mutex
	settled  bool
	spent    time.Duration
	n, cur   int
	walking  bool
	curStart time.Duration
	before   time.Duration
	curExact bool
}

// besideTest is one walk run beside: its outcome, its host time on the
// guard's clock, its wall time, and what the twin had counted when it
// ended.
type besideTest struct {
	rt      report.Test
	cpu     time.Duration
	wall    time.Duration
	usage   sandbox.TwinUsage
	clean   bool   // no call of the twin's crashed, timed out or was refused
	stopped string // why the guard stopped it ("": it did not)
	// exact says its share was the one it gets in turn (see settle).
	exact bool
}

// runBeside starts tail's tests on a twin of sb, beside the other tests
// of a grading whose runner is rn and whose guard has spent spent of its
// total so far.
func runBeside(ctx context.Context, rn *runner, sb *sandbox.Sandbox, tail []planned, spent time.Duration) *beside {
	b := &beside{tw: sb.Twin(), gd: &guard{clock: threadCPU, reserve: rn.guard.reserve}, done: make(chan struct{}), n: len(tail)}
	besideRunning.Add(1)
	go func() {
		defer close(b.done)
		defer besideRunning.Add(-1)
		defer func() {
			if p := recover(); p != nil {
				b.failed = p
			}
		}()
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		b.tw.Pin()
		// Each walk may take what it could in turn if the other tests
		// took no more time: never less than it could in turn (keep
		// checks what it took against that).
		b.gd.start = b.gd.clock() - spent
		b.gd.end = b.gd.start + rn.total
		call := func(req []byte) ([]byte, error) {
			if ctx.Err() != nil {
				return nil, errCanceled
			}
			b.gd.check()
			return b.tw.Call(req)
		}
		r := &runner{ex: rn.ex, in: rn.in, alg: rn.in.Algorithm(rn.ex.Algorithm, iface.Caller(call)), call: call, ctx: ctx,
			guard: b.gd, total: rn.total, maxMem: rn.maxMem, sb: b.tw}
		for i, t := range tail {
			if i > 0 {
				b.tw.Isolate() // a fresh instance, an empty memo
			}
			b.mu.Lock()
			b.gd.begin(len(tail) - i)
			c0, t0 := b.gd.clock(), time.Now()
			b.cur, b.curStart, b.curExact, b.walking = i, c0, false, true
			if b.settled {
				b.exactShare()
			}
			b.mu.Unlock()
			rt, err := r.run(t)
			if err != nil {
				return // the grading was canceled
			}
			cpu := b.gd.clock() - c0
			b.mu.Lock()
			b.ran = append(b.ran, besideTest{rt: rt, cpu: cpu, wall: time.Since(t0), usage: b.tw.Usage(), clean: b.tw.Clean(), stopped: r.stopped, exact: b.curExact})
			b.before += cpu
			b.walking = false
			b.mu.Unlock()
			if r.stopped != "" || !b.tw.Clean() {
				return // the walks after it run in turn
			}
		}
	}()
	return b
}

// settle tells the walks beside that the other tests have ended, with
// the grading's guard gd: from now on each walk's share is what it gets
// in turn, the walk running now's too. A walk beside that runs over its
// share then stops where it would in turn (or, if it had already run past
// that point, at once), and its stop is kept: it is not run a second
// time in turn.
func (b *beside) settle(gd *guard) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.settled, b.spent = true, gd.spent()
	if b.walking {
		b.exactShare()
	}
}

// exactShare moves the running walk's deadline (on the twin's clock) to
// where the guard would put it in turn: after the other tests' time and
// the walks before it, less the reserve of those after it. b.mu is held.
func (b *beside) exactShare() {
	now := b.spent + b.before
	b.gd.deadline.Store(int64(b.curStart + b.gd.shareEnd(now, b.n-b.cur) - now))
	b.curExact = true
}

// running reports whether the walks beside are still going.
func (b *beside) running() bool {
	select {
	case <-b.done:
		return false
	default:
		return true
	}
}

// wait waits for the walks beside to end and closes the twin.
func (b *beside) wait() {
	<-b.done
	b.tw.Close()
	if b.failed != nil {
		panic(b.failed)
	}
}

// counter is what keep asks of the grading's sandbox (sandbox.Sandbox).
type counter interface {
	Clean() bool
	WithinTotal(sandbox.TwinUsage) bool
	Absorb(sandbox.TwinUsage)
}

// keep is how many of the walks beside stand as the tests one after the
// other would have given them, now that every other test has run on sb
// under gd. It counts those kept into sb and gd.
func (b *beside) keep(sb counter, gd *guard) int {
	if !sb.Clean() {
		return 0
	}
	now, spent := gd.spent(), time.Duration(0)
	k := 0
	for j, t := range b.ran {
		deadline := gd.shareEnd(now, b.n-j)
		if !t.clean || !sb.WithinTotal(t.usage) {
			break
		}
		// A walk stopped for time on its share in turn (exact) is kept:
		// in turn it stops there too. Any other stop, or a walk that ran
		// to its end past that share, runs again in turn.
		if t.stopped != "" && (t.stopped != stopTime || !t.exact) || t.stopped == "" && now+t.cpu > deadline {
			break
		}
		now += t.cpu
		spent += t.cpu
		k = j + 1
	}
	if k > 0 {
		sb.Absorb(b.ran[k-1].usage)
		gd.charge(spent)
	}
	return k
}
