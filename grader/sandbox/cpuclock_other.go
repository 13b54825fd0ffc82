//go:build !linux

package sandbox

import "time"

// threadClock is nil where a thread's processor time cannot be read: the
// code's time limits are then wall time.
func threadClock() func() (time.Duration, bool) { return nil }
