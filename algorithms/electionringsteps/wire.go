package electionringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op id n arg crashed leader
//	answer:   status leader #sends {kind id} #panic {byte}
//
// status 0: the call returned; 1: it panicked. The host trusts nothing in
// an answer: DecodeAnswer bounds every length and kind, and the handler
// contract is checked on the host.

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

const maxSends = 64

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return &remote{v: v, call: call} }
}

type remote struct {
	v    *Vars
	call Caller
}

func (r *remote) StartElection()   { r.do(OpStart, 0) }
func (r *remote) OnElection(j int) { r.do(OpElection, j) }
func (r *remote) OnElected(k int)  { r.do(OpElected, k) }

func (r *remote) do(op Op, arg int) {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, arg, r.v)))
	stepwire.Check(err, a.Panic)
	id, n, crashed := r.v.id, r.v.n, r.v.crashed
	*r.v = a.Vars
	r.v.id, r.v.n, r.v.crashed = id, n, crashed
}

// EncodeRequest writes the request for handler op (with its argument
// arg) on v.
func EncodeRequest(op Op, arg int, v *Vars) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(v.id)
	e.Int(v.n)
	e.Int(arg)
	e.Int(int(v.crashed))
	e.Int(v.Leader)
	return e.B
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	var v Vars
	v.id, v.n = d.Int(), d.Int()
	arg := d.Int()
	v.crashed = uint32(d.Int())
	v.Leader = d.Int()
	panicked := invoke(s(&v), op, arg)
	e := sim.Enc{}
	stepwire.PutStatus(&e, panicked)
	e.Int(v.Leader)
	out := v.out[:min(len(v.out), maxSends+1)]
	e.Int(len(out))
	for _, s := range out {
		e.Int(int(s.Kind))
		e.Int(s.ID)
	}
	stepwire.PutPanic(&e, panicked)
	return e.B
}

// Answer is a decoded answer.
type Answer struct {
	Vars  Vars // with the messages sent in its out
	Panic string
}

// DecodeAnswer reads an answer. It never panics.
func DecodeAnswer(b []byte) (Answer, error) {
	var a Answer
	d := sim.Dec{B: b}
	st := d.Int()
	a.Vars.Leader = d.Int()
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || k < 0 || k > maxSends+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		kind, id := d.Int(), d.Int()
		if d.Err != nil || kind < 0 || kind > int(Elected) {
			return Answer{}, stepwire.ErrBadAnswer
		}
		a.Vars.out = append(a.Vars.out, Send{Kind(kind), id})
	}
	p, err := stepwire.ReadPanic(&d, st)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}
