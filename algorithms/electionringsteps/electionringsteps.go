// Package electionringsteps is the student interface of the ring-election
// exercise: seed 002's ring election as the registry's election-ring runs
// it (the nodes sit on a logical ring N1 → N2 → … → Nn → N1, skipping
// crashed nodes, and the highest live id wins), where the harness owns the
// node's variable, the ring and the network, and the student writes the
// three handlers:
//
//	StartElection(): Leader = None; send election(my id) on
//	OnElection(j):   if j > my id: pass election(j) on
//	                 if j < my id: send election(my id) on instead
//	                 if j = my id: I won: Leader = me; send elected(me) on
//	OnElected(k):    if k = my id, or k has crashed: stop here
//	                 else: Leader = k; pass elected(k) on
//
// Leader changes only where these lines change it: a node that passes a
// candidate on keeps the leader it has (the schedules look at it while an
// election goes round).
//
// "On" is always the neighbour: the next live node after this one on the
// ring (the node itself when it is alone). The harness picks it, as the
// registry's election-ring does, so a handler only says what it sends,
// never where.
//
// The harness decides when each runs, as the registry's election-ring
// does: StartElection when the application starts an election (its
// enter(), Request in the simulator), OnElection and OnElected when an
// election or elected message is delivered. Each handler is one atomic
// step. The nodes know which nodes have crashed (Vars.Alive, the perfect
// failure detector the registry's election-ring assumes): a node must not
// adopt a crashed leader, which the simulator reports as a safety
// violation.
//
// The handler contract: every handler sends at most one message (the ring
// carries one message on per step), naming a node that exists, and leaves
// Leader = None or a node that exists; StartElection sends only an
// election message and OnElected only an elected one. A handler that
// breaks the contract, panics or (in the sandbox) runs out of time or
// memory makes the node fail: it stops, the variable "fault" says why, it
// takes no more messages and it counts as undecided for ever (a liveness
// failure). What a handler decides within the contract (whom it elects,
// which id it passes on) is the algorithm, and is judged by the
// properties: electing a node that is not the highest live one is a
// safety violation, a live node left undecided a liveness one.
package electionringsteps

import (
	"strconv"

	"dmelab/algorithms/internal/stepwire"
)

// None is Leader while the node has elected nobody (seed 002's
// elected_i = false).
const None = -1

// Kind is a message kind, numbered as the registry's election-ring
// numbers them.
type Kind uint8

const (
	Election Kind = iota // election(j): candidate j goes round
	Elected              // elected(k): k has won
)

func (k Kind) String() string { return stepwire.Named("Kind", int(k), "election", "elected") }

// Send is one message a handler sent to its neighbour: election(ID) or
// elected(ID).
type Send struct {
	Kind Kind
	ID   int
}

func (s Send) String() string { return s.Kind.String() + "(" + name(s.ID) + ")" }

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1). MyID and N say where the node is (N counts crashed nodes too).
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	Leader int // the node this one has elected, None while undecided

	self
}

// Alive reports whether node j exists and has not crashed.
func (v *Vars) Alive(j int) bool { return stepwire.At(&v.self).Alive(j) }

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// StartElection(): Leader = None; send election(my id) on.
	StartElection()
	// OnElection(j): pass election(j) on if j is higher than me, send
	// election(me) instead if it is lower; if it is my own id, I won:
	// Leader = me and send elected(me) on.
	OnElection(j int)
	// OnElected(k): unless k is me or has crashed, Leader = k and pass
	// elected(k) on.
	OnElected(k int)
}

// SendElection sends election(candidate) to the neighbour.
func (v *Vars) SendElection(candidate int) { stepwire.Emit(&v.self, Send{Election, candidate}) }

// SendElected sends elected(leader) to the neighbour.
func (v *Vars) SendElected(leader int) { stepwire.Emit(&v.self, Send{Elected, leader}) }

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpStart, OpElection, OpElected Op = 0, 1, 2

var ops = []stepwire.Op{{Name: "StartElection()"}, {Name: "OnElection()", A: stepwire.AnyNode}, {Name: "OnElected()", A: stepwire.AnyNode}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness,
	Table: []stepwire.Method[Steps]{stepwire.M0(Steps.StartElection), stepwire.M1(Steps.OnElection), stepwire.M1(Steps.OnElected)}}

// name is how node i prints: N(i+1) for a node, the number itself for
// anything else (so a fault can show what a handler wrote).
func name(i int) string {
	if i < 0 {
		return strconv.Itoa(i)
	}
	return "N" + strconv.Itoa(i+1)
}
