package tokenringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as state token,
// and each message as the node the token went to.
var harness = stepwire.Harness[Vars, int]{Pkg: "tokenringsteps", Wire: &stepwire.Wire[Vars, int]{
	Ops:  ops,
	Self: func(v *Vars) *self { return &v.self },
	Put: func(e *sim.Enc, v *Vars) {
		e.Int(int(v.State))
		e.Bool(v.Token)
	},
	Get: func(d *sim.Dec, v *Vars) {
		v.State = State(stepwire.Small(d, 255))
		v.Token = d.Bool()
	},
	PutSend:  (*sim.Enc).Int,
	GetSend:  (*sim.Dec).Int,
	MaxSends: 64,
	Noun:     "handlers",
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
