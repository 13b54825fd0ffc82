package grade

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/exercise"
	"dmelab/grader/iface"
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
	// Stopped at its first check: never "after 0s".
	for _, d := range []time.Duration{0, 300 * time.Microsecond, 999 * time.Microsecond} {
		msg := g.stopped(stopTime, d, 300*time.Millisecond, 0)
		assert.Contains(t, msg, "stopped after less than a millisecond of computing", d)
		assert.NotContains(t, msg, "after 0s", d)
	}
}

// printingSandbox is a sandbox whose code prints: a runner's sandbox as
// a test built runner sees it, with what it printed, how much its log
// keeps and how many calls it refused.
type printingSandbox struct {
	printed sandbox.Printed
	refused int
	used    time.Duration // the code's own processor time
}

func (s *printingSandbox) Stopped() string {
	return "was not run: the code has used up the time limit for the whole submission (30s)"
}
func (s *printingSandbox) Refused() int             { return s.refused }
func (s *printingSandbox) Printed() sandbox.Printed { return s.printed }
func (s *printingSandbox) LogCap() int              { return 16 << 10 }
func (s *printingSandbox) Used() time.Duration      { return s.used }

// A test stopped for time whose time went mostly into the code's own
// calls says that its steps are slow, not that something grows without
// end: an honest file whose steps compute much more than they need
// reaches few states, and asking what grows points it the wrong way.
// Where the calls took less than half the test, the question stays.
func TestStopMessageSaysTheStepsAreSlow(t *testing.T) {
	g, _ := fakeGuard(60*time.Second, 2)
	sb := &printingSandbox{used: 2 * time.Second}
	r := &runner{guard: g, total: 60 * time.Second, maxMem: 1 << 30, sb: sb}
	r.codeFrom = r.codeUsed()
	g.last = explore.Progress{States: 11154, Depth: 10}
	sb.used += 39 * time.Second
	msg := r.stopMessage(stopTime, 41700*time.Millisecond, sandbox.Printed{})
	assert.Equal(t, "This test was stopped after 41.7s of computing: it used up its share of the grading's time (the limit is 1m0s for all tests together). "+
		"Its search had reached 11154 states at depth 10. Your code's own calls took 39s of it: its steps are slow (a long loop in every call, say), not the search large. "+
		"Make the steps quicker, and see whether it runs within its share.", msg)

	sb.used = r.codeFrom + 5*time.Second
	msg = r.stopMessage(stopTime, 41700*time.Millisecond, sandbox.Printed{})
	assert.Contains(t, msg, "does something grow without end")
	assert.NotContains(t, msg, "slow")

	sb.used = r.codeFrom + 39*time.Second
	msg = r.stopMessage(stopMemory, 41700*time.Millisecond, sandbox.Printed{})
	assert.NotContains(t, msg, "slow", "a stop for memory is not for slow steps")
}

// A test stopped for time in which the code printed more than the log
// keeps says that printing takes time, with how much it printed (a
// hidden test only that it printed more than the log keeps: the count
// is the code's to choose); one that printed less, or stopped for
// memory, asks what grows, as before.
func TestStopMessageSaysPrintingTakesTime(t *testing.T) {
	g, _ := fakeGuard(30*time.Second, 2)
	sb := &printingSandbox{printed: sandbox.Printed{Lines: 5, Bytes: 100}}
	r := &runner{guard: g, total: 30 * time.Second, maxMem: 1 << 30, sb: sb}
	from := sb.printed
	sb.printed = sandbox.Printed{Lines: 1_200_005, Bytes: 36<<20 + 100}
	msg := r.stopMessage(stopTime, 19300*time.Millisecond, from)
	assert.Equal(t, "This test was stopped after 19.3s of computing: it used up its share of the grading's time (the limit is 30s for all tests together). "+
		"Your code printed 1,200,000 lines (36 MiB) in this test, more than the log keeps (16 KiB), and printing takes time: remove the prints, and see whether it runs within its share.", msg)

	r.hidden = true
	msg = r.stopMessage(stopTime, 19300*time.Millisecond, from)
	assert.Contains(t, msg, "Your code printed more in this test than the log keeps (16 KiB), and printing takes time: remove the prints")
	assert.NotContains(t, msg, "1,200,000")
	assert.NotContains(t, msg, "MiB)")
	r.hidden = false

	g.last = explore.Progress{States: 4096, Depth: 12}
	msg = r.stopMessage(stopTime, 19300*time.Millisecond, from)
	assert.Contains(t, msg, "Its search had reached 4096 states at depth 12. Your code printed 1,200,000 lines")
	assert.NotContains(t, msg, "grow without end")
	g.last = explore.Progress{}

	msg = r.stopMessage(stopMemory, 19300*time.Millisecond, from)
	assert.NotContains(t, msg, "printed", "a stop for memory is not for printing")
	assert.True(t, strings.HasPrefix(msg, memoryStopped))

	msg = r.stopMessage(stopTime, 19300*time.Millisecond, sandbox.Printed{Lines: 1_200_000, Bytes: 36 << 20})
	assert.NotContains(t, msg, "printed", "100 bytes are within the log")
	assert.Contains(t, msg, "Does something grow without end")

	listing := &runner{guard: g, total: 30 * time.Second, maxMem: 1 << 30}
	assert.NotContains(t, listing.stopMessage(stopTime, time.Second, sandbox.Printed{}), "printed", "a listing has no sandbox")
}

// The tests of an exploration's properties share one search: when the
// guard stops it, the second reads as the first did, with the search's
// time and what the code printed in it, never "stopped after 0s" as
// though it had failed on its own; when the sandbox refused calls in it
// (the code's own time used up), both read "not run".
func TestTestsSharingAStoppedSearchReadAlike(t *testing.T) {
	ex := loadExercise(t, "central")
	var pair []planned
	for _, p := range planTests(ex) {
		if p.kind == "explore" && (len(pair) == 0 || p.expl == pair[0].expl) {
			pair = append(pair, p)
		}
	}
	require.Len(t, pair, 2, "an exploration scored property by property")
	for _, refuse := range []bool{false, true} {
		g, now := fakeGuard(30*time.Second, 2)
		sb := &printingSandbox{}
		in := ex.Iface()
		call := func([]byte) ([]byte, error) {
			// The code prints, the time passes, and the guard stops the
			// search (having refused calls, or not).
			*now += 17300 * time.Millisecond
			sb.printed = sandbox.Printed{Lines: 30_000, Bytes: 30_000 * 30}
			if refuse {
				sb.refused++
			}
			panic(sim.Stop{Reason: stopTime})
		}
		r := &runner{ex: ex, in: in, alg: in.Algorithm(ex.Algorithm, iface.Caller(call)), call: call, ctx: context.Background(),
			searched: map[*exercise.Explore]searchResult{}, guard: g, total: 30 * time.Second, maxMem: 1 << 30, sb: sb}
		var got []report.Test
		for i, p := range pair {
			g.begin(len(pair) - i)
			rt, err := r.run(p)
			require.NoError(t, err)
			got = append(got, rt)
		}
		first, second := got[0], got[1]
		assert.Equal(t, refuse, first.NotRun, "refused: %v", refuse)
		assert.Equal(t, first.NotRun, second.NotRun, "the second reads as the first: %s", second.Message)
		for _, rt := range got {
			assert.False(t, rt.Passed)
			assert.Zero(t, rt.Points)
			assert.NotContains(t, rt.Message, "after 0s")
		}
		if refuse {
			assert.Equal(t, first.Message, second.Message)
			assert.Contains(t, first.Message, "your code had already used up the time for the whole submission (30s)")
			assert.Contains(t, first.Message, "Your code printed more than the log keeps (16 KiB) in this grading, and printing takes time: remove the prints.")
			continue
		}
		assert.Contains(t, first.Message, "This test was stopped after 17.3s of computing: it used up its share")
		assert.Contains(t, first.Message, "Your code printed 30,000 lines (878.9 KiB) in this test")
		assert.Equal(t, "This test was stopped after 17.3s of computing: it shares its search with "+first.Name+", and that search used up its share of the grading's time (the limit is 30s for all tests together). "+
			"Your code printed 30,000 lines (878.9 KiB) in that search, more than the log keeps (16 KiB), and printing takes time: remove the prints, and see whether it runs within its share.", second.Message)
	}
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
