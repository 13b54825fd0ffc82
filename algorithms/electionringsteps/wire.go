package electionringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

const maxSends = 64

// The wire (see package stepwire) carries the variables as leader, and
// each message as kind id.
var wire = stepwire.Wire[Vars, Send]{
	Ops:      ops,
	Put:      func(e *sim.Enc, v *Vars) { e.Int(v.Leader) },
	Get:      func(d *sim.Dec, v *Vars) { v.Leader = d.Int() },
	PutSend:  func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.ID) },
	GetSend:  func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Elected))), d.Int()} },
	MaxSends: maxSends,
}

// Algorithm returns the descriptor of the ring election whose handlers s
// implements, under the given name (the exercise's algorithm,
// election-ring). Messages are numbered and printed as the registry's
// election-ring prints them, so schedules written for it replay.
func Algorithm(name string, s New) *sim.Algorithm { return ends.Algorithm(name, s) }

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call, which Serve answers.
func Remote(name string, call stepwire.Caller) *sim.Algorithm { return ends.Remote(name, call) }

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte { return ends.Serve(s, req) }
