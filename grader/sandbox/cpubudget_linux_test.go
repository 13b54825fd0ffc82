package sandbox_test

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// A call's time limit is its processor time, not the wall time a busy
// machine stretches it to: a file whose initialisation needs a third
// of its limit starts while four busy threads share its core (its wall
// time is then over twice the limit).
func TestTimeLimitIsProcessorTime(t *testing.T) {
	src := hostile(t, "\tn.HighestNum = max(n.HighestNum, n.RequestedNum)",
		"var sink int\n\nfunc init() {\n\tfor i := 0; i < 400000; i++ {\n\t\tsink += i % 7\n\t}\n}", "")
	b, r, err := builder.Build(context.Background(), iface.Lookup("rasteps"), "submission.go", src)
	require.NoError(t, err)
	require.Nil(t, r)
	roomy := sandbox.Limits{Call: time.Minute, Total: time.Minute, Memory: 64 << 20, Log: 1024}
	sb, err := sandbox.Start(context.Background(), b.Wasm, roomy, sandbox.Options{})
	require.NoError(t, err)
	need := sb.Used() // the initialisation's processor time, alone
	sb.Close()
	require.Greater(t, need, 10*time.Millisecond)

	// This goroutine's thread and four spinning ones on one core. The
	// threads stay locked, so they end with their goroutines.
	runtime.LockOSThread()
	var all, one unix.CPUSet
	require.NoError(t, unix.SchedGetaffinity(0, &all))
	for c := 0; c < 1024; c++ {
		if all.IsSet(c) {
			one.Set(c)
			break
		}
	}
	require.NoError(t, unix.SchedSetaffinity(0, &one))
	var stop atomic.Bool
	var wg sync.WaitGroup
	defer wg.Wait()
	defer stop.Store(true)
	for range 4 {
		wg.Go(func() {
			runtime.LockOSThread()
			if unix.SchedSetaffinity(0, &one) != nil {
				return
			}
			for !stop.Load() {
			}
		})
	}
	lim := roomy
	lim.Call, lim.Total = 3*need, 6*need
	t0 := time.Now()
	sb, err = sandbox.Start(context.Background(), b.Wasm, lim, sandbox.Options{})
	wall := time.Since(t0)
	if wall < lim.Call {
		t.Skipf("the busy threads did not hold the start back (%v for a limit of %v): nothing to show", wall, lim.Call)
	}
	require.NoError(t, err, "alone it took %v of processor time; with the busy threads %v of wall time, against a limit of %v", need, wall, lim.Call)
	t.Logf("alone %v of processor time; with the busy threads %v of wall time, %v of processor time; the limit %v", need, wall, sb.Used(), lim.Call)
	sb.Close()
}
