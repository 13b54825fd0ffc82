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
// processor time the call used; cancel releases the context (after the
// caller has read why it ended: timedOut).
func cpuBudget(d time.Duration, tid int) (ctx context.Context, stop func() time.Duration, cancel func()) {
	runtime.LockOSThread()
	wallStart := time.Now()
	clock, start, ok := threadClock(tid)
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
		used, ok := clock()
		runtime.UnlockOSThread()
		if !ok {
			return time.Since(wallStart)
		}
		return used - start
	}
	return ctx, stop, func() { spent(nil) }
}

// backstop is the wall time a call with a budget of d processor time may
// take at most: ten times d, and a second.
func backstop(d time.Duration) time.Duration { return 10*d + time.Second }

// timedOut says whether a call's context ended for time (its processor
// time, or the backstop).
func timedOut(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), context.DeadlineExceeded)
}
