// Package stepwire is what every student interface (the algorithms/*steps
// packages) shares about running a student's handler and carrying the
// call to the grader's sandbox and back: a panic becomes the node's fault
// text, a failure of the machinery (out of time, out of memory) is a
// Fault, and an answer's status and panic message are written and read
// the same way, bounded, so that a malformed answer is an error and never
// a panic on the host.
//
// Each interface keeps its own request and answer layout (its variables
// differ); an answer always starts with PutStatus and ends with PutPanic.
//
// Every steps package's Guest (the function a grading's generated main
// package calls) is marked //go:noinline. Inlined there, it brought this
// package's generic instantiations for the interface's types with it, and
// Go compiles an instantiation again in every package that needs one: a
// lamport module's main archive was half a megabyte of them, compiled at
// every new file (0.11 s against 0.04 s). Not inlined, they are compiled
// once, into Go's build cache, with the steps package.
// TestGuestsAreNotInlined holds every steps package to it.
package stepwire

import (
	"errors"
	"path"
	"runtime"
	"strconv"

	"dmelab/algorithms/sim"
)

// Caller sends one request to wherever the student's code runs and
// returns its answer; an error is a failure of that machinery. It may not
// keep req after it returns: Remote reuses its buffer.
type Caller func(req []byte) ([]byte, error)

// Fault is a failure of the machinery that runs a student's handler (out
// of time, out of memory, a malformed answer): the remote side panics
// with it and the node reports Msg as its fault, as it is.
type Fault struct{ Msg string }

// MaxPanic bounds the panic message an answer carries.
const MaxPanic = 400

// ErrBadAnswer is a malformed answer.
var ErrBadAnswer = errors.New("the sandbox returned a malformed answer")

// Run calls f and returns what it panicked with, as the node's fault
// text ("panicked: ..."), or "" when it returned.
func Run(f func()) (panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = PanicText(r)
		}
	}()
	f()
	return ""
}

// PanicText renders a recovered panic; a Fault's message is passed
// through, and a sim.Stop (the caller stopping the whole run) is panicked
// again, so that it reaches the caller rather than becoming a fault.
// Called from the deferred function that recovered it, while the
// panicking frames are still on the stack, it names the line of the
// student's file the panic came from ("panicked at line 49: ...").
func PanicText(r any) string {
	switch x := r.(type) {
	case sim.Stop:
		panic(x)
	case Fault:
		return x.Msg
	}
	if line := studentLine(); line > 0 {
		return "panicked at line " + strconv.Itoa(line) + ": " + describe(r)
	}
	return "panicked: " + describe(r)
}

// StudentFile is the name the grader gives a student's file when it
// builds it (package sandbox): the frames of the student's code are the
// ones in a file of that name.
const StudentFile = "student.go"

// studentLine is the line of the innermost frame on the stack in the
// student's file, or 0: the line that panicked, or, for a panic inside a
// package it called (an index out of range in the slices package), the
// student's call that led there. Code run outside the grader (the
// reference solutions, in tests) has no such frame and keeps the plain
// text.
func studentLine() int {
	var pcs [64]uintptr
	n := runtime.Callers(2, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if path.Base(f.File) == StudentFile {
			return f.Line
		}
		if !more {
			return 0
		}
	}
}

// PutStatus starts an answer: 0 when the handler returned, 1 when it
// panicked.
func PutStatus(e *sim.Enc, panicked string) {
	if panicked != "" {
		e.Int(1)
	} else {
		e.Int(0)
	}
}

// PutPanic ends an answer with the panic message, cut to MaxPanic bytes.
func PutPanic(e *sim.Enc, panicked string) {
	if len(panicked) > MaxPanic {
		panicked = panicked[:MaxPanic]
	}
	e.Int(len(panicked))
	e.B = append(e.B, panicked...)
}

// ReadPanic reads the end of an answer whose status was status: the panic
// message ("" when the handler returned). It never panics.
func ReadPanic(d *sim.Dec, status int) (string, error) {
	p := d.Int()
	if d.Err != nil || status < 0 || status > 1 || p < 0 || p > MaxPanic || p > len(d.B) {
		return "", ErrBadAnswer
	}
	s := string(d.B[:p])
	d.B = d.B[p:]
	switch {
	case status == 0:
		return "", nil
	case s == "":
		return "(no message)", nil
	}
	return s, nil
}

// Call sends req through call; a failure of the machinery panics with a
// Fault, which the node reports as its fault.
func Call(call Caller, req []byte) []byte {
	ans, err := call(req)
	if err != nil {
		panic(Fault{Msg: err.Error()})
	}
	return ans
}

// Check panics with a Fault when the answer did not decode (err) or the
// student's code panicked (panicked is its message).
func Check(err error, panicked string) {
	if err != nil {
		panic(Fault{Msg: err.Error()})
	}
	if panicked != "" {
		panic(Fault{Msg: panicked})
	}
}
