package permringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/permring"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as state, and
// each message as kind to owner.
var wire = stepwire.Wire[Vars, Send]{Ops: ops, MaxSends: 64,
	Put:     func(e *sim.Enc, v *Vars) { e.Int(int(v.State)) },
	Get:     func(d *sim.Dec, v *Vars) { v.State = State(stepwire.Small(d, 255)) },
	PutSend: func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To); e.Int(s.Owner) },
	GetSend: func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Refuse))), d.Int(), d.Int()} },
}

var harness = stepwire.Harness[Vars, Send]{Pkg: "permringsteps", Wire: &wire,
	Wrap:  func(b stepwire.Node[Vars, Send]) sim.Node { return &node{b} },
	Phase: func(v *Vars) sim.Phase { return v.State.Phase() }, // a failed node waits forever
	Alg: sim.Algorithm{MsgKinds: []string{"request", "refuse"}, FormatMsg: permring.FormatMsg,
		Summary: "the ring of permissions (seed 002), with the handlers written by a student"},
}

// node is one node: the harness's shared part holds all its variables.
type node struct{ stepwire.Node[Vars, Send] }

// Algorithm returns the descriptor of the permission ring whose handlers
// s implements, under the given name (the exercise's algorithm,
// permission-ring).
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
