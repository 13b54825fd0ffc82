package sandbox

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	// The short call takes a measurable moment (two readings of the
	// clock in a row may be equal), and is tried again when the thread
	// was held up past shortCall (then it was read exactly, as it should).
	short := func() (used time.Duration, ok bool) {
		t0 := time.Now()
		_, stop, cancel := cpuBudget(2*time.Second, 0)
		for t1 := time.Now(); time.Since(t1) < shortCall/10; {
		}
		used = stop()
		cancel()
		return used, time.Since(t0) < shortCall
	}
	used, ok := short()
	for i := 0; i < 10 && !ok; i++ {
		used, ok = short()
	}
	require.True(t, ok, "never a short call")
	assert.GreaterOrEqual(t, used, shortCall/10, "a short call: its wall time")
	assert.Less(t, used, shortCall)

	_, stop, cancel := cpuBudget(2*time.Second, 0)
	for t0 := time.Now(); time.Since(t0) < 2*shortCall; {
	}
	used = stop()
	cancel()
	assert.Zero(t, used, "a long call: its thread's processor time")
}
