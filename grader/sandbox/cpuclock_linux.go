package sandbox

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadClock returns a reader of the calling OS thread's processor time
// that any goroutine may call (Linux names a thread's clock by its id:
// MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)), and the thread's time now;
// ok is false where it cannot be read. tid is the calling thread's id,
// if known (0: asked of the system). The caller keeps its goroutine on
// the thread (LockOSThread) for as long as it reads.
func threadClock(tid int) (read func() (time.Duration, bool), now time.Duration, ok bool) {
	if tid == 0 {
		tid = unix.Gettid()
	}
	id := int32((^tid)<<3 | 6)
	read = func() (time.Duration, bool) {
		var ts unix.Timespec
		if unix.ClockGettime(id, &ts) != nil {
			return 0, false
		}
		return time.Duration(ts.Nano()), true
	}
	now, ok = read()
	return read, now, ok
}

// ThreadCPU is the processor time the calling OS thread has used, and
// whether it could be read. The grader's own budget runs on it (a grading
// runs its tests on one goroutine locked to its thread), as the code's
// limits run on threadClock: a loaded grading server must not mark anyone
// down for time it did not give.
func ThreadCPU() (time.Duration, bool) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// threadID is the calling OS thread's id.
func threadID() int { return unix.Gettid() }
