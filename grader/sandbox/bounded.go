package sandbox

import "os/exec"

// RunBounded runs cmd (made with exec.CommandContext) as builds run: in a
// process group of its own, killed whole when the context ends, when the
// group's resident memory passes memory (on Linux; 0: no bound), and once
// cmd has exited, so nothing it started outlives it. It returns the peak
// resident memory seen and whether the group was killed for memory.
func RunBounded(cmd *exec.Cmd, memory int64) (peak int64, overMemory bool, err error) {
	u, err := runBounded(cmd, buildLimits{Memory: memory})
	return u.Peak, u.OverMemory, err
}

// StartBounded starts cmd as RunBounded runs it, for a process that
// lives on while the caller talks to it (a grading worker). The caller
// may close its copies of the pipe ends it gave cmd once StartBounded
// returns. wait waits for cmd to exit and reports as RunBounded does.
// cmd's memory is read every tenth of a second while below half of
// memory (every 25 ms above), and its group listed afresh about once a
// second: what cmd starts that could grow must have a group of its own
// (a worker's builds run bounded, in groups of their own).
func StartBounded(cmd *exec.Cmd, memory int64) (wait func() (peak int64, overMemory bool, err error), err error) {
	w, err := startBounded(cmd, buildLimits{Memory: memory, Alone: true})
	if err != nil {
		return nil, err
	}
	return func() (int64, bool, error) {
		u, err := w()
		return u.Peak, u.OverMemory, err
	}, nil
}
