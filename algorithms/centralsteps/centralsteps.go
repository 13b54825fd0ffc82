// Package centralsteps is the student interface of the central-server
// exercise: seed 002's central server as the registry's central runs it
// (node N1 is the server and no client: it queues the enter() requests of
// the others and grants the CS to one client at a time), where the
// harness owns the variables and the network and the student writes the
// five handlers:
//
//	Enter():         state = Wanted; send Request to the server
//	Exit():          state = Released; send Release to the server
//	OnRequest(from): server: if nobody holds the CS, holder = from and
//	                 send Grant to from; else add from to the queue
//	OnRelease(from): server: if the queue is not empty, holder = its
//	                 first, removed from it, and send Grant to the holder;
//	                 else holder = nobody
//	OnGrant():       state = Held (enter the CS)
//
// The harness decides when each runs, as the registry's central does:
// Enter and Exit when the application calls enter() and exit(), the
// others when a Request, Release or Grant is delivered. The application
// never calls enter() at the server.
//
// The handler contract: Enter sets state = Wanted (or Held) and sends at
// most one Request; Exit sets state = Released and sends at most one
// Release; OnGrant may only move Wanted to Held and sends nothing; none of
// them touches holder or queue. OnRequest and OnRelease run at the server
// only, keep state, may change holder and queue (to nodes that exist, no
// longer than the number of nodes) and send at most one Grant. No handler
// sends a message to its own node. A handler
// that breaks the contract, panics or (in the sandbox) runs out of time or
// memory makes the node fail: it stops, the variable "fault" says why,
// and it waits forever (a liveness failure).
package centralsteps

import "dmelab/algorithms/internal/stepwire"

// State is the node's state, in the seed's words.
type State = stepwire.State

const Released, Wanted, Held = stepwire.Released, stepwire.Wanted, stepwire.Held

// Kind is a message kind.
type Kind uint8

const (
	Request Kind = iota // client → server: let me in
	Grant               // server → client: you may enter
	Release             // client → server: I am out
)

// Send is one message a handler sent.
type Send struct {
	Kind Kind
	To   int
}

// Server is the index of the server node (N1), which is no client.
const Server = 0

// None is the holder when nobody holds the CS.
const None = -1

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1). Holder and Queue are the server's; at the other nodes they stay
// None and empty. MyID and N say where the node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	State  State
	Holder int   // who holds the CS, None for nobody
	Queue  []int // waiting clients, first come first

	self
}

// SendRequest sends Request to the server.
func (v *Vars) SendRequest() { stepwire.Emit(&v.self, Send{Request, Server}) }

// SendRelease sends Release to the server.
func (v *Vars) SendRelease() { stepwire.Emit(&v.self, Send{Release, Server}) }

// SendGrant sends Grant to node to.
func (v *Vars) SendGrant(to int) { stepwire.Emit(&v.self, Send{Grant, to}) }

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Enter(): state = Wanted; send Request to the server.
	Enter()
	// Exit(): state = Released; send Release to the server.
	Exit()
	// OnRequest(from), at the server: if nobody holds the CS, holder =
	// from and send Grant to from; else add from to the queue.
	OnRequest(from int)
	// OnRelease(from), at the server: if the queue is not empty, holder =
	// the first of the queue (removed from it) and send Grant to it; else
	// holder = nobody.
	OnRelease(from int)
	// OnGrant(): state = Held (enter the CS).
	OnGrant()
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpEnter, OpExit, OpRequest, OpRelease, OpGrant Op = 0, 1, 2, 3, 4

var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "Exit()"}, {Name: "OnRequest()", A: stepwire.Other}, {Name: "OnRelease()", A: stepwire.Other}, {Name: "OnGrant()"}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{
	stepwire.M0(Steps.Enter), stepwire.M0(Steps.Exit), stepwire.M1(Steps.OnRequest), stepwire.M1(Steps.OnRelease), stepwire.M0(Steps.OnGrant),
}}
