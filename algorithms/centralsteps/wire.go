package centralsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op id n from state holder #queue {q}
//	answer:   status state holder #queue {q} #sends {kind to} #panic {byte}
//
// status 0: the call returned; 1: it panicked. The host trusts nothing in
// an answer: DecodeAnswer bounds every length and kind, and the handler
// contract is checked on the host.

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

const maxList = 64 // queue entries or messages in an answer

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return &remote{v: v, call: call} }
}

type remote struct {
	v    *Vars
	call Caller
}

func (r *remote) Enter()             { r.do(OpEnter, 0) }
func (r *remote) Exit()              { r.do(OpExit, 0) }
func (r *remote) OnRequest(from int) { r.do(OpRequest, from) }
func (r *remote) OnRelease(from int) { r.do(OpRelease, from) }
func (r *remote) OnGrant()           { r.do(OpGrant, 0) }

func (r *remote) do(op Op, from int) {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, from, r.v)))
	stepwire.Check(err, a.Panic)
	id, n := r.v.id, r.v.n
	*r.v = a.Vars
	r.v.id, r.v.n = id, n
}

// EncodeRequest writes the request for handler op (with its argument
// from) on v.
func EncodeRequest(op Op, from int, v *Vars) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(v.id)
	e.Int(v.n)
	e.Int(from)
	e.Int(int(v.State))
	e.Int(v.Holder)
	e.Ints(v.Queue)
	return e.B
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	var v Vars
	v.id, v.n = d.Int(), d.Int()
	from := d.Int()
	v.State = State(d.Int())
	v.Holder = d.Int()
	v.Queue = d.Ints()
	panicked := invoke(s(&v), op, from)
	e := sim.Enc{}
	stepwire.PutStatus(&e, panicked)
	e.Int(int(v.State))
	e.Int(v.Holder)
	e.Ints(v.Queue[:min(len(v.Queue), maxList+1)])
	out := v.out[:min(len(v.out), maxList+1)]
	e.Int(len(out))
	for _, s := range out {
		e.Int(int(s.Kind))
		e.Int(s.To)
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
	a.Vars.Holder = d.Int()
	a.Vars.Queue = d.Ints()
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || len(a.Vars.Queue) > maxList+1 || k < 0 || k > maxList+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		kind, to := d.Int(), d.Int()
		if kind < 0 || kind > int(Release) {
			return Answer{}, stepwire.ErrBadAnswer
		}
		a.Vars.out = append(a.Vars.out, Send{Kind(kind), to})
	}
	p, err := stepwire.ReadPanic(&d, st)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}
