package electionbullysteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest), in sim.Enc varints:
//
//	request:  op id n arg crashed leader state heard
//	answer:   status leader state heard #sends {kind to} #panic {byte}
//
// status 0: the call returned; 1: it panicked (or the request was
// malformed). The host trusts nothing in an answer: DecodeAnswer bounds
// every length and kind, and the handler contract is checked on the host.

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

const (
	// maxSends is more than any handler may send (each kind at most once
	// to each other node); Serve cuts a longer list to maxSends+1, which
	// the contract then rejects.
	maxSends = 3 * MaxNodes
)

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return &remote{v: v, call: call} }
}

type remote struct {
	v    *Vars
	call Caller
}

func (r *remote) Start()                { r.do(OpStart, 0) }
func (r *remote) OnElection(from int)   { r.do(OpElection, from) }
func (r *remote) OnOK(from int)         { r.do(OpOK, from) }
func (r *remote) OnCoordinator(k int)   { r.do(OpCoordinator, k) }
func (r *remote) TimeoutNoOK()          { r.do(OpNoOK, 0) }
func (r *remote) TimeoutNoCoordinator() { r.do(OpNoCoordinator, 0) }
func (r *remote) Heartbeat()            { r.do(OpHeartbeat, 0) }
func (r *remote) Check()                { r.do(OpCheck, 0) }

func (r *remote) do(op Op, arg int) {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, arg, r.v)))
	stepwire.Check(err, a.Panic)
	id, n, crashed := r.v.id, r.v.n, r.v.crashed
	*r.v = a.Vars
	r.v.id, r.v.n, r.v.crashed = id, n, crashed
}

// EncodeRequest writes the request for handler op (with its argument: the
// sender, or k of coordinator(k)) on v.
func EncodeRequest(op Op, arg int, v *Vars) []byte {
	e := sim.Enc{}
	e.Int(int(op))
	e.Int(v.id)
	e.Int(v.n)
	e.Int(arg)
	e.Int(int(v.crashed))
	e.Int(v.Leader)
	e.Int(int(v.State))
	e.Bool(v.Heard)
	return e.B
}

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer; so is a request
// that does not decode, or names a system the host never builds (its
// loops over the nodes must stay bounded).
func Serve(s New, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	var v Vars
	v.id, v.n = d.Int(), d.Int()
	arg := d.Int()
	crashed := d.Int()
	v.Leader = d.Int()
	v.State = State(d.Int())
	v.Heard = d.Bool()
	var panicked string
	if d.Err != nil || op >= numOps || v.n < 1 || v.n > MaxNodes || v.id < 0 || v.id >= v.n || crashed < 0 || uint64(crashed)>>MaxNodes != 0 {
		panicked = "malformed request"
	} else {
		v.crashed = uint32(crashed)
		panicked = invoke(s(&v), op, arg)
	}
	e := sim.Enc{}
	stepwire.PutStatus(&e, panicked)
	e.Int(v.Leader)
	e.Int(int(v.State))
	e.Bool(v.Heard)
	out := v.out[:min(len(v.out), maxSends+1)]
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
	a.Vars.Leader = d.Int()
	state := d.Int()
	a.Vars.Heard = d.Bool()
	k := d.Int()
	if d.Err != nil || st < 0 || st > 1 || state < 0 || state > 255 || k < 0 || k > maxSends+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	a.Vars.State = State(state)
	for ; k > 0; k-- {
		kind, to := d.Int(), d.Int()
		if d.Err != nil || kind < 0 || kind > int(Coordinator) {
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
