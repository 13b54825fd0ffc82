package maekawasteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op from id n state voted replies queue V    (handlers)
//	          op n                                         (OpSets)
//	answer:   status state voted replies queue V #sends {kind to} #panic {byte}
//	          status #sets {set} #panic {byte}             (OpSets)
//
// status 0: the call returned; 1: it panicked. The host trusts nothing in
// an answer: DecodeAnswer and DecodeSets bound every length and the
// handler contract and seed 003's conditions are checked on the host.

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

const (
	maxSends = 64
	maxNodes = 32
)

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return &remote{v: v, call: call} }
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

type remote struct {
	v    *Vars
	call Caller
}

func (r *remote) Enter()           { r.do(OpEnter, -1) }
func (r *remote) Leave()           { r.do(OpLeave, -1) }
func (r *remote) OnRequest(pj int) { r.do(OpRequest, pj) }
func (r *remote) OnRelease(pj int) { r.do(OpRelease, pj) }
func (r *remote) OnReply(pj int)   { r.do(OpReply, pj) }

func (r *remote) do(op Op, from int) {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, from, r.v)))
	stepwire.Check(err, a.Panic)
	id, n := r.v.id, r.v.n
	*r.v = a.Vars
	r.v.id, r.v.n = id, n
}

// EncodeRequest writes the request for handler op, called for a message
// from node from (-1 for Enter and Leave), on v.
func EncodeRequest(op Op, from int, v *Vars) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(from)
	e.Int(v.id)
	e.Int(v.n)
	encodeVars(&e, v)
	return e.B
}

func encodeVars(e *sim.Enc, v *Vars) {
	e.Int(int(v.State))
	e.Bool(v.Voted)
	e.Int(v.Replies)
	e.Ints(v.Q)
	e.Ints(v.V)
}

func decodeVars(d *sim.Dec, v *Vars) {
	v.State = State(d.Int())
	v.Voted = d.Bool()
	v.Replies = d.Int()
	v.Q = d.Ints()
	v.V = d.Ints()
}

// Serve answers one request with the student's handlers and voting sets:
// the guest's side. Panics are caught and reported in the answer.
func Serve(s New, sets Sets, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	e := sim.Enc{}
	if op == OpSets {
		v, panicked := invokeSets(sets, d.Int())
		status(&e, panicked)
		if len(v) > maxNodes+1 {
			v = v[:maxNodes+1]
		}
		e.Int(len(v))
		for _, s := range v {
			if len(s) > 2*maxNodes {
				s = s[:2*maxNodes]
			}
			e.Ints(s)
		}
		return panicBytes(&e, panicked)
	}
	from := d.Int()
	var v Vars
	v.id, v.n = d.Int(), d.Int()
	decodeVars(&d, &v)
	panicked := invoke(s(&v), op, from)
	status(&e, panicked)
	if len(v.Q) > maxQueue+1 {
		v.Q = v.Q[:maxQueue+1]
	}
	if len(v.V) > 2*maxNodes {
		v.V = v.V[:2*maxNodes]
	}
	encodeVars(&e, &v)
	out := v.out
	if len(out) > maxSends+1 {
		out = out[:maxSends+1]
	}
	e.Int(len(out))
	for _, m := range out {
		e.Int(m.Kind)
		e.Int(m.To)
	}
	return panicBytes(&e, panicked)
}

func status(e *sim.Enc, panicked string) {
	stepwire.PutStatus(e, panicked)
}

func panicBytes(e *sim.Enc, p string) []byte {
	stepwire.PutPanic(e, p)
	return e.B
}

// Answer is a decoded answer to a handler call.
type Answer struct {
	Vars  Vars // with the messages sent in its out
	Panic string
}

// Sent lists the messages of a decoded answer.
func (a *Answer) Sent() []Msg { return a.Vars.out }

// DecodeAnswer reads an answer to a handler call. It never panics.
func DecodeAnswer(b []byte) (Answer, error) {
	var a Answer
	d := sim.Dec{B: b}
	st := d.Int()
	decodeVars(&d, &a.Vars)
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || k < 0 || k > maxSends+1 || len(a.Vars.Q) > maxQueue+1 || len(a.Vars.V) > 2*maxNodes {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		a.Vars.out = append(a.Vars.out, Msg{Kind: d.Int(), To: d.Int()})
	}
	p, err := readPanic(&d, st)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}

// DecodeSets reads an answer to VotingSets. It never panics.
func DecodeSets(b []byte) (sets [][]int, panicked string, err error) {
	d := sim.Dec{B: b}
	st := d.Int()
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || k < 0 || k > maxNodes+1 {
		return nil, "", stepwire.ErrBadAnswer
	}
	sets = make([][]int, 0, k)
	for ; k > 0; k-- {
		s := d.Ints()
		if len(s) > 2*maxNodes {
			return nil, "", stepwire.ErrBadAnswer
		}
		if s == nil {
			s = []int{}
		}
		sets = append(sets, s)
	}
	p, err := readPanic(&d, st)
	if err != nil {
		return nil, "", err
	}
	return sets, p, nil
}

func readPanic(d *sim.Dec, st int) (string, error) {
	return stepwire.ReadPanic(d, st)
}
