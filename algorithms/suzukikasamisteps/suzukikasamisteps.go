// Package suzukikasamisteps is the student interface of the suzuki-kasami
// exercise: Suzuki and Kasami's broadcast token as the registry's
// suzuki-kasami runs it (N1 holds the token initially, with LN all 0 and
// Q empty), where the harness owns the node's variables (state, RN, and
// at the token's holder LN and Q) and the network, and the student writes
// the four handlers:
//
//	Enter():         if the node holds the token: state = Held
//	                 else: state = Wanted; RN[i]++;
//	                       send REQUEST(i, RN[i]) to every other node
//	OnRequest(j, num): RN[j] = max(RN[j], num); if the node holds the token,
//	                 is not in the CS and RN[j] = LN[j] + 1: send the
//	                 token to j
//	Exit():          state = Released; LN[i] = RN[i];
//	                 for j = 1 … N: append j to Q if it is not in Q and
//	                 RN[j] = LN[j] + 1; if Q is not empty:
//	                 remove its head k and send the token to k
//	OnToken():       if state = Wanted: state = Held
//
// Exit scans j from N1 up, whichever node is leaving (not round the ring
// from i+1, as the paper does): the grader checks that the token leaves
// with the registry's Q. Q changes only in Exit; OnRequest never queues
// the asker.
//
// The harness decides when each runs, as the registry's does: Enter and
// Exit when the application calls enter() and exit(), OnRequest when a
// REQUEST is delivered, OnToken when the token is, after loading the
// token's LN and Q into the variables. Sending the token gives it away:
// after the handler the node holds it no more and its LN and Q are gone.
// Each handler is one atomic step.
//
// The handler contract: Enter sets state = Wanted, or Held at the token's
// holder; Exit sets state = Released; OnRequest and OnToken may only move
// Wanted to Held; a node is Held only while it holds the token. RN stays
// N long with no negative entry; so does LN at the holder, whose Q holds
// nodes and is at most N long. Messages go to other nodes;
// a handler sends at most one REQUEST to each, numbered RN[i], and the
// token at most once, only from its holder and never from the CS. A
// handler that breaks the contract, panics or (in the sandbox) runs out
// of time or memory makes the node fail: it stops, the variable "fault"
// says why, and it waits forever (a liveness failure).
package suzukikasamisteps

import (
	"slices"

	"dmelab/algorithms/internal/stepwire"
)

// State is the node's state, in the seeds' words.
type State = stepwire.State

// The states: Held is in the critical section.
const Released, Wanted, Held = stepwire.Released, stepwire.Wanted, stepwire.Held

// Send is one message a handler sent: a REQUEST numbered N, or the token
// with the LN and Q it had when it was sent.
type Send struct {
	To    int
	Kind  Kind
	N     int
	LN, Q []int
}

// Kind is a message kind: Request is REQUEST(i, N), the sender's request
// number N; Token is the token, carrying LN and Q.
type Kind uint8

const Request, Token Kind = 0, 1

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1). MyID and N say where the node is; HasToken whether it holds the
// token, in which case LN and Q are the token's (nil otherwise).
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	State State
	RN    []int // RN[j]: the highest request number received from j
	LN    []int // the token's LN[j]: the number of j's last served request
	Q     []int // the token's queue, head first

	has bool // holds the token: the harness's, set by a delivery, cleared by a send
	self
}

// HasToken reports whether the node holds the token.
func (v *Vars) HasToken() bool { return v.has }

// SendRequest sends REQUEST(MyID(), num) to node to.
func (v *Vars) SendRequest(to, num int) { stepwire.Emit(&v.self, Send{Kind: Request, To: to, N: num}) }

// SendToken sends the token, with LN and Q as they are now, to node to.
// The node gives it away when the handler returns.
func (v *Vars) SendToken(to int) {
	stepwire.Emit(&v.self, Send{Kind: Token, To: to, LN: slices.Clone(v.LN), Q: slices.Clone(v.Q)})
}

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Enter(): enter at once with the token; otherwise RN[i]++ and
	// broadcast REQUEST(i, RN[i]).
	Enter()
	// Exit(): state = Released; LN[i] = RN[i]; queue the outstanding
	// requests not in Q yet, scanning j from N1 up; send the token to Q's
	// head.
	Exit()
	// OnRequest(from, num): RN[from] = max(RN[from], num); an idle holder
	// sends the token if the request is outstanding.
	OnRequest(from, num int)
	// OnToken(): the token has come (LN and Q are loaded): enter.
	OnToken()
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpEnter, OpExit, OpRequest, OpToken Op = 0, 1, 2, 3

var ops = []stepwire.Op{{Name: "Enter()"}, {Name: "Exit()"}, {Name: "OnRequest()", A: stepwire.Other, B: stepwire.Time}, {Name: "OnToken()"}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{
	stepwire.M0(Steps.Enter), stepwire.M0(Steps.Exit), stepwire.M2(Steps.OnRequest), stepwire.M0(Steps.OnToken),
}}
