// Package guest is the part of the grader that runs inside the sandbox,
// beside a student's code: the exchange buffer the host writes requests
// into and reads answers from, and the call wrapper the generated main
// package exports. It is compiled for GOOS=wasip1 only, into a reactor
// module (-buildmode=c-shared) whose exports the host calls one request at
// a time.
//
// Nothing here decides anything: the host computes every verdict from the
// answers, checks each against the step contract, and memoises them, so a
// student's code that wrote into this package's memory (it cannot: no
// unsafe, no reflect) could at most spoil its own answers.
package guest

import (
	"runtime"
	"runtime/debug"
	"unsafe"
)

// BufSize is the size of the exchange buffer: a request or an answer never
// comes near it (the wire formats bound their lengths).
const BufSize = 1 << 16

var buf [BufSize]byte

// yieldEvery is how often Call lets the runtime's other goroutines run:
// after every call costs 40-50 % of an interpreted call, after every
// 16th about 5 %, and keeps a correct file with 1.5 MB of garbage a call
// within its memory (the hostile corpus's garbage_per_step.go, 28/30
// without the yield; 2 MB a call was measured to pass too).
const yieldEvery = 16

// calls counts the calls answered.
var calls uint32

func init() {
	// Go's default maximum stack (1 GB) would turn a deep recursion into a
	// slow climb to the memory limit; a small one fails fast with a clear
	// "stack exceeds" message. Small enough, too, that the engines agree:
	// wazero's interpreter stops a recursion at 2,000 nested calls, its
	// compiler only at 400 MB of machine stack, which a recursion to
	// Go's 16 MB took more than the 2 s a call may take to reach; at
	// 1 MB the compiled code stops in milliseconds, with the same
	// message (no step of these exercises comes near either depth).
	debug.SetMaxStack(1 << 20)
}

// Buf is the address of the exchange buffer in the module's memory.
func Buf() uint32 { return uint32(uintptr(unsafe.Pointer(&buf[0]))) }

// Call answers the request the host left in the first n bytes of the
// buffer with serve, writes the answer at the start of the buffer and
// returns its length. An answer that does not fit (impossible with the
// wire formats' bounds) is replaced by nothing, which the host rejects as
// malformed. serve reads the request in place (the wire's decoders copy
// what they keep) and builds its answer elsewhere, so the request needs
// no copy: in wazero's interpreter every allocation costs microseconds.
func Call(n uint32, serve func(req []byte) []byte) uint32 {
	if n > BufSize {
		return 0
	}
	out := serve(buf[:n:n])
	if calls++; calls%yieldEvery == 0 {
		// Between calls a reactor module runs nothing, and within one
		// Go cannot preempt the code, so the collector's own goroutines
		// run only where a call happens to give way. A correct file
		// making 1.3 MB of garbage a call ran out of its 64 MiB after
		// some fifty calls; yielding here lets a collection finish.
		runtime.Gosched()
	}
	if len(out) > BufSize {
		return 0
	}
	return uint32(copy(buf[:], out))
}
