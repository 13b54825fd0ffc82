package grade

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The guard's clock counts the grading thread's own work only: time the
// thread spends not running (a busy machine, here a sleep) is not charged
// to the student.
func TestThreadCPUCountsOnlyWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := threadCPU()
	time.Sleep(300 * time.Millisecond)
	slept := threadCPU() - t0
	assert.Less(t, slept, 100*time.Millisecond, "sleeping is not work")

	t1, w := threadCPU(), time.Now()
	x := 0
	for time.Since(w) < 200*time.Millisecond {
		x++
	}
	assert.Positive(t, x)
	assert.Greater(t, threadCPU()-t1, 20*time.Millisecond, "spinning is")
}
