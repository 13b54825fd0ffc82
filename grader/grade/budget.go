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
	// shared is set while the current test raises again the stop of a
	// search it shares with an earlier test (runner.explore): the stop's
	// message is that search's.
	shared *searchStop
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
	g.last, g.shared = explore.Progress{}, nil
}

// now is the guard's clock (0 for a nil guard, which stops nothing).
func (g *guard) now() time.Duration {
	if g == nil {
		return 0
	}
	return g.clock()
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
	return g.stoppedPrinting(reason, d, total, maxMem, "")
}

// stoppedPrinting is stopped's message, where printing, if not "", says
// how much the code printed in the test, or how long its own calls took
// (runner.stopMessage's): a likely cause of a stop for time, said
// instead of asking what grew.
func (g *guard) stoppedPrinting(reason string, d time.Duration, total time.Duration, maxMem int64, printing string) string {
	var s string
	switch {
	case reason == stopMemory:
		s = fmt.Sprintf(memoryStopped+" %s of memory (the limit).", sandbox.SizeWords(maxMem))
	case g.shared != nil:
		s = fmt.Sprintf("This test was stopped after %s of computing: it shares its search with %s, and that search used up its share of the grading's time (the limit is %s for all tests together).", usedWords(d), g.shared.by, total)
	default:
		s = fmt.Sprintf("This test was stopped after %s of computing: it used up its share of the grading's time (the limit is %s for all tests together).", usedWords(d), total)
	}
	switch {
	case g.last.States > 0 && printing != "":
		s += fmt.Sprintf(" Its search had reached %d states at depth %d.", g.last.States, g.last.Depth)
	case g.last.States > 0:
		s += fmt.Sprintf(" Its search had reached %d states at depth %d: does something grow without end (numbers, queues, messages in flight)?", g.last.States, g.last.Depth)
	case printing == "":
		s += " Does something grow without end (numbers, queues, messages in flight), or does a run never come to rest?"
	}
	return s + printing
}

// usedWords is d as a stop's message gives it: to a tenth of a second,
// to the millisecond below one second, where a test that had only its
// reserve left would otherwise read "stopped after 0s", and below a
// millisecond in words (a test stopped at its first check).
func usedWords(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "less than a millisecond"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// searchStop is a search the guard stopped, which the tests of its other
// properties share (runner.explore): its first test's name (by), its time
// and last snapshot, what the code printed in it, and whether the
// sandbox refused calls in it (its first test was then not run).
type searchStop struct {
	stop    sim.Stop
	by      string
	used    time.Duration
	last    explore.Progress
	printed sandbox.Printed
	code    time.Duration // the code's own time in it (codeUsed)
	refused bool
}

// printer is what a runner's sandbox says of the code's printing
// (sandbox.Sandbox).
type printer interface {
	Printed() sandbox.Printed
	LogCap() int
}

// printed is how much the code has printed so far (nothing for a
// listing, which has no sandbox).
func (r *runner) printed() sandbox.Printed {
	if p, ok := r.sb.(printer); ok {
		return p.Printed()
	}
	return sandbox.Printed{}
}

// codeClock is a sandbox that says how much processor time the code's
// calls have used (sandbox.Sandbox).
type codeClock interface{ Used() time.Duration }

// codeUsed is the processor time the code's calls have used so far (0
// for a listing, which has no sandbox).
func (r *runner) codeUsed() time.Duration {
	if c, ok := r.sb.(codeClock); ok {
		return c.Used()
	}
	return 0
}

// refusedCalls is how many calls the sandbox has refused so far.
func (r *runner) refusedCalls() int {
	if r.sb == nil {
		return 0
	}
	return r.sb.Refused()
}

// stopMessage is the message of the running test, stopped by the guard
// for reason after used, the code having printed from when it began. A
// test that printed more than the log keeps is told that printing takes
// time; a hidden test only that it printed more (the count is the code's
// to choose, and could tell what it saw of the test).
func (r *runner) stopMessage(reason string, used time.Duration, from sandbox.Printed) string {
	g := r.guard
	p, code, in := r.printed().Since(from), r.codeUsed()-r.codeFrom, "this test"
	if g.shared != nil {
		used, p, code, g.last, in = g.shared.used, g.shared.printed, g.shared.code, g.shared.last, "that search"
	}
	var printing string
	if pr, ok := r.sb.(printer); ok && reason == stopTime && pr.LogCap() > 0 && p.Bytes > int64(pr.LogCap()) {
		keeps := sandbox.SizeWords(int64(pr.LogCap()))
		if r.hidden {
			printing = fmt.Sprintf(" Your code printed more in %s than the log keeps (%s), and printing takes time: remove the prints, and see whether it runs within its share.", in, keeps)
		} else {
			printing = fmt.Sprintf(" Your code printed %s lines (%s) in %s, more than the log keeps (%s), and printing takes time: remove the prints, and see whether it runs within its share.", thousands(p.Lines), sandbox.SizeWords(p.Bytes), in, keeps)
		}
	} else if reason == stopTime && code > 0 && 2*code >= used {
		// Most of the time went into the code's own calls: the steps are
		// slow, whatever the number of states (a search that grows
		// without end spends its time on the host).
		printing = fmt.Sprintf(" Your code's own calls took %s of it: its steps are slow (a long loop in every call, say), not the search large. "+
			"Make the steps quicker, and see whether it runs within its share.", usedWords(min(code, used)))
	}
	return g.stoppedPrinting(reason, used, r.total, r.maxMem, printing)
}

// printedMuch is what a test not run for time (why: the sandbox's
// Stopped) adds when the code printed more in the grading than the log
// keeps: that printing takes time. It gives no count (the grading's
// hidden tests printed some of it).
func (r *runner) printedMuch(why string) string {
	pr, ok := r.sb.(printer)
	if !ok || !strings.Contains(why, "time") || pr.LogCap() <= 0 || pr.Printed().Bytes <= int64(pr.LogCap()) {
		return ""
	}
	return fmt.Sprintf(" Your code printed more than the log keeps (%s) in this grading, and printing takes time: remove the prints.", sandbox.SizeWords(int64(pr.LogCap())))
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
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
