package electionbullysteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as leader state
// heard, and each message as kind to. maxSends is more than any handler
// may send (each kind at most once to each other node).
var harness = stepwire.Harness[Vars, Send]{Pkg: "electionbullysteps", Crashes: true, Say: opCall, Wire: &stepwire.Wire[Vars, Send]{
	Ops:  ops,
	Self: func(v *Vars) *self { return &v.self },
	Put: func(e *sim.Enc, v *Vars) {
		e.Int(v.Leader)
		e.Int(int(v.State))
		e.Bool(v.Heard)
	},
	Get: func(d *sim.Dec, v *Vars) {
		v.Leader = d.Int()
		v.State = State(stepwire.Small(d, 255))
		v.Heard = d.Bool()
	},
	PutSend:  func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To) },
	GetSend:  func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Coordinator))), d.Int()} },
	MaxSends: 3 * MaxNodes,
	Noun:     "handlers",
}}

// Caller sends one request to wherever the student's code runs and
// returns its answer (see package stepwire).
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
// side. Panics are caught and reported in the answer, and a request that
// does not decode, or names a system the host never builds, is refused.
func Serve(s New, req []byte) []byte { return harness.Serve(code(s), req) }
