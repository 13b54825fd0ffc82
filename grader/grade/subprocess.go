package grade

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// Subprocess grades each submission in a process of its own: this
// program's `grade` command, whose processes are bounded in memory (the
// grading process's group at MaxMemory, go build's group at the build's
// own bound) and killed when the grading ends. A grading that runs away on the host, or a fault in the grader
// itself, then takes down one child, never the server and the gradings
// beside it; and the child's in-process memory bound (Grader.MaxMemory)
// is that grading's alone.
type Subprocess struct {
	Exe       string // the dmelab program (os.Executable())
	Dir       string // the exercises
	HiddenDir string
	Root      string // the dmelab sources submissions compile with ("": found by the child)
	Cache     string // compiled modules ("": the child's default)
	// MaxMemory bounds the resident memory of the child's process group
	// (0: DefaultProcessMemory; its builds are bounded apart). The
	// child's own bound on its work is set below it, so that a test is
	// stopped with a message before the child is killed.
	MaxMemory int64
	// Timeout bounds one grading, build included (0: 3 minutes).
	Timeout time.Duration
}

// DefaultProcessMemory bounds a grading process's group: the grading's
// own work (half of it: the process's heap bound) with room for the
// program, wazero's instances and compiled code. The build it runs is
// a process group of its own, bounded apart (sandbox.DefaultBuildMemory,
// 1 GiB), and runs before the grading's work, not beside it.
const DefaultProcessMemory = 3 << 29 // 1.5 GiB

// Grade implements the server's Grader.
func (s *Subprocess) Grade(ctx context.Context, name, filename string, src []byte) (*report.Result, error) {
	dir, err := exerciseDir(s.Dir, name)
	if err != nil {
		return nil, err
	}
	// The child runs in a directory of its own: every path it is given
	// is absolute.
	tmp, err := os.MkdirTemp("", "dmelab-grading-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	file := filepath.Join(tmp, safeName(filename))
	if err := os.WriteFile(file, src, 0o600); err != nil {
		return nil, err
	}
	limit, timeout := processBounds(s.MaxMemory, s.Timeout)
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	args := childArgs([]string{"grade", "--exercise", abs(dir), "--format", "json", "--quiet"}, limit, s.HiddenDir, s.Root, s.Cache)
	cmd := exec.CommandContext(cctx, s.Exe, append(args, file)...)
	cmd.Dir = tmp
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_, over, err := sandbox.RunBounded(cmd, limit)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case over:
		return stoppedResult(dir, s.HiddenDir, filename, overMemory(limit))
	case cctx.Err() != nil:
		return stoppedResult(dir, s.HiddenDir, filename, overTime(timeout))
	}
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 4) {
		return nil, fmt.Errorf("dmelab grade: %v: %s", err, strings.TrimSpace(clip(stderr.String(), 2000)))
	}
	var res report.Result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return nil, fmt.Errorf("dmelab grade wrote no result: %v: %s", err, strings.TrimSpace(clip(stderr.String(), 2000)))
	}
	return &res, nil
}

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
		timeout = 3 * time.Minute
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
		res.Tests = append(res.Tests, report.Test{Name: t.name, Visibility: t.vis, MaxPoints: t.points, Source: t.source,
			Message: "not run: the grading was stopped (see above)"})
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
