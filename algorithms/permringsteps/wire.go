package permringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as state, and
// each message as kind to owner.
var wire = stepwire.Wire[Vars, Send]{
	Ops:      ops,
	Put:      func(e *sim.Enc, v *Vars) { e.Int(int(v.State)) },
	Get:      func(d *sim.Dec, v *Vars) { v.State = State(stepwire.Small(d, 255)) },
	PutSend:  func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To); e.Int(s.Owner) },
	GetSend:  func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Refuse))), d.Int(), d.Int()} },
	MaxSends: 64,
}

// Algorithm returns the descriptor of the permission ring whose handlers
// s implements, under the given name (the exercise's algorithm,
// permission-ring).
func Algorithm(name string, s New) *sim.Algorithm { return ends.Algorithm(name, s) }

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call, which Serve answers.
func Remote(name string, call stepwire.Caller) *sim.Algorithm { return ends.Remote(name, call) }

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte { return ends.Serve(s, req) }
