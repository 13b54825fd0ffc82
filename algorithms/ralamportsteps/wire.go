package ralamportsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
)

// The wire (see package stepwire) carries the variables as state T
// replies #queue {id t}, and each message as kind to t.
var wire = stepwire.Wire[Vars, Send]{Ops: ops, MaxSends: maxQueue,
	Put: func(e *sim.Enc, v *Vars) {
		e.Int(int(v.State))
		e.Int(v.T)
		e.Int(v.Replies)
		stepwire.PutList(e, v.Queue, maxQueue, func(e *sim.Enc, w Waiter) { e.Int(w.ID); e.Int(w.T) })
	},
	Get: func(d *sim.Dec, v *Vars) {
		v.State, v.T, v.Replies = State(stepwire.Small(d, 255)), d.Int(), d.Int()
		v.Queue = stepwire.GetList(d, maxQueue, func(d *sim.Dec) Waiter { return Waiter{ID: d.Int(), T: d.Int()} })
	},
	PutSend: func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.To); e.Int(s.T) },
	GetSend: func(d *sim.Dec) Send { return Send{Kind: Kind(stepwire.Small(d, int(Reply))), To: d.Int(), T: d.Int()} },
}

var reg = ralamport.Algorithm()

var harness = stepwire.Harness[Vars, Send]{Pkg: "ralamportsteps", Wire: &wire, Copy: copyVars, Clocks: true,
	Wrap:  func(b stepwire.Node[Vars, Send]) sim.Node { return &node{Node: b} },
	Phase: func(v *Vars) sim.Phase { return v.State.Phase() }, // a failed node waits forever
	Alg: sim.Algorithm{Clocks: true, MsgKinds: reg.MsgKinds, FormatMsg: reg.FormatMsg, Listing: reg.Listing,
		Summary: "Ricart–Agrawala with Lamport timestamps (seed 001), with the handlers written by a student"},
}

// Algorithm returns the descriptor of Ricart and Agrawala's algorithm
// whose handlers s implements, under the given name (the exercise's
// algorithm, ra-lamport). Message kinds, their rendering and the
// listing are the registry's, so that runs read the same.
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
