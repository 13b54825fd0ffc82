// Package permringsteps is the student interface of the permission-ring
// exercise: seed 002's ring of permissions as the registry's
// permission-ring runs it (a request travels N_i → N_i+1 → … → N_i; a node
// that is trying itself refuses it, any other lets it pass; a request that
// comes back lets its owner in; a refused node backs off and tries again),
// where the harness owns the node's variables, the ring and the network,
// and the student writes the five handlers:
//
//	Enter():          state = Trying; send my request to my successor
//	                  (a ring of one: state = Held at once)
//	OnRequest(owner): my own request is back: state = Held (enter);
//	                  else if I am trying (Trying or Held): refuse it,
//	                  send Refuse to owner;
//	                  else pass it on to my successor
//	OnRefuse():       my request was refused: state = Refused (back off)
//	Retry():          state = Trying; send my request to my successor
//	Leave():          state = Released
//
// The harness decides when each runs, as the registry's permission-ring
// does: Enter and Leave when the application calls enter() and exit(),
// OnRequest and OnRefuse when a request or a refusal is delivered, Retry
// as the internal step "retry: send request to Nk", offered while state
// is Refused. Each handler is one atomic step.
//
// The handler contract: Enter sets state = Trying or Held and sends at
// most one request, its own; Leave sets state = Released and sends
// nothing; OnRequest may only move Trying to Held and sends at most one
// message; OnRefuse may only move Trying to Refused and sends nothing;
// Retry leaves Refused for Trying and sends at most one request, its own.
// Every request goes to the successor; a refusal goes to a node of the
// ring. A handler that breaks the contract, panics or (in the sandbox)
// runs out of time or memory makes the node fail: it stops, the variable
// "fault" says why, and it waits forever (a liveness failure).
package permringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// State is the node's state. It is the ring's own, not stepwire's: a
// node that backs off (Refused) still wants the CS but lets requests pass.
type State uint8

const (
	// Released: not asking for the CS.
	Released State = iota
	// Trying: my request is on its way round; I refuse the others'.
	Trying
	// Refused: my request was refused; I have backed off and let the
	// others' requests pass until I retry.
	Refused
	// Held: in the CS (which counts as trying).
	Held
)

// String is the seed's word for s (REFUSED), which the state tables and
// the scenarios show.
func (s State) String() string {
	return stepwire.Named("State", int(s), "RELEASED", "TRYING", "REFUSED", "HELD")
}

// GoName is the name of s's constant in the student's code (Refused): a
// fault names states as the code it blames does.
func (s State) GoName() string {
	return stepwire.Named("State", int(s), "Released", "Trying", "Refused", "Held")
}

// Phase is the simulator's phase of a node in state s.
func (s State) Phase() sim.Phase {
	switch s {
	case Trying, Refused:
		return sim.Wanting
	case Held:
		return sim.InCS
	}
	return sim.Idle
}

// Kind is a message kind.
type Kind uint8

const (
	Request Kind = iota // a request going round, with its owner
	Refuse              // to a request's owner: it was refused
)

// Send is one message a handler sent.
type Send struct {
	Kind  Kind
	To    int
	Owner int // a request's owner
}

// Op names a handler, in the order of Steps; its number is what a
// request carries.
type Op uint8

const OpEnter, OpRequest, OpRefuse, OpRetry, OpLeave Op = 0, 1, 2, 3, 4

// A request's owner is any node: its own request comes back to it.
var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "OnRequest()", A: stepwire.AnyNode}, {Name: "OnRefuse()"}, {Name: "Retry()"}, {Name: "Leave()"}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1); the ring goes from i to (i+1) mod N. MyID and N say where the
// node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	State State

	self
}

// SendRequest sends owner's request to node to.
func (v *Vars) SendRequest(to, owner int) { stepwire.Emit(&v.self, Send{Request, to, owner}) }

// SendRefuse tells node to that its request was refused.
func (v *Vars) SendRefuse(to int) { stepwire.Emit(&v.self, Send{Kind: Refuse, To: to}) }

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Enter(): state = Trying; send my request to my successor (a ring
	// of one enters at once).
	Enter()
	// OnRequest(owner): back home: enter; trying: refuse; else pass on.
	OnRequest(owner int)
	// OnRefuse(): my request was refused: back off.
	OnRefuse()
	// Retry(): try again: state = Trying; send my request round.
	Retry()
	// Leave(): state = Released.
	Leave()
}

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{
	stepwire.M0(Steps.Enter), stepwire.M1(Steps.OnRequest), stepwire.M0(Steps.OnRefuse), stepwire.M0(Steps.Retry), stepwire.M0(Steps.Leave),
}}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps
