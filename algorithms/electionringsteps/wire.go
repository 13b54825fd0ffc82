package electionringsteps

import (
	"dmelab/algorithms/electionring"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

const maxSends = 64

// The wire (see package stepwire) carries the variables as leader, and
// each message as kind id.
var wire = stepwire.Wire[Vars, Send]{Ops: ops, MaxSends: maxSends,
	Put:     func(e *sim.Enc, v *Vars) { e.Int(v.Leader) },
	Get:     func(d *sim.Dec, v *Vars) { v.Leader = d.Int() },
	PutSend: func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.ID) },
	GetSend: func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Elected))), d.Int()} },
}

var harness = stepwire.Harness[Vars, Send]{Pkg: "electionringsteps", Wire: &wire, Crashes: true,
	Wrap: func(b stepwire.Node[Vars, Send]) sim.Node { return &node{b} },
	Alg: sim.Algorithm{Election: true, MsgKinds: []string{"election", "elected"}, FormatMsg: electionring.Algorithm().FormatMsg,
		Summary: "the ring election (seed 002), with the handlers written by a student"},
	Init: func(int, int) Vars { return Vars{Leader: None} },
}

// Algorithm returns the descriptor of the ring election whose handlers s
// implements, under the given name (the exercise's algorithm,
// election-ring). Messages are numbered and printed as the registry's
// election-ring prints them, so schedules written for it replay.
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

// node is one node: the harness's shared part holds its variable.
type node struct{ stepwire.Node[Vars, Send] }
