package tokenringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as state token,
// and each message as the node the token went to.
var wire = stepwire.Wire[Vars, int]{
	Ops: ops,
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
}

// Algorithm returns the descriptor of the token ring whose handlers s
// implements, under the given name (the exercise's algorithm,
// token-ring). N1 holds the token initially, as in the registry's.
func Algorithm(name string, s New) *sim.Algorithm { return ends.Algorithm(name, s) }

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call, which Serve answers.
func Remote(name string, call stepwire.Caller) *sim.Algorithm { return ends.Remote(name, call) }

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte { return ends.Serve(s, req) }
