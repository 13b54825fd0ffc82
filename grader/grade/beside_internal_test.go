package grade

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"dmelab/grader/sandbox"
)

// fakeCounter is a grading's sandbox as keep sees it.
type fakeCounter struct {
	dirty    bool
	used     time.Duration // its own calls' time
	total    time.Duration
	absorbed []sandbox.TwinUsage
}

func (f *fakeCounter) Clean() bool { return !f.dirty }
func (f *fakeCounter) WithinTotal(u sandbox.TwinUsage) bool {
	return f.used+u.Used < f.total
}
func (f *fakeCounter) Absorb(u sandbox.TwinUsage) { f.absorbed = append(f.absorbed, u) }

// keep keeps a walk run beside exactly when the guard, one test after the
// other, would have let it end: within what the others left, less the
// reserve of the walks after it, and never less than one reserve; and
// only while both sandboxes stayed clean and within their total.
func TestKeepFollowsTheSharesInTurn(t *testing.T) {
	s := time.Second
	ms := time.Millisecond
	walk := func(cpu time.Duration) besideTest {
		return besideTest{cpu: cpu, clean: true, usage: sandbox.TwinUsage{Calls: int(cpu / ms), Used: cpu / 2}}
	}
	for _, c := range []struct {
		name  string
		spent time.Duration // by the other tests
		ran   []besideTest
		sb    fakeCounter
		want  int
	}{
		{"both fit", 2 * s, []besideTest{walk(s), walk(s)}, fakeCounter{}, 2},
		// the first's share is 10 s less the second's reserve: 9.5 s
		{"the first within its share", 6 * s, []besideTest{walk(3 * s), walk(s)}, fakeCounter{}, 2},
		{"the first over its share", 6 * s, []besideTest{walk(3600 * ms), walk(ms)}, fakeCounter{}, 0},
		{"the second over what is left", 6 * s, []besideTest{walk(3 * s), walk(1500 * ms)}, fakeCounter{}, 1},
		// the others took nearly all: each walk still gets one reserve
		{"a reserve each", 9800 * ms, []besideTest{walk(400 * ms), walk(400 * ms)}, fakeCounter{}, 2},
		{"over a reserve", 9800 * ms, []besideTest{walk(400 * ms), walk(600 * ms)}, fakeCounter{}, 1},
		{"the first stopped for memory", 0, []besideTest{{cpu: ms, clean: true, stopped: stopMemory, exact: true}, walk(ms)}, fakeCounter{}, 0},
		{"the first stopped on a share not yet its own", 0, []besideTest{{cpu: 10 * s, clean: true, stopped: stopTime}}, fakeCounter{}, 0},
		// stopped on its share in turn: kept, over it by the last checks
		{"the second stopped on its own share", 6 * s, []besideTest{walk(3 * s), {cpu: 1200 * ms, clean: true, stopped: stopTime, exact: true}}, fakeCounter{}, 2},
		{"a stop on its own share, crashed", 0, []besideTest{{cpu: 9 * s, stopped: stopTime, exact: true}}, fakeCounter{}, 0},
		{"the second crashed", 0, []besideTest{walk(ms), {cpu: ms}}, fakeCounter{}, 1},
		{"the grading's sandbox crashed", 0, []besideTest{walk(ms), walk(ms)}, fakeCounter{dirty: true}, 0},
		// a twin's counts are its whole run's so far: 1 s, then 3 s in all
		{"the sandboxes' total", 0, []besideTest{
			{cpu: 2 * s, clean: true, usage: sandbox.TwinUsage{Used: s}},
			{cpu: 4 * s, clean: true, usage: sandbox.TwinUsage{Used: 3 * s}}}, fakeCounter{used: 7 * s}, 1},
		{"only one ended", 0, []besideTest{walk(ms)}, fakeCounter{}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			now := c.spent
			gd := &guard{clock: func() time.Duration { return now }, reserve: 500 * ms, end: 10 * s}
			sb := c.sb
			sb.total = 10 * s
			b := &beside{ran: c.ran, n: 2}
			assert.Equal(t, c.want, b.keep(&sb, gd))
			var cpu time.Duration
			for _, w := range c.ran[:c.want] {
				cpu += w.cpu
			}
			assert.Equal(t, c.spent+cpu, gd.spent(), "the kept walks' time charged to the grading")
			assert.Equal(t, 10*s-cpu, gd.end, "and its end moved by as much")
			if c.want == 0 {
				assert.Empty(t, sb.absorbed)
			} else {
				assert.Equal(t, []sandbox.TwinUsage{c.ran[c.want-1].usage}, sb.absorbed, "the last kept walk's counts, which hold the earlier ones'")
			}
		})
	}
}

// Once the other tests end, the walk running beside gets the deadline it
// would have in turn, on the twin's clock: after the other tests' time
// and the walks before it, less the reserve of those after it, and at
// least one reserve.
func TestSettleGivesTheWalkItsShareInTurn(t *testing.T) {
	s, ms := time.Second, time.Millisecond
	for _, c := range []struct {
		name          string
		spent, before time.Duration // the other tests', the walks' before it
		cur           int
		want          time.Duration // from its start
	}{
		{"the first of two", 2 * s, 0, 0, 7500 * ms},          // 10 - 0.5 - 2
		{"the second of two", 6 * s, 3 * s, 1, 1 * s},         // 10 - 9
		{"a reserve at least", 6 * s, 3800 * ms, 1, 500 * ms}, // 9.8 + 0.5 - 9.8
	} {
		t.Run(c.name, func(t *testing.T) {
			tw := &guard{clock: func() time.Duration { return 0 }, reserve: 500 * ms, start: 30 * s, end: 40 * s}
			tw.deadline.Store(int64(100 * s)) // the share it had before: as if the other tests took no more
			b := &beside{gd: tw, n: 2, done: make(chan struct{})}
			b.cur, b.curStart, b.walking, b.before = c.cur, 40*s, true, c.before
			gd := &guard{clock: func() time.Duration { return c.spent }, reserve: 500 * ms, end: 10 * s}
			b.settle(gd)
			assert.Equal(t, 40*s+c.want, time.Duration(tw.deadline.Load()))
			assert.True(t, b.curExact)
		})
	}
	t.Run("between two walks", func(t *testing.T) {
		tw := &guard{clock: func() time.Duration { return 0 }, reserve: 500 * ms}
		tw.deadline.Store(int64(100 * s))
		b := &beside{gd: tw, n: 2, done: make(chan struct{})}
		b.settle(&guard{clock: func() time.Duration { return s }, reserve: 500 * ms, end: 10 * s})
		assert.Equal(t, 100*s, time.Duration(tw.deadline.Load()), "the next walk's start sets it")
		assert.False(t, b.curExact)
		assert.True(t, b.settled)
		assert.Equal(t, s, b.spent)
	})
}
