package lamportsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op id n clock from t #q {kind T}
//	answer:   status enter #q {kind T} #sends {to kind T} #panic {byte}
//
// status 0: the call returned; 1: it panicked. enter is CanEnter's answer
// (false for the other handlers). The host trusts nothing in an answer:
// DecodeAnswer bounds every length and kind, and the handler contract is
// checked on the host.

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

const maxList = 64 // slots of q or messages in an answer

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return &remote{v: v, call: call} }
}

type remote struct {
	v    *Vars
	call Caller
}

func (r *remote) Enter()                { r.do(OpEnter, 0, 0) }
func (r *remote) OnRequest(from, t int) { r.do(OpRequest, from, t) }
func (r *remote) CanEnter() bool        { return r.do(OpCanEnter, 0, 0) }
func (r *remote) Exit()                 { r.do(OpExit, 0, 0) }
func (r *remote) OnRelease(from, t int) { r.do(OpRelease, from, t) }
func (r *remote) OnReply(from, t int)   { r.do(OpReply, from, t) }

func (r *remote) do(op Op, from, t int) bool {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, from, t, r.v)))
	stepwire.Check(err, a.Panic)
	r.v.Q, r.v.out = a.Vars.Q, a.Vars.out
	return a.Enter
}

// EncodeRequest writes the request for handler op (with the message's
// sender from and timestamp t) on v.
func EncodeRequest(op Op, from, t int, v *Vars) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(v.id)
	e.Int(v.n)
	e.Int(v.clock)
	e.Int(from)
	e.Int(t)
	e.Int(len(v.Q))
	for _, x := range v.Q {
		e.Int(int(x.Kind))
		e.Int(x.T)
	}
	return e.B
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	var v Vars
	v.id, v.n, v.clock = d.Int(), d.Int(), d.Int()
	from, t := d.Int(), d.Int()
	if k := d.Int(); k > 0 && k <= len(d.B) {
		v.Q = make([]Entry, 0, k)
		for ; k > 0; k-- {
			v.Q = append(v.Q, Entry{Kind(d.Int()), d.Int()})
		}
	}
	var enter bool
	panicked := "the request was malformed"
	if d.Err == nil && len(d.B) == 0 && wellFormed(op, from, t, &v) {
		enter, panicked = invoke(s(&v), op, from, t)
	}
	e := sim.Enc{}
	stepwire.PutStatus(&e, panicked)
	e.Bool(enter)
	q := v.Q[:min(len(v.Q), maxList+1)]
	e.Int(len(q))
	for _, x := range q {
		e.Int(int(x.Kind))
		e.Int(x.T)
	}
	out := v.out[:min(len(v.out), maxList+1)]
	e.Int(len(out))
	for _, s := range out {
		e.Int(s.To)
		e.Int(int(s.Msg.Kind))
		e.Int(s.Msg.T)
	}
	stepwire.PutPanic(&e, panicked)
	return e.B
}

// wellFormed reports whether a request is one the host can send, so
// that the student's code never runs on variables no node can have (a
// loop over N() nodes must end).
func wellFormed(op Op, from, t int, v *Vars) bool {
	switch {
	case op > OpReply, v.n < 1, v.n > maxList, v.id < 0, v.id >= v.n, len(v.Q) != v.n, v.clock < 0, t < 0:
		return false
	case (op == OpRequest || op == OpReply || op == OpRelease) && (from < 0 || from >= v.n || from == v.id):
		return false
	}
	return true
}

// Answer is a decoded answer.
type Answer struct {
	Vars  Vars // q, and the messages sent in its out
	Enter bool // CanEnter's answer
	Panic string
}

// DecodeAnswer reads an answer. It never panics.
func DecodeAnswer(b []byte) (Answer, error) {
	var a Answer
	d := sim.Dec{B: b}
	st := d.Int()
	a.Enter = d.Bool()
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || k < 0 || k > maxList+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	kind := func() (Kind, bool) {
		x := d.Int()
		return Kind(x), x >= 0 && x <= 255
	}
	for ; k > 0; k-- {
		kd, ok := kind()
		a.Vars.Q = append(a.Vars.Q, Entry{kd, d.Int()})
		if !ok {
			return Answer{}, stepwire.ErrBadAnswer
		}
	}
	k = d.Int()
	if d.Err != nil || k < 0 || k > maxList+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		to := d.Int()
		kd, ok := kind()
		a.Vars.out = append(a.Vars.out, Send{To: to, Msg: Entry{kd, d.Int()}})
		if !ok {
			return Answer{}, stepwire.ErrBadAnswer
		}
	}
	p, err := stepwire.ReadPanic(&d, st)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}
