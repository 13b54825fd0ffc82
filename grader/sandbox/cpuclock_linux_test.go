package sandbox_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"dmelab/grader/sandbox"
)

func threadCPU() time.Duration {
	d, _ := sandbox.ThreadCPU()
	return d
}

// The grader's clock counts the grading thread's own work only: time the
// thread spends not running (a busy machine, here a sleep) is not charged
// to the student. The two spans take as long on the wall clock; only the
// one spent working shows on the thread's clock (compared with each
// other, not with a duration, so a busy machine cannot fail the test).
func TestThreadCPUCountsOnlyWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := threadCPU()
	time.Sleep(300 * time.Millisecond)
	slept := threadCPU() - t0

	t1, w := threadCPU(), time.Now()
	x := 0
	for time.Since(w) < 300*time.Millisecond {
		x++
	}
	spun := threadCPU() - t1
	assert.Positive(t, x)
	assert.Less(t, 4*slept, spun, "sleeping is not work, spinning is (slept %v, spun %v)", slept, spun)
}
