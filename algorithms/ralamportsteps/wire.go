package ralamportsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op id n clock j tj state T replies #queue {id t}
//	answer:   status state T replies #queue {id t} #sends {kind to t} #panic {byte}
//
// status 0: the call returned; 1: it panicked. The host trusts nothing in
// an answer: DecodeAnswer bounds every length and kind, and the handler
// contract is checked on the host.

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

const maxList = maxQueue // queue entries or messages in an answer

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return &remote{v: v, call: call} }
}

type remote struct {
	v    *Vars
	call Caller
}

func (r *remote) Enter()              { r.do(OpEnter, 0, 0) }
func (r *remote) OnRequest(j, tj int) { r.do(OpRequest, j, tj) }
func (r *remote) OnReply(j int)       { r.do(OpReply, j, 0) }
func (r *remote) Exit()               { r.do(OpExit, 0, 0) }

func (r *remote) do(op Op, j, tj int) {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, j, tj, r.v)))
	stepwire.Check(err, a.Panic)
	id, n, clock := r.v.id, r.v.n, r.v.clock
	*r.v = a.Vars
	r.v.id, r.v.n, r.v.clock = id, n, clock
}

// EncodeRequest writes the request for handler op (with the message's
// sender j and timestamp tj) on v.
func EncodeRequest(op Op, j, tj int, v *Vars) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(v.id)
	e.Int(v.n)
	e.Int(v.clock)
	e.Int(j)
	e.Int(tj)
	e.Int(int(v.State))
	e.Int(v.T)
	e.Int(v.Replies)
	writeQueue(&e, v.Queue)
	return e.B
}

func writeQueue(e *sim.Enc, q []Waiter) {
	e.Int(len(q))
	for _, w := range q {
		e.Int(w.ID)
		e.Int(w.T)
	}
}

// readQueue reads a queue of at most maxList+1 entries.
func readQueue(d *sim.Dec) ([]Waiter, bool) {
	k := d.Int()
	if d.Err != nil || k < 0 || k > maxList+1 {
		return nil, false
	}
	var q []Waiter
	for ; k > 0; k-- {
		q = append(q, Waiter{ID: d.Int(), T: d.Int()})
	}
	return q, d.Err == nil
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	var v Vars
	v.id, v.n, v.clock = d.Int(), d.Int(), d.Int()
	j, tj := d.Int(), d.Int()
	v.State = State(d.Int())
	v.T = d.Int()
	v.Replies = d.Int()
	q, ok := readQueue(&d)
	v.Queue = q
	var panicked string
	if !ok || v.n < 1 || v.n > maxList || v.id < 0 || v.id >= v.n {
		// Never sent by the host; answered without running the handler,
		// which may loop over N.
		panicked = "malformed request"
	} else {
		panicked = invoke(s(&v), op, j, tj)
	}
	e := sim.Enc{}
	stepwire.PutStatus(&e, panicked)
	e.Int(int(v.State))
	e.Int(v.T)
	e.Int(v.Replies)
	writeQueue(&e, v.Queue[:min(len(v.Queue), maxList+1)])
	out := v.out[:min(len(v.out), maxList+1)]
	e.Int(len(out))
	for _, s := range out {
		e.Int(int(s.Kind))
		e.Int(s.To)
		e.Int(s.T)
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
	state := d.Int()
	a.Vars.T = d.Int()
	a.Vars.Replies = d.Int()
	if d.Err != nil || st < 0 || st > 1 || state < 0 || state > 255 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	a.Vars.State = State(state)
	q, ok := readQueue(&d)
	if !ok {
		return Answer{}, stepwire.ErrBadAnswer
	}
	a.Vars.Queue = q
	k := d.Int()
	if d.Err != nil || k < 0 || k > maxList+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		kind, to, t := d.Int(), d.Int(), d.Int()
		if kind < 0 || kind > int(Reply) {
			return Answer{}, stepwire.ErrBadAnswer
		}
		a.Vars.out = append(a.Vars.out, Send{Kind: Kind(kind), To: to, T: t})
	}
	p, err := stepwire.ReadPanic(&d, st)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}
