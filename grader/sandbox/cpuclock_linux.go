package sandbox

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadClock returns a reader of the calling OS thread's processor time
// that any goroutine may call (Linux names a thread's clock by its id:
// MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)), and the thread's time now;
// ok is false where it cannot be read. The caller keeps its goroutine on
// the thread (LockOSThread) for as long as it reads.
func threadClock() (read func() (time.Duration, bool), now time.Duration, ok bool) {
	id := int32((^unix.Gettid())<<3 | 6)
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
