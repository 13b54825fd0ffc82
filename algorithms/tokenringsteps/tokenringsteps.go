// Package tokenringsteps is the student interface of the token-ring
// exercise: seed 002's token ring as the registry's token-ring runs it
// (one token circulates N1 → N2 → … → Nn → N1; only its holder enters),
// where the harness keeps the node's variables (state, token), the ring
// and the network, and the student writes the four handlers:
//
//	Enter():   if I hold the token, enter at once (state = Held);
//	           else wait for it (state = Wanted)
//	Leave():   state = Released; pass the token to my successor
//	OnToken(): the token arrives: token = true; if state = Wanted,
//	           state = Held (enter)
//	Pass():    an idle holder passes the token to its successor
//
// The handlers set token themselves: OnToken sets it to true, and passing
// the token on (token = false; send it to the successor) sets it back to
// false; the harness does neither. A ring of one keeps its token: Leave
// sends nothing and token stays true.
//
// The harness decides when each runs, as the registry's token-ring does:
// Enter and Leave when the application calls enter() and exit(), OnToken
// when the token is delivered, Pass as the internal step "pass token to
// Nk", offered while the node holds the token, is idle and has a
// successor. Each handler is one atomic step.
//
// The handler contract: Enter changes only state (to Wanted or Held) and
// sends nothing; Leave sets state = Released and may give up the token,
// sending it to the successor only; OnToken changes token and may move
// Wanted to Held, sending nothing; Pass changes only token and sends only
// to the successor. A handler that breaks the contract, panics or (in the
// sandbox) runs out of time or memory makes the node fail: it stops, the
// variable "fault" says why, and it waits forever (a liveness failure).
package tokenringsteps

import "dmelab/algorithms/internal/stepwire"

// State is the node's state, in the seed's words.
type State = stepwire.State

const Released, Wanted, Held = stepwire.Released, stepwire.Wanted, stepwire.Held

type self = stepwire.Self[int] // the nodes the token was sent to

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1); the ring goes from i to (i+1) mod N. MyID and N say where the
// node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	State State
	Token bool // this node holds the token: set by OnToken, cleared by passing it on

	self
}

// SendToken sends the token to node to.
func (v *Vars) SendToken(to int) { stepwire.Emit(&v.self, to) }

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Enter(): if I hold the token, enter at once (state = Held);
	// else wait for it (state = Wanted).
	Enter()
	// Leave(): state = Released; pass the token to my successor
	// (token = false), unless the ring has one node.
	Leave()
	// OnToken(): the token arrives: token = true; if state = Wanted,
	// state = Held.
	OnToken()
	// Pass(): I hold the token and do not want the CS: token = false;
	// send it to my successor.
	Pass()
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpEnter, OpLeave, OpToken, OpPass Op = 0, 1, 2, 3

var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "Leave()"}, {Name: "OnToken()"}, {Name: "Pass()"}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, int, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{
	stepwire.M0(Steps.Enter), stepwire.M0(Steps.Leave), stepwire.M0(Steps.OnToken), stepwire.M0(Steps.Pass),
}}
