package electionbullysteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as leader state
// heard, and each message as kind to. maxSends is more than any handler
// may send (each kind at most once to each other node).
var wire = stepwire.Wire[Vars, Send]{
	Ops: ops,
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
}

// Algorithm returns the descriptor of the bully election whose handlers s
// implements, under the given name (the exercise's algorithm,
// election-bully). Its messages print and its steps read as the
// registry's, so schedules written for election-bully replay and
// counterexamples open in the playground.
func Algorithm(name string, s New) *sim.Algorithm { return ends.Algorithm(name, s) }

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call, which Serve answers.
func Remote(name string, call stepwire.Caller) *sim.Algorithm { return ends.Remote(name, call) }

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte { return ends.Serve(s, req) }
