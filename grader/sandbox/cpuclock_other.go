//go:build !linux

package sandbox

import "time"

// threadClock cannot read a thread's processor time here: the code's time
// limits are then wall time.
func threadClock(tid int) (read func() (time.Duration, bool), now time.Duration, ok bool) {
	return nil, 0, false
}

// ThreadCPU cannot be read here.
func ThreadCPU() (time.Duration, bool) { return 0, false }

// threadID is 0: threads are not told apart here.
func threadID() int { return 0 }
