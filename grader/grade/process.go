package grade

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// DefaultProcessMemory bounds a grading process's group: the grading's
// own work (half of it: the process's heap bound) with room for the
// program, wazero's instances and compiled code. The build it runs is
// a process group of its own, bounded apart (sandbox.DefaultBuildMemory,
// 1 GiB), and runs before the grading's work, not beside it.
const DefaultProcessMemory = 3 << 29 // 1.5 GiB

// safeName is the name a student's file is graded under: its own (compile
// errors cite it), made safe for a path.
func safeName(filename string) string {
	base := filepath.Base(filepath.Clean("/" + filename))
	if base == "/" || base == "." || !strings.HasSuffix(base, ".go") && !strings.HasSuffix(base, ".txt") {
		return "submission.go"
	}
	return base
}

// processBounds are a grading process's bounds: memory for its group
// and time for one grading, or their defaults.
func processBounds(memory int64, timeout time.Duration) (int64, time.Duration) {
	if memory <= 0 {
		memory = DefaultProcessMemory
	}
	if timeout <= 0 {
		timeout = exercise.MinGradingDeadline
	}
	return memory, timeout
}

// overMemory and overTime say why the server stopped a grading.
func overMemory(limit int64) string {
	return fmt.Sprintf("Grading your file needed more than %s of memory on the grading server and was stopped. "+
		"Does something in your code grow without end (numbers, queues, messages)?", sandbox.SizeWords(limit))
}

func overTime(timeout time.Duration) string {
	return fmt.Sprintf("Grading your file took longer than %s and was stopped. "+
		"Does your code loop, or does something grow without end?", timeout)
}

// stoppedResult is the result of a grading the server had to stop: every
// test listed, none run, and why.
func stoppedResult(dir, hidden, filename, msg string) (*report.Result, error) {
	ex, err := exercise.Load(dir, hidden)
	if err != nil {
		return nil, err
	}
	res := &report.Result{Exercise: ex.Name, Title: ex.Title, File: filename, Status: report.Crashed, Problems: []report.Problem{{Msg: msg}}}
	for _, t := range planTests(ex) {
		res.MaxScore += t.points
		res.Tests = append(res.Tests, t.said("not run: the grading was stopped (see above)"))
	}
	return res, nil
}

// childArgs are a grading process's arguments: args, then the bound on
// its own work (half the process's, the rest being the build's and the
// program's) and the places it is given, made absolute (the child runs
// in a directory of its own).
func childArgs(args []string, limit int64, hidden, root, cache string) []string {
	args = append(args, "--max-memory", strconv.FormatInt(limit/2, 10))
	for _, f := range [][2]string{{"--hidden", hidden}, {"--root", root}, {"--cache", cache}} {
		if f[1] != "" {
			args = append(args, f[0], abs(f[1]))
		}
	}
	return args
}

// abs is p made absolute, where it can be ("" stays "").
func abs(p string) string {
	if a, err := filepath.Abs(p); err == nil && p != "" {
		return a
	}
	return p
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
