//go:build !linux

package sandbox

import (
	"os/exec"
	"time"
)

// runBounded runs go build with the time limit only: outside Linux there
// is no process-group kill, no memory watcher and no file size cap (the
// grader is meant to run on Linux; elsewhere is for development). The
// module's size is still checked after the build, and a timeout kills
// go (what it started may run on; Wait gives up on it after WaitDelay).
func runBounded(cmd *exec.Cmd, lim buildLimits) (buildUsage, error) {
	wait, err := startBounded(cmd, lim)
	if err != nil {
		return buildUsage{}, err
	}
	return wait()
}

// startBounded starts cmd as runBounded runs it; wait waits for it.
func startBounded(cmd *exec.Cmd, lim buildLimits) (wait func() (buildUsage, error), err error) {
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return func() (buildUsage, error) { return buildUsage{}, cmd.Wait() }, nil
}

// Session is not measured outside Linux.
func Session(sid int) (pids []int, rss int64) { return nil, 0 }
