package stepwire

import "dmelab/algorithms/sim"

// Ends are an interface package's entry points on both sides of the
// wire, for a student's Steps St (the methods of table, in the order of
// the ops): the package's Algorithm, Remote and Guest are these, so that
// every package has the same ones and says only its own doc.
type Ends[V, S, St any] struct {
	*Harness[V, S]
	Table []Method[St]
}

// Code is the Code of the student's constructor s.
func (e Ends[V, S, St]) Code(s func(*V) St) Code[V] { return Methods(s, e.Table) }

// Algorithm is the descriptor whose nodes run s's steps, under the given
// name.
func (e Ends[V, S, St]) Algorithm(name string, s func(*V) St) *sim.Algorithm {
	return e.Descriptor(name, e.Code(s))
}

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox, which answers with Guest): every call becomes one
// request through call.
func (e Ends[V, S, St]) Remote(name string, call Caller) *sim.Algorithm {
	return e.Descriptor(name, e.Wire.Remote(call))
}

// Guest answers requests with s's steps: the guest's side (see
// Wire.Guest). A panic is caught and reported in the answer, and a
// request the host never sends is refused without running them.
func (e Ends[V, S, St]) Guest(s func(*V) St) func(req []byte) []byte {
	return e.Wire.Guest(e.Code(s))
}
