package sandbox

import (
	"context"
	"time"

	"github.com/tetratelabs/wazero"
)

// A grading's last tests (its hidden walks) may run beside the others,
// on a core that would otherwise wait, in a twin of the sandbox: the same
// compiled module, instances of its own, a memo of its own. Each test
// there runs on a fresh instance with an empty memo, as Isolate gives a
// hidden test, so what it answers does not depend on which sandbox runs
// it; only what the sandbox counts does (its time used, crashes and
// timeouts, which change what later calls may do). So the grader keeps a
// twin's results only where nothing of that counted: neither sandbox
// crashed or ran out of time (Clean), and the time of both together stays
// within the total; and then adds the twin's counts in (Absorb).

// Twin is a sandbox for tests run beside s on another goroutine: s's
// module as s runs it now (interpreted, or compiled if s's compiler has
// finished), no instance yet (its first call starts one), an empty memo,
// quiet, and s's limits with the time s has used so far counted against
// the total. Close it before s; do not call s.Twin and s's other methods
// at the same time.
func (s *Sandbox) Twin() *Sandbox {
	rt, cm := s.rt, s.cm
	if c := s.bg.ready(); c != nil {
		rt, cm = c.rt, c.cm
	}
	t := &Sandbox{lim: s.lim, rt: rt, cm: cm, memo: map[string]memoEntry{}, used: s.used,
		twinOf: s, from: s.start, compiled: s.own != nil || rt != s.rt}
	t.out.cap, t.out.quiet = s.lim.Log, true
	t.base = t.used
	return t
}

// Clean reports whether the sandbox's calls so far all ran to their end:
// no crash, no call out of time, none refused. Only then are its later
// calls answered as a twin's would be.
func (s *Sandbox) Clean() bool {
	return s.crashes == 0 && s.timeouts == 0 && s.stopped == ""
}

// TwinUsage is what a twin has counted since it was made: its calls,
// those that ran, their processor time, and its instances.
type TwinUsage struct {
	Calls, Runs int
	Used        time.Duration
	// starts are the instances started anew, putBacks those put back;
	// compiled says they ran compiled code.
	starts, putBacks int
	compiled         bool
}

// Usage is what s (a twin) has counted since it was made.
func (s *Sandbox) Usage() TwinUsage {
	return TwinUsage{Calls: s.Calls, Runs: s.Runs, Used: s.used - s.base, starts: s.starts, putBacks: s.putBacks, compiled: s.compiled}
}

// Absorb counts u, a Clean twin's Usage (at the end of the last test of
// it the caller keeps), as s's own: its calls, its time against the total
// and its instances, each of which was a test's fresh one, not a restart.
func (s *Sandbox) Absorb(u TwinUsage) {
	s.Calls += u.Calls
	s.Runs += u.Runs
	s.used += u.Used
	s.starts += u.starts
	s.planned += u.starts
	s.putBacks += u.putBacks
	if u.compiled {
		s.compiledStarts += u.starts
		s.compiledPutBacks += u.putBacks
	}
}

// WithinTotal reports whether s's time together with u's stays within
// the limit for all calls (s would have run u's calls itself).
func (s *Sandbox) WithinTotal(u TwinUsage) bool { return s.used+u.Used < s.lim.Total }

// instantiateCopy starts a twin's instance as a copy of its sandbox's
// start (from): wazero's instantiation without the start functions, then
// what putBack does, which a put-back instance shows the code to be the
// same as a start (reset.go). A start copied costs wazero's part alone,
// not the start's own (Go's runtime and the student's package initialised
// again): 3.7-4.2 ms against 6.8-9.5 ms for maekawa's module in the
// interpreter, a twin's first call included. It reports false,
// with nothing started, if the copy could not be made: the caller starts
// the instance anew (which says why, if that fails too).
func (s *Sandbox) instantiateCopy(ctx context.Context, rt wazero.Runtime, cm wazero.CompiledModule, mc wazero.ModuleConfig, src *sources) bool {
	mod, err := rt.InstantiateModule(ctx, cm, mc)
	if err != nil {
		return false
	}
	own := copyStart(mod, s.from, src)
	fn := mod.ExportedFunction("dmelab_call")
	if own == nil || fn == nil {
		mod.Close(context.Background())
		return false
	}
	s.mod, s.fn, s.buf = mod, fn, own.buf
	s.modRT, s.src, s.start = rt, src, own
	s.copies++
	return true
}
