// Package maekawasteps is the student interface of the Maekawa exercise:
// seed 003's voting algorithm (the registry's maekawa), where the harness
// owns the node's state, the network and the voting sets' checks, and the
// student writes the handlers and the construction of the voting sets.
//
//	Enter():  state = Wanted; multicast Request(pi) to voting set Vi
//	          (wait until K reply messages received; state = Held)
//	Leave():  state = Released; multicast Release to voting set Vi
//	When receiving Request(pj) at pi:
//	    if ((state == Held) or (voted == True)) { enqueue Request in Q }
//	    else { send Reply to pj; voted = True }
//	When receiving Release(pj) at pi:
//	    if (Q != empty) { dequeue pending Request m from Q;
//	                      send Reply to sender(m); voted = True }
//	    else { voted = False }
//
// The wait for K replies is a handler too (OnReply): it counts the vote
// and enters the CS with the K-th (K = len(V)). The count starts from 0 at
// every Enter, and nobody but the student resets it: Enter, Leave or the
// K-th OnReply sets it back to 0, whichever the student likes.
//
// VotingSets(n) builds V_1..V_n as the seed does, the grid: write the
// processes row by row into a matrix ⌈√n⌉ columns wide (the last row may
// be short); V_p is p's row ∪ p's column. Other constructions can meet
// the conditions too, but the schedules count on the grid's sets. The
// harness sorts each set and drops repeats (p, from its row and its
// column), then checks the sets with seed 003's conditions
// (algorithms/votingsets) before any run.
//
// As in the registry's maekawa, a node multicasts to all of V_i, itself
// included, through the network; each handler is one atomic step. The
// reference behaves exactly as maekawa (the tests check it event for
// event). The node also remembers whom it voted for, only to show it
// ("voted=N2", as maekawa does): no rule reads it.
//
// The handler contract: Enter sets state = Wanted (and may reset the reply
// count) and sends only requests; Leave sets state = Released (and may
// reset the reply count) and sends only releases; OnRequest and
// OnRelease change only voted and the queue and send only replies; OnReply
// changes only the reply count and may move Wanted to Held. V is
// read-only. A handler that breaks the contract, panics or (in the
// sandbox) runs out of time or memory makes the node fail: it stops, the
// variable "fault" says why, and it waits forever (a liveness failure).
package maekawasteps

import (
	"strings"

	"dmelab/algorithms/internal/stepwire"
)

// State is the seed's state variable.
type State = stepwire.State

const Released, Wanted, Held = stepwire.Released, stepwire.Wanted, stepwire.Held

type self = stepwire.Self[Msg]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1) (the seed's p_(i+1)). MyID and N say where the node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	State   State
	Voted   bool
	Q       []int // requesters, oldest first: enqueue appends, dequeue takes Q[0]
	Replies int   // Reply messages received since Enter(); the student resets it
	V       []int // this node's voting set V_i, in increasing order (read-only)

	self
}

// SendRequest sends Request(pi) to node to.
func (v *Vars) SendRequest(to int) { stepwire.Emit(&v.self, Msg{Kind: Request, To: to}) }

// SendReply sends Reply (the vote) to node to.
func (v *Vars) SendReply(to int) { stepwire.Emit(&v.self, Msg{Kind: Reply, To: to}) }

// SendRelease sends Release(pi) to node to.
func (v *Vars) SendRelease(to int) { stepwire.Emit(&v.self, Msg{Kind: Release, To: to}) }

// Message kinds, as sim.Msg.Kind (the registry's maekawa's).
const (
	Request = 0
	Reply   = 1
	Release = 2
)

// Msg is a message a handler sends.
type Msg struct{ Kind, To int }

// Steps is what a student implements: one method per handler. The
// methods read and write the node's Vars (the student's type embeds a
// *Vars); each call is one atomic step.
type Steps interface {
	// Enter(): state = Wanted; multicast Request(pi) to voting set Vi
	Enter()
	// Leave(): state = Released; multicast Release to voting set Vi
	Leave()
	// When receiving Request(pj) at pi:
	// if ((state == Held) or (voted == True)) { enqueue Request in Q }
	// else { send Reply to pj; voted = True }
	OnRequest(pj int)
	// When receiving Release(pj) at pi:
	// if (Q != empty) { dequeue pending Request m from Q;
	//                   send Reply to sender(m); voted = True }
	// else { voted = False }
	OnRelease(pj int)
	// wait until K reply messages received; state = Held
	OnReply(pj int)
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Sets builds the voting sets V_1..V_n (0-based node indices): the
// student's VotingSets, the seed's grid (see the package comment).
type Sets func(n int) [][]int

// Op names a handler (the order of Steps), and OpSets the construction
// of the voting sets.
type Op uint8

const OpEnter, OpLeave, OpRequest, OpRelease, OpReply, OpSets Op = 0, 1, 2, 3, 4, 5

var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "Leave()"}, {Name: "OnRequest", A: stepwire.AnyNode},
	{Name: "OnRelease", A: stepwire.AnyNode}, {Name: "OnReply", A: stepwire.AnyNode}}

func (o Op) String() string {
	if o == OpSets {
		return "VotingSets"
	}
	return stepwire.Name(ops, int(o))
}

// methods calls Steps' methods in the order of the ops.
var methods = []stepwire.Method[Steps]{stepwire.M0(Steps.Enter), stepwire.M0(Steps.Leave),
	stepwire.M1(Steps.OnRequest), stepwire.M1(Steps.OnRelease), stepwire.M1(Steps.OnReply)}

func code(s New) stepwire.Code[Vars] { return stepwire.Methods(s, methods) }

// invokeSets calls the student's VotingSets.
func invokeSets(sets Sets, n int) (v [][]int, panicked string) {
	panicked = stepwire.Run(func() { v = sets(n) })
	return v, panicked
}

var name = stepwire.NodeName

func names(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for k, x := range xs {
		parts[k] = name(x)
	}
	return strings.Join(parts, sep)
}
