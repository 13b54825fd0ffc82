// Package rasteps is the student interface of the Ricart–Agrawala exercise:
// seed 000's "Better Better" listing with Ben-Ari's fix (the algorithm
// ra-benari), where the harness owns the node's state and its control flow
// and the student writes the bodies of the numbered steps.
//
// What the harness owns, exactly as the core's seed-000 engine does for
// ra-benari (algorithms/internal/ricart): the two processes per node (main
// P1–P9, receive P10–P12) interleaved at step granularity, the program
// counters, the loop variable N of P3/P4 and P7–P9, the network, P5 (the
// count of replies and the entry into the CS) and P10 (taking a request
// from the network). What the student writes: the body of each other step,
// as a method of Steps, reading and writing the node's variables in Vars.
//
//	P2:  requestCS = true; myNum = highestNum + 1      (one atomic step)
//	P3:  for all other Node N:
//	P4:      send(request,N,myID,myNum)
//	P5:  await reply's from all other nodes
//	P6:  CS
//	P6a: requestCS = false
//	P7:  for all Node in deferred:
//	P8:      remove N from deferred
//	P9:      send(reply,N,myID)
//	P10: receive(request,source,requestedNum)
//	P11: highestNum = max(highestNum,requestedNum)
//	P12: if not requestCS or (requestedNum,source) << (myNum,myID):
//	         send(reply,source,myID)
//	     else:
//	         add source to deferred
//
// Any implementation of Steps becomes a *sim.Algorithm (Algorithm), so the
// explorer, the scenario language and the grader treat a student's code
// and the reference alike. The reference behaves exactly as ra-benari: the
// same events, labels, variables and states (the package's tests check it
// against the registry's algorithm step for step).
//
// Why the state lives here and not in the student's type: the explorer
// stores states by their encoding, so every variable that influences
// behaviour must be one the harness encodes. Vars holds the seed's
// variables and nothing else; the student's Node type only wraps a pointer
// to it. In the grader the student's code runs in a sandbox and every call
// is memoised by its inputs (see Remote), so even a package variable in
// the student's file cannot make a step behave differently on equal
// inputs.
//
// The step contract: each step may write only the variables its line of
// pseudocode writes and send only the message it names (P2 writes
// requestCS and myNum; P4 sends one request to N; P6a writes requestCS; P7
// only chooses; P8 removes N from deferred; P9 sends one reply to N; P11
// writes highestNum; P12 sends one reply to source or adds source to
// deferred). A step that breaks the contract, panics or (in the sandbox)
// runs out of time or memory makes the node fail: it stops where it is,
// the variable "fault" says why, and the explorer reports the run as a
// liveness failure whose last steps show the fault.
package rasteps

import (
	"math/bits"
	"strings"

	"dmelab/algorithms/internal/stepwire"
)

// Msg is a message a step sends.
type Msg struct {
	Kind, To, Num int
}

type self = stepwire.Self[Msg]

// Vars are one node's variables, as seed 000 and Ben-Ari name them. The
// exported fields are the shared variables of the node's two processes;
// Source and RequestedNum are the receive process's locals, set by P10 and
// read-only for the steps. Node indices are 0-based: node i is N(i+1).
// MyID and N say where the node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	MyNum      int
	HighestNum int
	RequestCS  bool
	Deferred   Set
	// Set by P10: who asked and with which number (read-only).
	Source       int
	RequestedNum int

	self
}

// SendRequest is send(request,to,myID,num).
func (v *Vars) SendRequest(to, num int) { stepwire.Emit(&v.self, Msg{Kind: Request, To: to, Num: num}) }

// SendReply is send(reply,to,myID).
func (v *Vars) SendReply(to int) { stepwire.Emit(&v.self, Msg{Kind: Reply, To: to}) }

// Message kinds, as sim.Msg.Kind.
const (
	Request = 0 // Num is the sender's number
	Reply   = 1
)

// Set is a set of node indices (deferred). The zero value is empty.
type Set uint32

// Add puts i in the set ("add source to deferred").
func (s *Set) Add(i int) {
	if i >= 0 && i < 32 {
		*s |= 1 << i
	}
}

// Remove takes i out of the set ("remove N from deferred").
func (s *Set) Remove(i int) {
	if i >= 0 && i < 32 {
		*s &^= 1 << i
	}
}

// Has reports whether i is in the set.
func (s Set) Has(i int) bool { return i >= 0 && i < 32 && s&(1<<i) != 0 }

// Empty reports whether the set is empty.
func (s Set) Empty() bool { return s == 0 }

// Len is the number of members.
func (s Set) Len() int { return bits.OnesCount32(uint32(s)) }

// First is the smallest member, or -1 if the set is empty.
func (s Set) First() int {
	if s == 0 {
		return -1
	}
	return bits.TrailingZeros32(uint32(s))
}

// Members lists the members in increasing order.
func (s Set) Members() []int {
	var m []int
	for x := uint32(s); x != 0; x &= x - 1 {
		m = append(m, bits.TrailingZeros32(x))
	}
	return m
}

// String renders the set as the playground does: [N1 N3].
func (s Set) String() string {
	var parts []string
	for _, i := range s.Members() {
		parts = append(parts, name(i))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Steps is what a student implements: the body of each numbered step. The
// methods read and write the node's Vars (the student's type embeds a
// *Vars); the harness calls them one at a time, each as one atomic step.
type Steps interface {
	// P2: requestCS = true; myNum = highestNum + 1   (one atomic step)
	P2()
	// P3: for all other Node N:
	// P4:     send(request,N,myID,myNum)
	P4(N int)
	// P6a: requestCS = false   (after the CS, before P7)
	P6a()
	// P7: for all Node in deferred:
	// returns the next node N to answer, or -1 when the loop is done.
	// Here which one comes first is yours to choose; the earlier listings'
	// P7 (ChooseSteps, HighestSteps) answers the smallest first.
	P7() int
	// P8: remove N from deferred
	P8(N int)
	// P9: send(reply,N,myID)
	P9(N int)
	// P11: highestNum = max(highestNum,requestedNum)
	P11()
	// P12: if not requestCS or (requestedNum,source) << (myNum,myID):
	//          send(reply,source,myID)
	//      else:
	//          add source to deferred
	P12()
}

// Op names a step of Steps (the order of the interface). A step's
// argument is N for P4, P8 and P9 (a node the harness chose) and
// chooseNumber()'s value for a chooser's P2; P7 returns its choice.
type Op uint8

const OpP2, OpP4, OpP6a, OpP7, OpP8, OpP9, OpP11, OpP12 Op = 0, 1, 2, 3, 4, 5, 6, 7

var ops = []stepwire.Op{{Name: "P2"}, {Name: "P4", A: stepwire.Other}, {Name: "P6a"}, {Name: "P7"},
	{Name: "P8", A: stepwire.Other}, {Name: "P9", A: stepwire.Other}, {Name: "P11"}, {Name: "P12"}}

func (o Op) String() string {
	if int(o) < len(ops) {
		return ops[o].Name
	}
	return "P?"
}
