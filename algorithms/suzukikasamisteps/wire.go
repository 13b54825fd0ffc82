package suzukikasamisteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/suzukikasami"
)

const maxList = 64 // RN, LN or Q entries, or messages in an answer

// The wire (see package stepwire) carries the variables as state has
// #RN {rn} #LN {ln} #Q {q}, and each message as kind to n #LN {ln} #Q {q}.
var wire = stepwire.Wire[Vars, Send]{
	Ops: ops, MaxSends: maxList,
	Put: func(e *sim.Enc, v *Vars) { e.Int(int(v.State)); e.Bool(v.has); putLists(e, v.RN, v.LN, v.Q) },
	Get: func(d *sim.Dec, v *Vars) {
		v.State, v.has, v.RN, v.LN, v.Q = State(stepwire.Small(d, 255)), d.Bool(), getList(d), getList(d), getList(d)
	},
	PutSend: func(e *sim.Enc, s Send) {
		e.Int(int(s.Kind))
		e.Int(s.To)
		e.Int(s.N)
		putLists(e, s.LN, s.Q)
	},
	GetSend: func(d *sim.Dec) Send {
		return Send{Kind: Kind(stepwire.Small(d, int(Token))), To: d.Int(), N: d.Int(), LN: getList(d), Q: getList(d)}
	},
	// The student's code never sees lists longer than the harness keeps
	// (RN, and the holder's LN and Q, at most N), nor a token's lists at
	// a node without it.
	Valid: func(v *Vars) bool {
		n := v.N()
		if !v.has {
			n = 0
		}
		return len(v.RN) <= v.N() && len(v.LN) <= n && len(v.Q) <= n
	},
}

func putLists(e *sim.Enc, lists ...[]int) {
	for _, l := range lists {
		stepwire.PutInts(e, l, maxList)
	}
}

func getList(d *sim.Dec) []int { return stepwire.GetInts(d, maxList) }

var harness = stepwire.Harness[Vars, Send]{Pkg: "suzukikasamisteps", Copy: copyVars, Wire: &wire,
	Wrap:  func(b stepwire.Node[Vars, Send]) sim.Node { return &node{b} },
	Phase: func(v *Vars) sim.Phase { return v.State.Phase() }, // a failed node waits forever
	Alg: sim.Algorithm{Payloads: true, MsgKinds: []string{"request", "token"},
		FormatMsg: suzukikasami.Algorithm().FormatMsg, // the token prints with its LN and Q
		Summary:   "Suzuki–Kasami's broadcast token (beyond the notes), with the handlers written by a student"},
	Init: start,
}

// node is one node: the harness's shared part holds all its variables.
type node struct{ stepwire.Node[Vars, Send] }

// Algorithm returns the descriptor of Suzuki–Kasami whose handlers s
// implements, under the given name (the exercise's algorithm,
// suzuki-kasami). N1 holds the token initially, as in the registry's.
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
