// Package lamportsteps is the student interface of the Lamport 1978
// exercise: seed 004's algorithm 1 as the registry's lamport runs it
// (every process keeps q[1..N], the last message it has from each process,
// (Request, T, j), (Reply, T, j) or (Release, T, j); requests, replies and
// releases carry Lamport timestamps; channels are FIFO), where the harness
// owns the variables, the Lamport clock and the network, and the student
// writes the six handlers:
//
//	Enter():            rule 1: q[i] = (Request, T_i); send it to all others
//	OnRequest(j, T):    rule 2: q[j] = (Request, T); if q[i] holds no
//	                    Request, send (Reply, T_i) back to j
//	CanEnter() bool:    rule 3: (a) q[i] is the earliest Request in q and
//	                    (b) every other entry of q is later than q[i]
//	Exit():             rule 3': q[i] = (Release, T_i); send it to all others
//	OnRelease(j, T):    rule 4: q[j] = (Release, T)
//	OnReply(j, T):      rule 5: q[j] = (Reply, T)
//
// The harness decides when each runs, as the registry's lamport does:
// Enter and Exit when the application calls enter() and exit(), OnRequest,
// OnReply and OnRelease when such a message is delivered. Rule 3 is not an
// event of its own: after Enter and after every receipt, while the node
// waits for the CS, the harness asks CanEnter and, if it says yes, the
// node enters in that same atomic step.
//
// The clock belongs to the simulator: the harness ticks it before Enter
// and Exit (issuing a request or a release is an event of its own), and
// the simulator sets it to max(own, T) + 1 before a message is handled;
// a handler reads it with Clock(). Wherever the seed says T_i ("the
// current local clock value"), a handler writes Clock(), the clock now:
// the Release too carries the clock at exit(), not the timestamp of the
// Request it ends, as in the registry's lamport, whose schedules expect it.
// (The contract checks only that every timestamp is one the clock has
// already shown.)
//
// The handler contract: Enter and Exit change only q[i] and send only a
// Request (Enter) or a Release (Exit), at most one to each other node;
// OnRequest, OnReply and OnRelease change only q[j] of the sender j, and
// only OnRequest sends: at most one Reply, to j; CanEnter changes nothing
// and sends nothing. q keeps one slot per node, each slot a Request, Reply
// or Release with a timestamp between 0 and Clock(); every message
// carries such a timestamp. A handler that breaks the contract, panics or
// (in the sandbox) runs out of time or memory makes the node fail: it
// stops, the variable "fault" says why, and it waits forever (a liveness
// failure).
package lamportsteps

import (
	"dmelab/algorithms/internal/stepwire"
)

// Kind is the kind of a message and of an entry of q, in the seed's words.
// The values are the registry's message kinds.
type Kind uint8

const (
	Request Kind = iota
	Reply
	Release
)

func (k Kind) String() string { return stepwire.Named("Kind", int(k), "Request", "Reply", "Release") }

// short is the kind as the registry's q shows it ("Req").
func (k Kind) short() string {
	switch k {
	case Request:
		return "Req"
	case Reply:
		return "Rep"
	case Release:
		return "Rel"
	}
	return "?"
}

// Entry is one slot of q, or one message: the seed's (Kind, T, j), where j
// is the slot's index in q, or the message's sender.
type Entry struct {
	Kind Kind
	T    int
}

// Send is one message a handler sent.
type Send struct {
	To  int
	Msg Entry
}

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1), and q[j] is the slot of node j. Initially every slot is
// (Release, 0). MyID and N say where the node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	Q []Entry

	self
}

// Clock is the node's Lamport clock now: already ticked for Enter and
// Exit, already max(own, T) + 1 when a message is handled.
func (v *Vars) Clock() int { return stepwire.At(&v.self).Clock }

// Send sends the message m, (m.Kind, m.T, MyID()), to node to.
func (v *Vars) Send(to int, m Entry) { stepwire.Emit(&v.self, Send{To: to, Msg: m}) }

// Steps is what a student implements: one method per rule, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Enter(), rule 1: q[i] = (Request, T_i); send it to every other node.
	Enter()
	// OnRequest(from, t), rule 2: q[from] = (Request, t); if q[i] holds
	// no Request, send (Reply, T_i) to from.
	OnRequest(from, t int)
	// CanEnter(), rule 3: (a) my Request in q[i] is the earliest Request
	// in q and (b) every other entry of q is later than q[i]; entries are
	// ordered by (T, node index).
	CanEnter() bool
	// Exit(), rule 3': q[i] = (Release, T_i); send it to every other node.
	Exit()
	// OnRelease(from, t), rule 4: q[from] = (Release, t).
	OnRelease(from, t int)
	// OnReply(from, t), rule 5: q[from] = (Reply, t).
	OnReply(from, t int)
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpEnter, OpRequest, OpCanEnter, OpExit, OpRelease, OpReply Op = 0, 1, 2, 3, 4, 5

var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "OnRequest()", A: stepwire.Other, B: stepwire.Time}, {Name: "CanEnter()"},
	{Name: "Exit()"}, {Name: "OnRelease()", A: stepwire.Other, B: stepwire.Time}, {Name: "OnReply()", A: stepwire.Other, B: stepwire.Time}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{stepwire.M0(Steps.Enter), stepwire.M2(Steps.OnRequest), stepwire.MBool(Steps.CanEnter),
	stepwire.M0(Steps.Exit), stepwire.M2(Steps.OnRelease), stepwire.M2(Steps.OnReply)}}

// receipt returns the Op that handles a message of kind k.
func receipt(k Kind) (Op, bool) {
	switch k {
	case Request:
		return OpRequest, true
	case Reply:
		return OpReply, true
	case Release:
		return OpRelease, true
	}
	return 0, false
}

var name = stepwire.NodeName
