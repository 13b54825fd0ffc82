// Package costbench measures what a search costs: dmelab check and SPIN's
// verifier of bench/spin/ra_benari.pml, each as a process of its own (wall
// time and peak resident memory from the kernel's accounting), for make
// bench-spin and make cost-plot. It is a benchmark, not a test: nothing
// here asserts a duration.
package costbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// Cost is what one run took.
type Cost struct {
	Wall   time.Duration
	MaxRSS int64 // bytes, the process's peak resident set
}

// run runs name with args in dir, killing it after limit (0: no limit).
// It returns the output, the cost and whether the limit stopped it; an
// exit status other than 0 is not an error (the callers read the output).
func run(dir string, limit time.Duration, name string, args ...string) ([]byte, Cost, bool, error) {
	ctx := context.Background()
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	// At the limit, SIGINT first: pan then writes its report (the states
	// stored so far) before it exits.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 30 * time.Second
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	start := time.Now()
	err := cmd.Run()
	c := Cost{Wall: time.Since(start)}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			c.MaxRSS = int64(ru.Maxrss) * 1024 // kilobytes on Linux
		}
	}
	killed := ctx.Err() != nil
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) && !killed {
		return out.Bytes(), c, killed, fmt.Errorf("%s: %v", name, err)
	}
	return out.Bytes(), c, killed, nil
}

// Check is one dmelab check --json run.
type Check struct {
	Algo             string
	Nodes, Requests  int
	Props            string
	States           int64
	Complete         bool // no bound stopped it: it ran to its end or settled
	Verdicts         map[string]string
	Cost             Cost
	TimeLimitStopped bool // the runner's own limit killed it (no JSON)
}

// CheckOptions bound a dmelab search.
type CheckOptions struct {
	Props     string        // e.g. "safety,liveness"
	MaxStates int64         // --max-states (0: none)
	MaxMemory string        // --max-memory, e.g. "8GiB"
	TimeLimit time.Duration // --time-limit; the process is killed a minute later
}

// RunCheck runs bin check on algo at n nodes and r requests.
func RunCheck(bin, algo string, n, r int, o CheckOptions) (Check, error) {
	args := []string{"check", "--algo", algo, "--nodes", strconv.Itoa(n), "--requests", strconv.Itoa(r),
		"--props", o.Props, "--json", "--time-limit", o.TimeLimit.String()}
	if o.MaxStates > 0 {
		args = append(args, "--max-states", strconv.FormatInt(o.MaxStates, 10))
	}
	if o.MaxMemory != "" {
		args = append(args, "--max-memory", o.MaxMemory)
	}
	c := Check{Algo: algo, Nodes: n, Requests: r, Props: o.Props}
	limit := time.Duration(0)
	if o.TimeLimit > 0 {
		limit = o.TimeLimit + time.Minute
	}
	out, cost, killed, err := run("", limit, bin, args...)
	c.Cost = cost
	if err != nil {
		return c, err
	}
	if killed {
		c.TimeLimitStopped = true
		return c, nil
	}
	if err := c.read(out); err != nil {
		return c, fmt.Errorf("%s check %s N=%d R=%d: %v\n%s", bin, algo, n, r, err, out)
	}
	return c, nil
}

// read takes the states, completeness and verdicts from check's JSON in
// out. A settled search stopped once every property was violated: its
// verdicts are final, and its states are what settling them cost, so it
// counts as complete here.
func (c *Check) read(out []byte) error {
	var j struct {
		States     int64             `json:"states"`
		Complete   bool              `json:"complete"`
		Settled    bool              `json:"settled"`
		Properties map[string]string `json:"properties"`
	}
	if err := json.Unmarshal(jsonPart(out), &j); err != nil {
		return err
	}
	c.States, c.Complete, c.Verdicts = j.States, j.Complete || j.Settled, j.Properties
	return nil
}

// jsonPart is out from its first '{' to its last '}' (dmelab prints one
// object; anything around it is not ours to parse).
func jsonPart(out []byte) []byte {
	i, k := bytes.IndexByte(out, '{'), bytes.LastIndexByte(out, '}')
	if i < 0 || k < i {
		return out
	}
	return out[i : k+1]
}
