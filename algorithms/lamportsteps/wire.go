package lamportsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
)

const maxList = 64 // slots of q or messages in an answer

// The wire (see package stepwire) carries the variables as #q {kind T},
// and each message as to kind T; a request's q has one slot per node.
var wire = stepwire.Wire[Vars, Send]{Ops: ops, MaxSends: maxList,
	Put:     func(e *sim.Enc, v *Vars) { stepwire.PutList(e, v.Q, maxList, putEntry) },
	Get:     func(d *sim.Dec, v *Vars) { v.Q = stepwire.GetList(d, maxList, getEntry) },
	PutSend: func(e *sim.Enc, s Send) { e.Int(s.To); putEntry(e, s.Msg) },
	GetSend: func(d *sim.Dec) Send { return Send{To: d.Int(), Msg: getEntry(d)} },
	Valid:   func(v *Vars) bool { return len(v.Q) == v.N() },
}

func putEntry(e *sim.Enc, x Entry) { e.Int(int(x.Kind)); e.Int(x.T) }

func getEntry(d *sim.Dec) Entry { return Entry{Kind(stepwire.Small(d, 255)), d.Int()} }

var reg = lamport.Algorithm()

var harness = stepwire.Harness[Vars, Send]{Pkg: "lamportsteps", Wire: &wire, Copy: copyVars, Clocks: true,
	Wrap: func(b stepwire.Node[Vars, Send]) sim.Node { return &node{Node: b} },
	Alg: sim.Algorithm{FIFO: true, Clocks: true, MsgKinds: reg.MsgKinds, FormatMsg: reg.FormatMsg, Listing: reg.Listing,
		Summary: "Lamport 1978 (seed 004, algorithm 1), with the handlers written by a student"},
	Init: func(_, n int) Vars {
		q := make([]Entry, n)
		for j := range q {
			q[j] = Entry{Kind: Release}
		}
		return Vars{Q: q}
	},
}

// Algorithm returns the descriptor of Lamport 1978 whose handlers s
// implements, under the given name (the exercise's algorithm, lamport).
// Like the registry's lamport it has FIFO channels and Lamport clocks,
// and it names and prints its messages and shows its pseudocode the same
// way (the registry's own MsgKinds, FormatMsg and Listing), so schedules
// written for lamport replay on it.
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
