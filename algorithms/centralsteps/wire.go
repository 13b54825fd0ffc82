package centralsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

const maxList = 64 // queue entries or messages in an answer

// The wire (see package stepwire) carries the variables as state holder
// #queue {q}, and each message as kind to.
var wire = stepwire.Wire[Vars, Send]{Ops: ops, MaxSends: maxList,
	Put: func(e *sim.Enc, v *Vars) { e.Int(int(v.State)); e.Int(v.Holder); stepwire.PutInts(e, v.Queue, maxList) },
	Get: func(d *sim.Dec, v *Vars) {
		v.State, v.Holder, v.Queue = State(stepwire.Small(d, 255)), d.Int(), stepwire.GetInts(d, maxList)
	},
	PutSend: func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To) },
	GetSend: func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Release))), d.Int()} },
}

var harness = stepwire.Harness[Vars, Send]{Pkg: "centralsteps", Wire: &wire, Copy: copyVars,
	Wrap:  func(b stepwire.Node[Vars, Send]) sim.Node { return &node{Node: b} },
	Phase: func(v *Vars) sim.Phase { return v.State.Phase() }, // a failed node waits forever
	Alg: sim.Algorithm{Summary: "the central server (seed 002), with the handlers written by a student",
		Servers: 1, MsgKinds: []string{"request", "grant", "release"}},
	Init: func(int, int) Vars { return Vars{Holder: None} },
}

// node is one node: the harness's shared part holds all its variables.
type node struct {
	stepwire.Node[Vars, Send]
	// asked is how many of the client's Requests no Grant has answered
	// yet: a Grant that finds it at 0 was never asked for, the server's
	// mistake (see SenderFault). It only words a fault, so it is not
	// encoded: in code that keeps the protocol a client is asking exactly
	// when it is Wanted, which Decode assumes.
	asked int
}

// Clone and CopyFrom copy asked with the rest.
func (n *node) Clone() sim.Node { return &node{Node: n.Copy(), asked: n.asked} }

func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	n.Take(&src.Node)
	n.asked = src.asked
}

// Algorithm returns the descriptor of the central server whose handlers s
// implements, under the given name (the exercise's algorithm, central).
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
