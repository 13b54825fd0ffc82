package permringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op id n state owner
//	answer:   status state #sends {kind to owner} #panic {byte}
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

func (r *remote) Enter()              { r.do(OpEnter, 0) }
func (r *remote) OnRequest(owner int) { r.do(OpRequest, owner) }
func (r *remote) OnRefuse()           { r.do(OpRefuse, 0) }
func (r *remote) Retry()              { r.do(OpRetry, 0) }
func (r *remote) Leave()              { r.do(OpLeave, 0) }

func (r *remote) do(op Op, owner int) {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, r.v, owner)))
	stepwire.Check(err, a.Panic)
	id, n := r.v.id, r.v.n
	*r.v = a.Vars
	r.v.id, r.v.n = id, n
}

// EncodeRequest writes the request for handler op on v; owner is
// OnRequest's argument.
func EncodeRequest(op Op, v *Vars, owner int) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(v.id)
	e.Int(v.n)
	e.Int(int(v.State))
	e.Int(owner)
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
	owner := d.Int()
	panicked := invoke(s(&v), op, owner)
	e := sim.Enc{}
	stepwire.PutStatus(&e, panicked)
	e.Int(int(v.State))
	out := v.out
	if len(out) > maxSends+1 {
		out = out[:maxSends+1]
	}
	e.Int(len(out))
	for _, m := range out {
		e.Int(int(m.Kind))
		e.Int(m.To)
		e.Int(m.Owner)
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
	a.Vars.State = State(d.Int())
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || k < 0 || k > maxSends+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		kind, to, owner := d.Int(), d.Int(), d.Int()
		if kind < 0 || kind > int(Refuse) {
			return Answer{}, stepwire.ErrBadAnswer
		}
		a.Vars.out = append(a.Vars.out, Send{Kind: Kind(kind), To: to, Owner: owner})
	}
	p, err := stepwire.ReadPanic(&d, st)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}
