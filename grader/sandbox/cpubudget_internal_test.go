package sandbox

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// What watching a call's processor time costs it (a grading makes from a
// hundred to fifteen thousand distinct calls).
func BenchmarkCPUBudget(b *testing.B) {
	for b.Loop() {
		_, stop, cancel := cpuBudget(2*time.Second, 0)
		stop()
		cancel()
	}
}

// A call shorter than shortCall is charged its wall time, which bounds
// its processor time; a longer one the processor time its thread used,
// here a clock that stands still.
func TestShortCallsChargedTheirWallTime(t *testing.T) {
	defer func(was func(int) (func() (time.Duration, bool), time.Duration, bool)) { clockOf = was }(clockOf)
	clockOf = func(int) (func() (time.Duration, bool), time.Duration, bool) {
		return func() (time.Duration, bool) { return time.Second, true }, time.Second, true
	}
	_, stop, cancel := cpuBudget(2*time.Second, 0)
	used := stop()
	cancel()
	assert.Positive(t, used, "a short call: its wall time")
	assert.Less(t, used, shortCall)

	_, stop, cancel = cpuBudget(2*time.Second, 0)
	for t0 := time.Now(); time.Since(t0) < 2*shortCall; {
	}
	used = stop()
	cancel()
	assert.Zero(t, used, "a long call: its thread's processor time")
}
