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
	"strconv"

	"dmelab/algorithms/internal/stepwire"
)

// State is the node's state.
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

func (s State) String() string {
	switch s {
	case Released:
		return "RELEASED"
	case Trying:
		return "TRYING"
	case Refused:
		return "REFUSED"
	case Held:
		return "HELD"
	}
	return "State(" + strconv.Itoa(int(s)) + ")"
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

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1); the ring goes from i to (i+1) mod N.
type Vars struct {
	State State

	id, n int
	out   []Send
}

// MyID is this node's index (0-based: N1 is 0).
func (v *Vars) MyID() int { return v.id }

// N is the number of nodes in the ring.
func (v *Vars) N() int { return v.n }

// SendRequest sends owner's request to node to.
func (v *Vars) SendRequest(to, owner int) {
	v.out = append(v.out, Send{Kind: Request, To: to, Owner: owner})
}

// SendRefuse tells node to that its request was refused.
func (v *Vars) SendRefuse(to int) { v.out = append(v.out, Send{Kind: Refuse, To: to}) }

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

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const (
	OpEnter Op = iota
	OpRequest
	OpRefuse
	OpRetry
	OpLeave
)

func (o Op) String() string {
	switch o {
	case OpEnter:
		return "Enter()"
	case OpRequest:
		return "OnRequest()"
	case OpRefuse:
		return "OnRefuse()"
	case OpRetry:
		return "Retry()"
	case OpLeave:
		return "Leave()"
	}
	return "?"
}

// invoke calls one handler; a panic is returned as its message.
func invoke(s Steps, op Op, owner int) (panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = stepwire.PanicText(r)
		}
	}()
	switch op {
	case OpEnter:
		s.Enter()
	case OpRequest:
		s.OnRequest(owner)
	case OpRefuse:
		s.OnRefuse()
	case OpRetry:
		s.Retry()
	case OpLeave:
		s.Leave()
	}
	return ""
}

// Fault is a failure of the machinery that runs a student's code (see
// package stepwire).
type Fault = stepwire.Fault

func name(i int) string { return "N" + strconv.Itoa(i+1) }
