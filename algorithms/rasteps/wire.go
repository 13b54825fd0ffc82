package rasteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// maxSends bounds the messages of an answer; a step sends at most one.
const maxSends = 32

// wire (see package stepwire) carries the variables as myNum highestNum
// requestCS deferred source requestedNum, and each message as kind to
// num. It is the same for every listing: only the contract differs.
var wire = &stepwire.Wire[Vars, Msg]{
	Ops: ops,
	Put: func(e *sim.Enc, v *Vars) {
		e.Int(v.MyNum)
		e.Int(v.HighestNum)
		e.Bool(v.RequestCS)
		e.Int(int(v.Deferred))
		e.Int(v.Source)
		e.Int(v.RequestedNum)
	},
	Get: func(d *sim.Dec, v *Vars) {
		v.MyNum, v.HighestNum, v.RequestCS = d.Int(), d.Int(), d.Bool()
		v.Deferred, v.Source, v.RequestedNum = Set(uint32(d.Int())), d.Int(), d.Int()
	},
	PutSend:  func(e *sim.Enc, m Msg) { e.Int(m.Kind); e.Int(m.To); e.Int(m.Num) },
	GetSend:  func(d *sim.Dec) Msg { return Msg{Kind: d.Int(), To: d.Int(), Num: d.Int()} },
	MaxSends: maxSends,
	// A step may loop over deferred or index by source: both are the
	// system's nodes (source -1 while no request is being handled).
	Valid: func(v *Vars) bool {
		n := stepwire.At(&v.self).N
		return v.Deferred>>n == 0 && v.Source >= -1 && v.Source < n
	},
	Noun: "steps",
}

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

// Fault is a failure of the machinery that runs a student's code (see
// package stepwire).
type Fault = stepwire.Fault

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox): every step becomes one call, which the guest answers
// with Guest.
func Remote(name string, call Caller) *sim.Algorithm {
	return ListingAlgorithm(name, RemoteCode(BenAri, call))
}

// RemoteCode is the steps of listing l run elsewhere (the guest answers
// with GuestCode).
func RemoteCode(l Listing, call Caller) Code { return Code{Listing: l, code: wire.Remote(call)} }

// Guest answers requests with the student's steps: the guest's side,
// one request per call of the function it returns (see stepwire's
// Wire.Guest). A panic in the student's code is caught and reported in
// the answer.
//
// Not inlined (stepwire's package doc says why).
//
//go:noinline
func Guest(s New) func(req []byte) []byte { return GuestCode(BenAriCode(s)) }

// GuestCode is Guest for the steps of any listing.
//
// Not inlined (stepwire's package doc says why).
//
//go:noinline
func GuestCode(c Code) func(req []byte) []byte { return wire.Guest(c.code) }
