package lamportsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

const maxList = 64 // slots of q or messages in an answer

// The wire (see package stepwire) carries the variables as #q {kind T},
// and each message as to kind T; a request's q has one slot per node.
var wire = stepwire.Wire[Vars, Send]{
	Ops:      ops,
	Put:      func(e *sim.Enc, v *Vars) { stepwire.PutList(e, v.Q, maxList, putEntry) },
	Get:      func(d *sim.Dec, v *Vars) { v.Q = stepwire.GetList(d, maxList, getEntry) },
	PutSend:  func(e *sim.Enc, s Send) { e.Int(s.To); putEntry(e, s.Msg) },
	GetSend:  func(d *sim.Dec) Send { return Send{To: d.Int(), Msg: getEntry(d)} },
	MaxSends: maxList,
	Valid:    func(v *Vars) bool { return len(v.Q) == v.N() },
}

func copyVars(dst, src *Vars) {
	q := append(dst.Q[:0], src.Q...)
	*dst = *src
	dst.Q = q
}

func putEntry(e *sim.Enc, x Entry) { e.Int(int(x.Kind)); e.Int(x.T) }

func getEntry(d *sim.Dec) Entry { return Entry{Kind(stepwire.Small(d, 255)), d.Int()} }

// Caller sends one request to wherever the student's code runs and returns
// its answer (see package stepwire).
type Caller = stepwire.Caller

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox): every handler becomes one call, which Serve answers.
func Remote(name string, call Caller) *sim.Algorithm { return ends.Remote(name, call) }

// Serve answers one request with the student's handlers: the guest's
// side. Panics are caught and reported in the answer.
func Serve(s New, req []byte) []byte { return ends.Serve(s, req) }
