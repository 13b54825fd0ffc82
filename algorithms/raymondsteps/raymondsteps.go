// Package raymondsteps is the student interface of the raymond exercise:
// Raymond's tree-based token algorithm as the registry's raymond runs it
// (the nodes form the binary tree numbered like a heap, the parent of Nk
// being N⌊k/2⌋; N1 holds the privilege initially), where the harness owns
// the node's variables (HOLDER, request_Q, ASKED, and state, whose Held is
// USING), the tree and the network, and the student writes the four
// handlers, each of which ends with the two procedures of the paper:
//
//	Enter():          state = Wanted; enqueue(request_Q, self)
//	Exit():           state = Released (USING = false)
//	OnRequest(from):  enqueue(request_Q, from)
//	OnPrivilege():    HOLDER = self
//	then, in each:    ASSIGN_PRIVILEGE; MAKE_REQUEST
//
//	ASSIGN_PRIVILEGE: if HOLDER = self and not USING and request_Q is not
//	    empty: HOLDER = dequeue(request_Q); ASKED = false; if HOLDER = self
//	    then state = Held (enter the CS) else send PRIVILEGE to HOLDER.
//	MAKE_REQUEST: if HOLDER ≠ self and request_Q is not empty and not
//	    ASKED: send REQUEST to HOLDER; ASKED = true.
//
// The harness decides when each runs, as the registry's raymond does:
// Enter and Exit when the application calls enter() and exit(), the
// others when a REQUEST or the PRIVILEGE is delivered. Each handler is
// one atomic step.
//
// The handler contract: Enter sets state = Wanted or Held; Exit sets
// state = Released; OnRequest and OnPrivilege may only move Wanted to
// Held. HOLDER is a node, request_Q holds nodes and is at most N long.
// A handler sends only to the node's neighbours in the tree, at most one
// REQUEST and at most one PRIVILEGE, and the PRIVILEGE only when the node
// holds it (HOLDER = self before the call, or the call is OnPrivilege).
// A handler that breaks the contract, panics or (in the sandbox) runs out
// of time or memory makes the node fail: it stops, the variable "fault"
// says why, and it waits forever (a liveness failure).
package raymondsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/raymond"
)

// State is the node's state, in the seed's words: Held is Raymond's USING.
type State = stepwire.State

const Released, Wanted, Held = stepwire.Released, stepwire.Wanted, stepwire.Held

// Kind is a message kind.
type Kind uint8

const (
	Request   Kind = iota // asks the receiver (the sender's HOLDER) for the privilege
	Privilege             // the token: its receiver becomes its holder
)

// Send is one message a handler sent.
type Send struct {
	Kind Kind
	To   int
}

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1), and its parent in the tree is Parent(i). MyID and N say where
// the node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	State  State
	Holder int   // HOLDER: the neighbour towards the privilege, or MyID()
	Queue  []int // request_Q, oldest first: MyID() for the node itself
	Asked  bool  // ASKED: a REQUEST is on its way to HOLDER

	self
}

// Parent is the index of node i's parent in the tree (i > 0).
func Parent(i int) int { return raymond.Parent(i) }

// SendRequest sends a REQUEST to node to.
func (v *Vars) SendRequest(to int) { stepwire.Emit(&v.self, Send{Request, to}) }

// SendPrivilege sends the PRIVILEGE to node to.
func (v *Vars) SendPrivilege(to int) { stepwire.Emit(&v.self, Send{Privilege, to}) }

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Enter(): state = Wanted; enqueue(request_Q, self); ASSIGN_PRIVILEGE;
	// MAKE_REQUEST.
	Enter()
	// Exit(): state = Released; ASSIGN_PRIVILEGE; MAKE_REQUEST.
	Exit()
	// OnRequest(from): enqueue(request_Q, from); ASSIGN_PRIVILEGE;
	// MAKE_REQUEST.
	OnRequest(from int)
	// OnPrivilege(): HOLDER = self; ASSIGN_PRIVILEGE; MAKE_REQUEST.
	OnPrivilege()
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpEnter, OpExit, OpRequest, OpPrivilege Op = 0, 1, 2, 3

var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "Exit()"}, {Name: "OnRequest()", A: stepwire.Other}, {Name: "OnPrivilege()"}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{
	stepwire.M0(Steps.Enter), stepwire.M0(Steps.Exit), stepwire.M1(Steps.OnRequest), stepwire.M0(Steps.OnPrivilege),
}}
