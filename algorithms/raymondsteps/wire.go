package raymondsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

const maxList = 64 // request_Q entries or messages in an answer

// The wire (see package stepwire) carries the variables as state holder
// asked #queue {q}, and each message as kind to.
var harness = stepwire.Harness[Vars, Send]{Pkg: "raymondsteps", Wire: &stepwire.Wire[Vars, Send]{
	Ops:  ops,
	Self: func(v *Vars) *self { return &v.self },
	Put: func(e *sim.Enc, v *Vars) {
		e.Int(int(v.State))
		e.Int(v.Holder)
		e.Bool(v.Asked)
		stepwire.PutInts(e, v.Queue, maxList)
	},
	Get: func(d *sim.Dec, v *Vars) {
		v.State = State(stepwire.Small(d, 255))
		v.Holder = d.Int()
		v.Asked = d.Bool()
		v.Queue = stepwire.GetInts(d, maxList)
	},
	PutSend:  func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To) },
	GetSend:  func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Privilege))), d.Int()} },
	MaxSends: maxList,
	Noun:     "handlers",
}, Copy: func(dst, src *Vars) {
	q := append(dst.Queue[:0], src.Queue...)
	*dst = *src
	dst.Queue = q
}}

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return remote{Far: harness.Far(call, v)} }
}

// remote's Steps is nil: the harness calls its Far directly.
type remote struct {
	Steps
	stepwire.Far
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte { return harness.Serve(code(s), req) }
