package electionbullysteps

import (
	"dmelab/algorithms/electionbully"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as leader state
// heard, and each message as kind to. maxSends is more than any handler
// may send (each kind at most once to each other node).
var wire = stepwire.Wire[Vars, Send]{Ops: ops, MaxSends: 3 * MaxNodes,
	Put: func(e *sim.Enc, v *Vars) { e.Int(v.Leader); e.Int(int(v.State)); e.Bool(v.Heard) },
	Get: func(d *sim.Dec, v *Vars) {
		v.Leader, v.State, v.Heard = d.Int(), State(stepwire.Small(d, 255)), d.Bool()
	},
	PutSend: func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To) },
	GetSend: func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Coordinator))), d.Int()} },
}

var reg = electionbully.Algorithm()

var harness = stepwire.Harness[Vars, Send]{Pkg: "electionbullysteps", Wire: &wire, Crashes: true, Say: opCall, Max: MaxNodes,
	Wrap:  func(b stepwire.Node[Vars, Send]) sim.Node { return &node{b} },
	Phase: func(*Vars) sim.Phase { return sim.Idle },
	Alg: sim.Algorithm{Election: true, MsgKinds: reg.MsgKinds, FormatMsg: reg.FormatMsg, Listing: reg.Listing,
		Summary: "the bully election (seed 002), with the handlers written by a student"},
	Init: func(int, int) Vars { return Vars{Leader: None} },
	// Idle, as in the registry's (the application may ask for an election
	// at any time); a failed node is Wanting for ever, so that the
	// explorer reports it even if every live node agrees on a leader.
}

// node is one node: the harness's shared part holds its variables.
type node struct{ stepwire.Node[Vars, Send] }

// Algorithm returns the descriptor of the bully election whose handlers s
// implements, under the given name (the exercise's algorithm,
// election-bully). Its messages print and its steps read as the
// registry's, so schedules written for election-bully replay and
// counterexamples open in the playground.
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
