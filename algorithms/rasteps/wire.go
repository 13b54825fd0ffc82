package rasteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// The wire format between the grader (host) and a student's code compiled
// to WebAssembly (guest): one request per call of a step, one answer.
// Both are sim.Enc varints.
//
//	request: op arg id n myNum highestNum requestCS deferred source requestedNum
//	answer:  status ret myNum highestNum requestCS deferred source requestedNum
//	         #sends {kind to num} #panic-bytes {byte}
//
// status is 0 when the step returned and 1 when it panicked (the bytes
// then say with what). The host trusts nothing in an answer: DecodeAnswer
// bounds every length, and the step contract is checked on the host.

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

// Remote is the Steps of a student's code that runs elsewhere (the
// grader's sandbox): every step becomes one call.
func Remote(call Caller) New {
	return func(v *Vars) Steps { return &remote{v: v, call: call} }
}

// RemoteCode is the Code of a student's code for listing l that runs
// elsewhere: every step becomes one call (the guest answers with
// ServeCode).
func RemoteCode(l Listing, call Caller) Code {
	return Code{Listing: l, build: func(v *Vars) handler {
		r := &remote{v: v, call: call}
		return func(op Op, arg int) int { return r.do(op, arg) }
	}}
}

type remote struct {
	v    *Vars
	call Caller
}

func (r *remote) P2()      { r.do(OpP2, 0) }
func (r *remote) P4(N int) { r.do(OpP4, N) }
func (r *remote) P6a()     { r.do(OpP6a, 0) }
func (r *remote) P7() int  { return r.do(OpP7, 0) }
func (r *remote) P8(N int) { r.do(OpP8, N) }
func (r *remote) P9(N int) { r.do(OpP9, N) }
func (r *remote) P11()     { r.do(OpP11, 0) }
func (r *remote) P12()     { r.do(OpP12, 0) }

func (r *remote) do(op Op, arg int) int {
	a, err := DecodeAnswer(stepwire.Call(r.call, EncodeRequest(op, arg, r.v)))
	stepwire.Check(err, a.Panic)
	id, n := r.v.id, r.v.n
	*r.v = a.Vars
	r.v.id, r.v.n = id, n
	return a.Ret
}

// EncodeRequest writes the request for step op with argument arg on v.
func EncodeRequest(op Op, arg int, v *Vars) []byte {
	e := sim.Enc{B: make([]byte, 0, 16)}
	e.Int(int(op))
	e.Int(arg)
	e.Int(v.id)
	e.Int(v.n)
	encodeVars(&e, v)
	return e.B
}

func encodeVars(e *sim.Enc, v *Vars) {
	e.Int(v.MyNum)
	e.Int(v.HighestNum)
	e.Bool(v.RequestCS)
	e.Int(int(v.Deferred))
	e.Int(v.Source)
	e.Int(v.RequestedNum)
}

func decodeVars(d *sim.Dec, v *Vars) {
	v.MyNum = d.Int()
	v.HighestNum = d.Int()
	v.RequestCS = d.Bool()
	v.Deferred = Set(uint32(d.Int()))
	v.Source = d.Int()
	v.RequestedNum = d.Int()
}

// Serve answers one request with the student's steps: the guest's side.
// A panic in the student's code is caught and reported in the answer.
func Serve(s New, req []byte) []byte { return ServeCode(BenAriCode(s), req) }

// ServeCode is Serve for the steps of any listing.
func ServeCode(c Code, req []byte) []byte {
	d := sim.Dec{B: req}
	op := Op(d.Int())
	arg := d.Int()
	var v Vars
	v.id, v.n = d.Int(), d.Int()
	decodeVars(&d, &v)
	var h handler // nil without steps: invoke reports it
	if c.build != nil {
		h = c.build(&v)
	}
	ret, panicked := invoke(h, op, arg)
	e := sim.Enc{B: make([]byte, 0, 32)}
	stepwire.PutStatus(&e, panicked)
	e.Int(ret)
	encodeVars(&e, &v)
	out := v.out
	if len(out) > maxSends {
		out = out[:maxSends+1] // enough for the host to see too many
	}
	e.Int(len(out))
	for _, m := range out {
		e.Int(m.Kind)
		e.Int(m.To)
		e.Int(m.Num)
	}
	stepwire.PutPanic(&e, panicked)
	return e.B
}

// Answer is a decoded answer.
type Answer struct {
	Vars  Vars // with the messages sent in its out
	Ret   int
	Panic string
}

// Sent lists the messages of a decoded answer.
func (a *Answer) Sent() []Msg { return a.Vars.out }

const maxSends = 32

// DecodeAnswer reads an answer from the sandbox. It never panics: a
// truncated or oversized answer is an error.
func DecodeAnswer(b []byte) (Answer, error) {
	var a Answer
	d := sim.Dec{B: b}
	status := d.Int()
	a.Ret = d.Int()
	decodeVars(&d, &a.Vars)
	k := d.Int()
	if d.Err != nil || status < 0 || status > 1 || k < 0 || k > maxSends+1 {
		return Answer{}, stepwire.ErrBadAnswer
	}
	for ; k > 0; k-- {
		a.Vars.out = append(a.Vars.out, Msg{Kind: d.Int(), To: d.Int(), Num: d.Int()})
	}
	p, err := stepwire.ReadPanic(&d, status)
	if err != nil {
		return Answer{}, err
	}
	a.Panic = p
	return a, nil
}
