// Package ralamportsteps is the student interface of the ra-lamport
// exercise: Ricart and Agrawala's algorithm with Lamport timestamps as
// seed 001 states it and the registry's ra-lamport runs it, where the
// harness owns the node's variables, its Lamport clock and the network,
// and the student writes the four handlers:
//
//	Enter():          state = Wanted; T = my Lamport clock; multicast
//	                  Request <T, me> to every other node (with no other
//	                  node, enter at once: state = Held)
//	OnRequest(j, Tj): if state = Held or (state = Wanted and (T, me) <
//	                  (Tj, j)) add <Tj, j> to the queue, else Reply to j
//	OnReply(j):       while Wanted, count the reply; with N-1 of them,
//	                  state = Held (enter the CS)
//	Exit():           state = Released; Reply to every queued request and
//	                  empty the queue
//
// The harness decides when each runs, as the registry's ra-lamport does:
// Enter and Exit when the application calls enter() and exit(),
// OnRequest and OnReply when a Request or a Reply is delivered. Each
// handler is one atomic step; the node enters the CS in the step that
// counts its (N-1)th reply.
//
// The clock is the simulator's and is read-only for the student. The
// harness ticks it before Enter and Exit (both are local events, as in
// the registry's ra-lamport: enter() ticks once and every copy of the
// Request carries that same T) and the simulator sets it to max(own,
// message) + 1 before OnRequest and OnReply; a handler reads it with
// Clock(). A Request carries the T the node had when SendRequest was
// called.
//
// Two choices keep the student's node state for state the registry's
// (so that schedules written for ra-lamport replay, and counterexamples
// open in the playground):
//   - While the node is RELEASED, T and Replies mean nothing (the
//     registry shows T as "-" and keeps both at 0): the harness resets
//     them to 0 whenever a handler leaves state = Released, so Enter
//     starts from Replies = 0. While WANTED and HELD, Replies counts
//     every reply of the request (the schedules read it in the CS).
//   - The queue's order does not matter (seed 001: put the requests in as
//     they come; exit() answers all of them at once), so two queues with
//     the same requests in another order are one state. The harness hands
//     every handler the queue sorted by node (then T), which makes the
//     handlers' behaviour a function of that state, and shows it in
//     arrival order, as the registry does.
//
// The handler contract: Enter sets state = Wanted (or Held), may set T
// and Replies, leaves the queue alone and sends only Requests; OnRequest
// keeps state, T and Replies, may change the queue and sends at most one
// Reply, to the node that asked; OnReply may change Replies and move
// Wanted to Held, keeps T and the queue and sends nothing; Exit sets
// state = Released, may change the queue and sends only Replies. Every
// message goes to another node that exists, at most one per node and
// handler; the queue holds other nodes only, at most 64 entries. A
// handler that breaks the contract, panics or (in the sandbox) runs out
// of time or memory makes the node fail: it stops, the variable "fault"
// says why, and it waits forever (a liveness failure).
package ralamportsteps

import (
	"cmp"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/ralamport"
)

// State is the node's state, in the seed's words.
type State = stepwire.State

const Released, Wanted, Held = stepwire.Released, stepwire.Wanted, stepwire.Held

// Waiter is a deferred request <T, P_ID> in the queue.
type Waiter struct {
	ID int // who asked (0-based: N1 is 0)
	T  int // the timestamp its request carries
}

// compareWaiters orders waiters by node, then timestamp: the order in
// which the harness hands the queue to a handler.
func compareWaiters(a, b Waiter) int {
	if c := cmp.Compare(a.ID, b.ID); c != 0 {
		return c
	}
	return cmp.Compare(a.T, b.T)
}

// Kind is a message kind; the values are the registry's.
type Kind uint8

const (
	Request Kind = ralamport.Request // <T, P_i>
	Reply   Kind = ralamport.Reply
)

func (k Kind) String() string { return stepwire.Named("Kind", int(k), "Request", "Reply") }

// Send is one message a handler sent; T is a Request's timestamp.
type Send struct {
	Kind  Kind
	To, T int
}

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1). MyID and N say where the node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	State   State
	T       int      // the timestamp of my current request (while Wanted or Held)
	Replies int      // replies received for it
	Queue   []Waiter // deferred requests, handed over sorted by node

	self
}

// Clock is this node's Lamport clock, which the harness keeps: already
// ticked for Enter and Exit, already max(own, message) + 1 in OnRequest
// and OnReply.
func (v *Vars) Clock() int { return stepwire.At(&v.self).Clock }

// SendRequest sends Request <T, me> to node to, T being v.T now.
func (v *Vars) SendRequest(to int) { stepwire.Emit(&v.self, Send{Kind: Request, To: to, T: v.T}) }

// SendReply sends Reply to node to.
func (v *Vars) SendReply(to int) { stepwire.Emit(&v.self, Send{Kind: Reply, To: to}) }

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Enter(): state = Wanted; T = Clock(); send Request <T, me> to every
	// other node; with no other node, state = Held at once.
	Enter()
	// OnRequest(j, tj): a Request <tj, j> arrives. If state = Held, or
	// state = Wanted and (T, me) < (tj, j), add it to the queue; else
	// send Reply to j.
	OnRequest(j, tj int)
	// OnReply(j): a Reply from j arrives. While Wanted, count it; with
	// N-1 replies, state = Held.
	OnReply(j int)
	// Exit(): state = Released; send Reply to every queued request and
	// empty the queue.
	Exit()
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpEnter, OpRequest, OpReply, OpExit Op = 0, 1, 2, 3

var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "OnRequest()", A: stepwire.Other, B: stepwire.Time}, {Name: "OnReply()", A: stepwire.Other}, {Name: "Exit()"}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{stepwire.M0(Steps.Enter), stepwire.M2(Steps.OnRequest), stepwire.M1(Steps.OnReply), stepwire.M0(Steps.Exit)}}

var name = stepwire.NodeName
