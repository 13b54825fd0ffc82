package tokenringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op id n state token
//	answer:   status state token #sends {to} #panic {byte}
//
// status 0: the call returned; 1: it panicked. The host trusts nothing in
// an answer: DecodeAnswer bounds every length, and the handler contract
// is checked on the host.

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

func (r *remote) Enter()   { r.do(OpEnter) }
func (r *remote) Leave()   { r.do(OpLeave) }
func (r *remote) OnToken() { r.do(OpToken) }
func (r *remote) Pass()    { r.do(OpPass) }

func (r *remote) do(op Op) {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, r.v)))
	stepwire.Check(err, a.Panic)
	id, n := r.v.id, r.v.n
	*r.v = a.Vars
	r.v.id, r.v.n = id, n
}

// EncodeRequest writes the request for handler op on v.
func EncodeRequest(op Op, v *Vars) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(v.id)
	e.Int(v.n)
	e.Int(int(v.State))
	e.Bool(v.Token)
	return e.B
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	var v Vars
	v.id, v.n = d.Int(), d.Int()
	v.State = State(d.Int())
	v.Token = d.Bool()
	panicked := invoke(s(&v), op)
	e := sim.Enc{}
	stepwire.PutStatus(&e, panicked)
	e.Int(int(v.State))
	e.Bool(v.Token)
	out := v.out
	if len(out) > maxSends+1 {
		out = out[:maxSends+1]
	}
	e.Int(len(out))
	for _, to := range out {
		e.Int(to)
	}
	stepwire.PutPanic(&e, panicked)
	return e.B
}

// Answer is a decoded answer.
type Answer struct {
	Vars  Vars // with the nodes the token was sent to in its out
	Panic string
}

// DecodeAnswer reads an answer. It never panics.
func DecodeAnswer(b []byte) (Answer, error) {
	var a Answer
	d := sim.Dec{B: b}
	st := d.Int()
	a.Vars.State = State(d.Int())
	a.Vars.Token = d.Bool()
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || k < 0 || k > maxSends+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		a.Vars.out = append(a.Vars.out, d.Int())
	}
	p, err := stepwire.ReadPanic(&d, st)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}
