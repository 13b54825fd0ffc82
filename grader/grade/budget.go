package grade

import (
	"fmt"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"time"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// DefaultMaxMemory bounds the memory of a grading's own work on the host
// (its searches, runs and write-ups) where the Grader does not say.
const DefaultMaxMemory = 1 << 30

// Why a test was stopped (sim.Stop's reason).
const (
	stopTime   = "time"
	stopMemory = "memory"
)

// guard keeps a grading's work on the host within its budget: the
// exercise's total time, shared out between the tests so that one test
// that runs away cannot take the others' time, and a memory bound. Every
// call into the student's code and every few thousand states of a search
// check it, and a test over its share is stopped there (a sim.Stop panic,
// recovered by the runner), failed with a message saying what grew, and
// the next test runs.
type guard struct {
	// clock is the grading's CPU time (threadCPU); end and deadline are
	// read on it.
	clock func() time.Duration
	start time.Duration // the grading's first reading
	end   time.Duration // the whole grading's
	// deadline is the current test's, in nanoseconds: a walk beside's is
	// moved from the grading's goroutine (see beside.go).
	deadline atomic.Int64
	// calls counts checks: the clock is read on every 64th.
	calls uint32
	// reserve is the time kept back for each test after the current one.
	reserve time.Duration
	// over is set (to 1) by the memory watchdog.
	over atomic.Int32
	// last is the current test's last search snapshot, for the message.
	last explore.Progress
}

// newGuard is the guard of a grading on the calling goroutine, which
// must stay locked to its OS thread (runtime.LockOSThread) while it runs.
func newGuard(total time.Duration, tests int) *guard {
	g := &guard{clock: threadCPU, reserve: reserve(total, tests)}
	g.start = g.clock()
	g.end = g.start + total
	return g
}

// reserve is the time kept back for each test still to come, of tests
// sharing total.
func reserve(total time.Duration, tests int) time.Duration {
	return min(time.Second, total/time.Duration(4*max(tests, 1)))
}

// spent is the time the grading has used.
func (g *guard) spent() time.Duration { return g.clock() - g.start }

// charge counts d, spent on another thread for this grading (tests run
// beside it: see beside.go), as if spent here.
func (g *guard) charge(d time.Duration) {
	g.start -= d
	g.end -= d
}

// setOver stops the current test for memory (the watchdog's).
func (g *guard) setOver() { g.over.Store(1) }

// shareEnd is where a test's share of a grading's total ends, the test
// beginning at now with left tests (itself included) still to run, both
// counted from the grading's start: what remains less the reserve of the
// others, and at least one reserve.
func (g *guard) shareEnd(now time.Duration, left int) time.Duration {
	return max(g.end-g.start-time.Duration(left-1)*g.reserve, now+g.reserve)
}

// begin starts a test with left tests (this one included) still to run:
// its share is what remains less the reserve of the others.
func (g *guard) begin(left int) {
	g.deadline.Store(int64(g.start + g.shareEnd(g.spent(), left)))
	g.over.Store(0)
	g.last = explore.Progress{}
}

// check stops the current test if it is over its time or the memory
// bound. A nil guard (a runner built by a test) never stops anything.
func (g *guard) check() {
	if g == nil {
		return
	}
	if g.over.Load() != 0 {
		panic(sim.Stop{Reason: stopMemory})
	}
	if g.calls++; g.calls%64 == 0 && g.clock() > time.Duration(g.deadline.Load()) {
		panic(sim.Stop{Reason: stopTime})
	}
}

// progress is a search's progress callback.
func (g *guard) progress(p explore.Progress) {
	if g == nil {
		return
	}
	g.last = p
	g.calls = 63 // read the clock now: searches report only every few thousand states
	g.check()
}

// stopped is the message of a test stopped for reason after d.
func (g *guard) stopped(reason string, d time.Duration, total time.Duration, maxMem int64) string {
	var s string
	switch reason {
	case stopMemory:
		s = fmt.Sprintf(memoryStopped+" %s of memory (the limit).", sandbox.SizeWords(maxMem))
	default:
		s = fmt.Sprintf("This test was stopped after %s of computing: it used up its share of the grading's time (the limit is %s for all tests together).", roundUsed(d), total)
	}
	if g.last.States > 0 {
		s += fmt.Sprintf(" Its search had reached %d states at depth %d: does something grow without end (numbers, queues, messages in flight)?", g.last.States, g.last.Depth)
	} else {
		s += " Does something grow without end (numbers, queues, messages in flight), or does a run never come to rest?"
	}
	return s
}

// roundUsed is d as a stop's message gives it: to a tenth of a second,
// or to the millisecond below one second, where a test that had only its
// reserve left would otherwise read "stopped after 0s".
func roundUsed(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(100 * time.Millisecond)
}

// memoryStopped opens the message of a test stopped for memory.
const memoryStopped = "This test was stopped: the grading's work on it needed more than"

// StoppedForMemory reports whether a test of r was stopped because the
// process's heap passed the memory bound.
func StoppedForMemory(r *report.Result) bool {
	for _, t := range r.Tests {
		if strings.HasPrefix(t.Message, memoryStopped) {
			return true
		}
	}
	return false
}

// watchMemory calls over (a guard's setOver) while the process's heap
// exceeds limit, until stop is closed. The heap is the process's: a grading process grades
// one submission at a time (the server's workers, see Pool, and dmelab
// grade), so it is this grading's, what is left
// of earlier ones collected before it starts (see Work).
func watchMemory(over func(), limit int64, stop <-chan struct{}) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && int64(sample[0].Value.Uint64()) > limit {
			over()
		}
	}
}

// threadCPU is the CPU time the calling OS thread has used
// (sandbox.ThreadCPU), or, where that cannot be read, the time since the
// program started: the budget then depends on how busy the machine is.
func threadCPU() time.Duration {
	if d, ok := sandbox.ThreadCPU(); ok {
		return d
	}
	return time.Since(started)
}

var started = time.Now()
