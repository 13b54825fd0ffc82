package tokenringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as state token,
// and each message as the node the token went to.
var wire = stepwire.Wire[Vars, int]{Ops: ops, MaxSends: 64, PutSend: (*sim.Enc).Int, GetSend: (*sim.Dec).Int,
	Put: func(e *sim.Enc, v *Vars) { e.Int(int(v.State)); e.Bool(v.Token) },
	Get: func(d *sim.Dec, v *Vars) { v.State, v.Token = State(stepwire.Small(d, 255)), d.Bool() },
}

var harness = stepwire.Harness[Vars, int]{Pkg: "tokenringsteps", Wire: &wire,
	Wrap:  func(b stepwire.Node[Vars, int]) sim.Node { return &node{b} },
	Phase: func(v *Vars) sim.Phase { return v.State.Phase() }, // a failed node waits forever
	Alg:   sim.Algorithm{Summary: "the token ring (seed 002), with the handlers written by a student", MsgKinds: []string{"token"}},
	Init:  func(i, _ int) Vars { return Vars{Token: i == 0} },
}

// node is one node: the harness's shared part holds all its variables.
type node struct{ stepwire.Node[Vars, int] }

// Algorithm returns the descriptor of the token ring whose handlers s
// implements, under the given name (the exercise's algorithm,
// token-ring). N1 holds the token initially, as in the registry's.
func Algorithm(name string, s New) *sim.Algorithm { return ends.Algorithm(name, s) }

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox), every handler one call, which Guest answers there.
func Remote(name string, call stepwire.Caller) *sim.Algorithm { return ends.Remote(name, call) }

// Guest answers requests with the student's handlers: the guest's
// side, one request per call of the function it returns.
//
// Not inlined (stepwire's package doc says why).
//
//go:noinline
func Guest(s New) func(req []byte) []byte { return ends.Guest(s) }
