package costbench

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Spin is one run of SPIN's verifier (pan) of the Promela model.
type Spin struct {
	Nodes, Requests int
	Liveness        bool  // built with -DLIVENESS (the deadlock monitor)
	States          int64 // states stored
	Transitions     int64
	Errors          int
	Complete        bool // the search ran to its end (no bound stopped it)
	Stopped         string
	Compile         time.Duration // spin -a and gcc
	Cost            Cost          // pan alone
}

// SpinOptions say how to build and bound pan.
type SpinOptions struct {
	Model     string        // the .pml file
	HashBits  int           // pan -w (log2 of the hash table's slots)
	MemLimMB  int           // -DMEMLIM: pan stops when its memory reaches this
	TimeLimit time.Duration // pan is killed after this (0: none)
	Collapse  bool          // -DCOLLAPSE: compress stored states (slower; off in the benchmarks)
}

// CFlags are the verifier's compile flags: a safety search (every run of
// the model is finite with R requests, so no cycle search is needed;
// liveness is the deadlock monitor's assertion), with SPIN's own
// partial-order reduction left on (it reduces nothing here: every
// variable is global).
func (o SpinOptions) CFlags() []string {
	f := []string{"-O2", "-DSAFETY", fmt.Sprintf("-DMEMLIM=%d", o.MemLimMB)}
	if o.Collapse {
		f = append(f, "-DCOLLAPSE")
	}
	return f
}

// RunSpin generates, compiles and runs the verifier for n nodes and r
// requests in a fresh temporary directory.
func RunSpin(n, r int, liveness bool, o SpinOptions) (Spin, error) {
	s := Spin{Nodes: n, Requests: r, Liveness: liveness}
	model, err := filepath.Abs(o.Model)
	if err != nil {
		return s, err
	}
	dir, err := os.MkdirTemp("", "dmelab-spin-")
	if err != nil {
		return s, err
	}
	defer os.RemoveAll(dir)
	start := time.Now()
	args := []string{fmt.Sprintf("-DN=%d", n), fmt.Sprintf("-DR=%d", r)}
	if liveness {
		args = append(args, "-DLIVENESS")
	}
	args = append(args, "-a", model)
	if out, _, _, err := run(dir, 0, "spin", args...); err != nil || !exists(filepath.Join(dir, "pan.c")) {
		return s, fmt.Errorf("spin -a: %v\n%s", err, out)
	}
	cc := append(o.CFlags(), "-o", "pan", "pan.c")
	if out, _, _, err := run(dir, 0, "gcc", cc...); err != nil || !exists(filepath.Join(dir, "pan")) {
		return s, fmt.Errorf("gcc: %v\n%s", err, out)
	}
	s.Compile = time.Since(start)
	out, cost, killed, err := run(dir, o.TimeLimit, "./pan", "-m10000", fmt.Sprintf("-w%d", o.HashBits))
	s.Cost = cost
	if err != nil {
		return s, err
	}
	p := ParsePan(string(out))
	s.States, s.Transitions, s.Errors, s.Complete, s.Stopped = p.States, p.Transitions, p.Errors, p.Complete, p.Stopped
	if killed {
		s.Complete, s.Stopped = false, fmt.Sprintf("time limit %s", o.TimeLimit)
	}
	return s, nil
}

// HashBits sizes pan's hash table (-w, log2 of its slots) for the states
// expected at n nodes and r requests: the table is allocated whole, so a
// large one inflates the memory of small searches, and a small one slows
// large ones down (its chains grow).
func HashBits(n, r int) int {
	switch {
	case n <= 2:
		return 16
	case n == 3 && r == 1:
		return 20
	case n == 3:
		return 24
	}
	return 27
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Pan is what ParsePan reads from pan's report.
type Pan struct {
	States, Transitions int64
	Errors              int
	Complete            bool
	Stopped             string // why it did not complete
}

var (
	panStored  = regexp.MustCompile(`(?m)^\s*(\d+) states, stored`)
	panTrans   = regexp.MustCompile(`(?m)^\s*(\d+) transitions`)
	panErrors  = regexp.MustCompile(`errors: (\d+)`)
	panLastRow = regexp.MustCompile(`(?m)^Depth=\s*\d+ States=\s*([0-9.e+]+)`)
)

// ParsePan reads pan's final report, or, when pan was killed before
// writing it, the states of its last progress line.
func ParsePan(out string) Pan {
	var p Pan
	if m := panStored.FindStringSubmatch(out); m != nil {
		p.States, _ = strconv.ParseInt(m[1], 10, 64)
		p.Complete = true
	} else if ms := panLastRow.FindAllStringSubmatch(out, -1); ms != nil {
		f, _ := strconv.ParseFloat(ms[len(ms)-1][1], 64)
		p.States = int64(f)
	}
	if m := panTrans.FindStringSubmatch(out); m != nil {
		p.Transitions, _ = strconv.ParseInt(m[1], 10, 64)
	}
	if m := panErrors.FindStringSubmatch(out); m != nil {
		p.Errors, _ = strconv.Atoi(m[1])
	}
	switch {
	case strings.Contains(out, "Interrupted"):
		p.Complete, p.Stopped = false, "interrupted"
	case strings.Contains(out, "-DMEMLIM bound") || strings.Contains(out, "out of memory"):
		p.Complete, p.Stopped = false, "memory limit"
	case strings.Contains(out, "max search depth too small"):
		p.Complete, p.Stopped = false, "depth bound"
	case strings.Contains(out, "Search not completed") && p.Errors == 0:
		p.Complete, p.Stopped = false, "search not completed"
	case !p.Complete:
		p.Stopped = "no report"
	}
	return p
}
