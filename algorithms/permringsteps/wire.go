package permringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as state, and
// each message as kind to owner.
var harness = stepwire.Harness[Vars, Send]{Pkg: "permringsteps", Wire: &stepwire.Wire[Vars, Send]{
	Ops:      ops,
	Self:     func(v *Vars) *self { return &v.self },
	Put:      func(e *sim.Enc, v *Vars) { e.Int(int(v.State)) },
	Get:      func(d *sim.Dec, v *Vars) { v.State = State(stepwire.Small(d, 255)) },
	PutSend:  func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To); e.Int(s.Owner) },
	GetSend:  func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Refuse))), d.Int(), d.Int()} },
	MaxSends: 64,
	Noun:     "handlers",
}}

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return remote{Far: harness.Far(call, v)} }
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte { return harness.Serve(code(s), req) }

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

// remote's Steps is nil: the harness calls its Far directly.
type remote struct {
	Steps
	stepwire.Far
}
