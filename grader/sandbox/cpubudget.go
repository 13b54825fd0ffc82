package sandbox

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"
)

// cpuBudget is the context of one call into the code: it ends once the
// calling thread has spent d of processor time running it, however busy
// the machine is, so that a grading server under load marks no one down
// for time the code did not get. Where a thread's time cannot be read it
// is d of wall time. A backstop of wall time (backstop) ends a call whose
// thread is kept from running at all.
//
// tid is the calling thread's id when the caller knows it (Pin), else 0.
// The calling goroutine stays on its thread until stop, which says the
// processor time the call used (its wall time, for a call shorter than
// shortCall); cancel releases the context (after the caller has read why
// it ended: timedOut).
func cpuBudget(d time.Duration, tid int) (ctx context.Context, stop func() time.Duration, cancel func()) {
	runtime.LockOSThread()
	wallStart := time.Now()
	clock, start, ok := clockOf(tid)
	if !ok {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		return ctx, func() time.Duration { runtime.UnlockOSThread(); return time.Since(wallStart) }, cancel
	}
	ctx, spent := context.WithCancelCause(context.Background())
	var (
		mu      sync.Mutex
		stopped bool
		timer   *time.Timer
	)
	// check runs when the call has taken d of wall time since it last
	// looked: the thread has used at most that much processor time, so
	// nothing can be over before.
	check := func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		used, ok := clock()
		if !ok || used-start >= d || time.Since(wallStart) >= backstop(d) {
			spent(context.DeadlineExceeded)
			return
		}
		timer.Reset(min(d-(used-start), backstop(d)-time.Since(wallStart)))
	}
	mu.Lock()
	timer = time.AfterFunc(d, check)
	mu.Unlock()
	stop = func() time.Duration {
		mu.Lock()
		stopped = true
		timer.Stop()
		mu.Unlock()
		if wall := time.Since(wallStart); wall < shortCall {
			runtime.UnlockOSThread()
			return wall
		}
		used, ok := clock()
		runtime.UnlockOSThread()
		if !ok {
			return time.Since(wallStart)
		}
		return used - start
	}
	return ctx, stop, func() { spent(nil) }
}

// clockOf is threadClock, or a test's stand-in.
var clockOf = threadClock

// shortCall is the wall time under which a call is charged its wall
// time rather than its thread's processor time: no more than that, as
// one thread ran it, and saving the second reading of the thread's
// clock, a system call (on the project's VM BenchmarkCPUBudget went from
// 6.0-6.4 to 3.9-4.1 µs, and BenchmarkCall's compiled ra-steps call from
// 15.6-17.4 to 11.7-12.3 µs; a warm grading of lamport makes 15,097
// distinct calls). A thread that a busy machine takes off its
// core mid-call loses it for a time slice, some milliseconds, so such a
// call comes out longer than shortCall and is read exactly; what a short
// call can be charged beyond its processor time is bounded by shortCall,
// and is in practice the few microseconds of an interrupt.
const shortCall = 250 * time.Microsecond

// backstop is the wall time a call with a budget of d processor time may
// take at most: ten times d, and a second.
func backstop(d time.Duration) time.Duration { return 10*d + time.Second }

// timedOut says whether a call's context ended for time (its processor
// time, or the backstop).
func timedOut(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), context.DeadlineExceeded)
}
