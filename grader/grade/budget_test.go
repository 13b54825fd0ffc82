package grade

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// fakeGuard is a guard on a clock the test moves.
func fakeGuard(total time.Duration, tests int) (*guard, *time.Duration) {
	now := new(time.Duration)
	g := &guard{clock: func() time.Duration { return *now }, reserve: min(time.Second, total/time.Duration(4*tests))}
	g.end = total
	return g, now
}

// Each test may use what is left of the budget less a reserve for each
// test after it; one that runs over is stopped, the next still gets its
// reserve.
func TestGuardSharesTheBudget(t *testing.T) {
	g, now := fakeGuard(30*time.Second, 4) // reserve: 1s
	g.begin(4)
	assert.Equal(t, 27*time.Second, time.Duration(g.deadline.Load()))
	*now = 26 * time.Second
	assert.NotPanics(t, func() { g.calls = 63; g.check() })
	*now = 28 * time.Second
	assert.PanicsWithValue(t, sim.Stop{Reason: stopTime}, func() { g.calls = 63; g.check() })

	g.begin(3) // the runaway took more than its share: the next keeps its reserve
	assert.Equal(t, 29*time.Second, time.Duration(g.deadline.Load()))
	*now = 40 * time.Second
	g.begin(1)
	assert.Equal(t, 41*time.Second, time.Duration(g.deadline.Load()), "past the end, a test still gets its reserve")
}

// A stop's message says how long the test ran: to a tenth of a second,
// or to the millisecond when a test had only its reserve (not "0s").
func TestStopMessageSaysHowLong(t *testing.T) {
	g, _ := fakeGuard(300*time.Millisecond, 8)
	assert.Contains(t, g.stopped(stopTime, 9376*time.Microsecond, 300*time.Millisecond, 0), "stopped after 9ms of computing")
	assert.Contains(t, g.stopped(stopTime, 23140*time.Millisecond, 30*time.Second, 0), "stopped after 23.1s of computing")
}

// The memory watchdog's flag stops the test at its next check, and a new
// test starts clear.
func TestGuardMemoryStop(t *testing.T) {
	g, _ := fakeGuard(30*time.Second, 2)
	g.begin(2)
	g.over.Store(1)
	assert.PanicsWithValue(t, sim.Stop{Reason: stopMemory}, func() { g.check() })
	g.begin(1)
	assert.NotPanics(t, func() { g.check() })
	var nilGuard *guard
	assert.NotPanics(t, func() { nilGuard.check(); nilGuard.progress(explore.Progress{}) })
}

// A hidden test shows a fault's kind in the grader's words and the
// exercise's limits: a panic dressed as the sandbox's message cannot
// carry numbers (or anything else) out of a hidden test.
func TestHiddenFaultIsTheGradersWords(t *testing.T) {
	lim := sandbox.Limits{Call: 2 * time.Second, Total: 30 * time.Second, Memory: 64 << 20}
	for msg, want := range map[string]string{
		"P4 ran out of memory (the limit is 1234 MiB)":               "it ran out of memory (the limit is 64 MiB)",
		"P12 did not finish within 987ms (the limit for one call)":   "it ran out of time (the limits are 2s for one call, 30s for all of them)",
		"P4 overflowed its stack 31337":                              "it overflowed its stack",
		"P2 panicked: 1:2:3 4:5:6":                                   "it panicked (a hidden test does not show the panic's message)",
		"was not run: the file's initialisation panicked: secret 42": "it panicked (a hidden test does not show the panic's message)",
		"1:2:3":                    "it broke a rule of its step (a hidden test does not show which; a public test or an exploration that breaks the same rule shows it)",
		"P4 put 1234 in the queue": "it broke a rule of its step (a hidden test does not show which; a public test or an exploration that breaks the same rule shows it)",
		// Refused calls, after the code ran out of time: no step ran.
		"P2 was not run: the code ran out of time 11 times":                                  "it was not run: your code had already run out of time too often in this grading (calls out of time may take 4s in all: 2s the first, 200ms each after it)",
		"P2 was not run: the code has used up the time limit for the whole submission (30s)": "it was not run: your code had already used up the time for the whole submission (30s)",
		"P2 was not run: the code crashed too often":                                         "it was not run: your code had already crashed too often in this grading",
		// After a first timeout, a call has a tenth of the limit.
		"P12 did not finish within 200ms (the limit for one call once a call has run out of time)": "it ran out of time (the limit for one call is 200ms once a call has run out of time, 2s before)",
	} {
		assert.Equal(t, want, hiddenFault(msg, lim), msg)
	}
	assert.Contains(t, hiddenFault("ran out of memory", sandbox.Limits{}), "64 MiB", "the default limits where the exercise sets none")
}

// StoppedForMemory tells a test stopped for memory from one stopped for
// time (validate grades the first again alone).
func TestStoppedForMemory(t *testing.T) {
	g, _ := fakeGuard(30*time.Second, 2)
	msg := func(reason string) *report.Result {
		return &report.Result{Tests: []report.Test{{Name: "ok", Passed: true}, {Name: "stopped", Message: g.stopped(reason, time.Second, 30*time.Second, 1<<30)}}}
	}
	assert.True(t, StoppedForMemory(msg(stopMemory)))
	assert.False(t, StoppedForMemory(msg(stopTime)))
}
