package maekawasteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

const (
	maxSends = 64
	maxNodes = 32
)

// The wire (see package stepwire) carries the variables as state voted
// replies queue V, and each message as kind to. VotingSets has a wire of
// its own:
//
//	request:  OpSets n
//	answer:   status #sets {set} #panic {byte}
var harness = stepwire.Harness[Vars, Msg]{Pkg: "maekawasteps", Copy: copyVars,
	Phase: func(v *Vars) sim.Phase { return v.State.Phase() }, // a failed node waits forever
	Wire: &stepwire.Wire[Vars, Msg]{Ops: ops,
		Put: func(e *sim.Enc, v *Vars) {
			e.Int(int(v.State))
			e.Bool(v.Voted)
			e.Int(v.Replies)
			stepwire.PutInts(e, v.Q, maxQueue)
			stepwire.PutInts(e, v.V, 2*maxNodes-1)
		},
		Get: func(d *sim.Dec, v *Vars) {
			v.State = State(stepwire.Small(d, 255))
			v.Voted = d.Bool()
			v.Replies = d.Int()
			v.Q = stepwire.GetInts(d, maxQueue)
			v.V = stepwire.GetInts(d, 2*maxNodes-1)
		},
		PutSend:  func(e *sim.Enc, m Msg) { e.Int(m.Kind); e.Int(m.To) },
		GetSend:  func(d *sim.Dec) Msg { return Msg{Kind: d.Int(), To: d.Int()} },
		MaxSends: maxSends,
	}}

func copyVars(dst, src *Vars) {
	q, v := append(dst.Q[:0], src.Q...), append(dst.V[:0], src.V...)
	*dst = *src
	dst.Q, dst.V = q, v
}

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox): every handler, and VotingSets, becomes one call,
// which Guest answers.
func Remote(name string, call Caller) *sim.Algorithm {
	return algorithm(name, harness.Remote(call), RemoteSets(call))
}

// RemoteSets is the student's VotingSets run elsewhere. A failure of the
// machinery is a panic with a Fault, as BuildSets expects.
func RemoteSets(call Caller) Sets {
	return func(n int) [][]int {
		e := sim.Enc{}
		e.Int(int(OpSets))
		e.Int(n)
		sets, panicked, err := DecodeSets(stepwire.Call(call, e.B))
		stepwire.Check(err, panicked)
		return sets
	}
}

// Guest answers requests with the student's handlers and voting sets:
// the guest's side, one request per call of the function it returns (see
// stepwire's Wire.Guest). Panics are caught and reported in the answer.
//
// Not inlined (stepwire's package doc says why).
//
//go:noinline
func Guest(s New, sets Sets) func(req []byte) []byte {
	steps := harness.Guest(code(s))
	return func(req []byte) []byte {
		d := sim.Dec{B: req}
		if Op(d.Int()) != OpSets || d.Err != nil {
			return steps(req)
		}
		n := d.Int()
		var v [][]int
		panicked := "the request was malformed"
		if d.Err == nil && len(d.B) == 0 {
			v, panicked = invokeSets(sets, n)
		}
		e := sim.Enc{}
		stepwire.PutStatus(&e, panicked)
		stepwire.PutList(&e, v, maxNodes, func(e *sim.Enc, s []int) { stepwire.PutInts(e, s, 2*maxNodes-1) })
		stepwire.PutPanic(&e, panicked)
		return e.B
	}
}

// DecodeSets reads an answer to VotingSets. It never panics.
func DecodeSets(b []byte) (sets [][]int, panicked string, err error) {
	d := sim.Dec{B: b}
	st := d.Int()
	sets = stepwire.GetList(&d, maxNodes, func(d *sim.Dec) []int {
		if s := stepwire.GetInts(d, 2*maxNodes-1); s != nil {
			return s
		}
		return []int{}
	})
	if d.Err != nil {
		return nil, "", stepwire.ErrBadAnswer
	}
	if sets == nil {
		sets = [][]int{}
	}
	p, err := stepwire.ReadPanic(&d, st)
	if err != nil {
		return nil, "", err
	}
	return sets, p, nil
}
