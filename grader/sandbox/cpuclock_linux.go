package sandbox

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadClock returns a reader of the calling OS thread's processor
// time that any goroutine may call (Linux names a thread's clock by its
// id: MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)), or nil where it cannot
// be read. The caller keeps its goroutine on the thread (LockOSThread)
// for as long as it reads.
func threadClock() func() (time.Duration, bool) {
	id := int32((^unix.Gettid())<<3 | 6)
	read := func() (time.Duration, bool) {
		var ts unix.Timespec
		if unix.ClockGettime(id, &ts) != nil {
			return 0, false
		}
		return time.Duration(ts.Nano()), true
	}
	if _, ok := read(); !ok {
		return nil
	}
	return read
}
