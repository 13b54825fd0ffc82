package grade

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"time"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// idleFree is how long a worker waits for its next request before it
// returns its memory to the system with freeMemory (variables for the
// test that holds the worker to it).
var (
	idleFree   = 10 * time.Second
	freeMemory = debug.FreeOSMemory
)

// workRequest is one grading a Pool asks of a worker: a line of JSON on
// the worker's standard input.
type workRequest struct {
	Exercise string `json:"exercise"` // the exercise's folder name
	File     string `json:"file"`     // the student's file name, made safe
	Src      []byte `json:"src"`
	// Own are the student's own schedules (exercise.UseOwn): when set,
	// the only tests run.
	Own []exercise.Schedule `json:"own,omitempty"`
}

// workAnswer is a worker's line of JSON on its standard output: the
// grading's result or error, and then, once the background compilations
// the grading started are done and the worker can take the next request
// at full speed, a line with Ready alone.
type workAnswer struct {
	Result *report.Result `json:"result,omitempty"`
	Error  string         `json:"error,omitempty"`
	Ready  bool           `json:"ready,omitempty"`
}

// Work is a grading worker's loop (`dmelab grade-worker`): it grades the
// requests read from r one after another, exercises taken from dir (and
// hidden schedules from hidden), and answers on w. It returns when r
// ends (the pool closed it, or died) or cannot be read.
//
// Every grading loads its exercise afresh, as a process of its own
// would, so that staff's edits reach the next grading; and starts after
// a collection, so that the memory bound (a heap's size: see
// Grader.MaxMemory) meets this grading's work, not the last one's garbage.
func Work(ctx context.Context, r io.Reader, w io.Writer, g *Grader, dir, hidden string) error {
	dec := json.NewDecoder(bufio.NewReader(r))
	out := bufio.NewWriter(w)
	enc := json.NewEncoder(out)
	send := func(a workAnswer) error {
		if err := enc.Encode(a); err != nil {
			return err
		}
		return out.Flush()
	}
	for {
		var req workRequest
		// A worker left idle gives its memory back (after a grading, Go
		// keeps what the grading's heap grew to until the next
		// collection, which an idle process never reaches); one kept
		// busy keeps its warm pages for the next grading.
		free := time.AfterFunc(idleFree, freeMemory)
		err := dec.Decode(&req)
		free.Stop()
		if errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return err
		}
		runtime.GC()
		res, err := gradeOne(ctx, g, dir, hidden, req)
		a := workAnswer{Result: res}
		if err != nil {
			a = workAnswer{Error: err.Error()}
		}
		if err := send(a); err != nil {
			return err
		}
		sandbox.WaitCompilations()
		if err := send(workAnswer{Ready: true}); err != nil {
			return err
		}
	}
}

func gradeOne(ctx context.Context, g *Grader, dir, hidden string, req workRequest) (*report.Result, error) {
	exDir, err := exerciseDir(dir, req.Exercise)
	if err != nil {
		return nil, err
	}
	ex, err := exercise.Load(exDir, hidden)
	if err != nil {
		// Staff read this in the server's log: which exercise broke.
		return nil, fmt.Errorf("exercise %s: %w", req.Exercise, err)
	}
	if ex, err = ex.WithOwn(req.Own); err != nil {
		return nil, err
	}
	return g.Grade(ctx, ex, req.File, req.Src)
}
