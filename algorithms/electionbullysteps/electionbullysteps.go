// Package electionbullysteps is the student interface of the bully
// election exercise: seed 002's bully algorithm as the registry's
// election-bully runs it (see package electionbully for the model: crash
// faults, timeouts, the perfect failure detector, heartbeats), where the
// harness owns the node's variables, its timer and the network, and the
// student writes the eight handlers:
//
//	Start():                the application asks for an election: if idle, elect
//	OnElection(from):       reject it (ok, or coordinator from the leader);
//	                        with no leader and no election of my own, elect
//	OnOK(from):             a higher node is alive: stop electing, wait
//	OnCoordinator(k):       leader = k, if k is alive; else elect if idle
//	TimeoutNoOK():          nobody higher answered: win
//	TimeoutNoCoordinator(): the winner never announced itself: elect again
//	Heartbeat():            the leader: tell the lower nodes again
//	Check():                a follower: heard from the leader since the last
//	                        check? forget it; else it has crashed: elect
//
// where "elect" is: forget the leader (Leader = None, Heard = false); the
// highest node wins at once, any other sends election to every higher node
// and waits for ok (State = Electing); and "win" is: Leader = me, State =
// Idle, Heard = false; send coordinator to every lower node. A leader is
// Idle: the harness arms the heartbeat only for an idle leader, so a
// winner left Electing keeps its "no ok" timer instead.
//
// The harness decides when each runs, as the registry's election-bully
// does: Start when the application calls enter() (an election request;
// also when a crashed node recovers, from its initial variables), the On
// handlers when a message is delivered, and the timer handlers as the
// node's one timer, which its variables determine: "no ok" while
// electing, "no coordinator" while waiting, heartbeat as the leader (not
// at N1, which has nobody below), check as a follower, and otherwise (no
// leader, no election) "no leader", the seed's timeframe for an election
// result, which calls Start (not at the highest node, which is sent every
// election). The simulator fires a timer only when nothing else must
// happen first: timeouts are longer than any message delay.
//
// The harness also keeps the registry's rule that a timeout means a
// crash: the "no coordinator" and "no leader" timeouts expire only when
// every higher node has crashed, and a follower's check with nothing
// heard only when its leader has crashed. Otherwise the timer step is
// taken, changes nothing and does not call the handler (the registry's
// package comment says why: taken literally, unordered timeouts let an
// impatient node call election after election and break liveness). The
// student's timeout handlers are therefore the seed's lines, without a
// failure detector. OnCoordinator needs one (Vars.Alive): a coordinator
// from a node that has crashed since sending it must not be adopted, or
// the node elects a dead leader, which breaks the seed's Safe. Elsewhere
// Alive changes nothing the lines do: elect sends election to every
// higher node, crashed or not, and OnElection elects only when Leader is
// None, even if that leader has crashed (the schedules look).
//
// The handler contract, checked after every call: State is Idle, Electing
// or Waiting; Leader is None or a node; only OnCoordinator(k) names
// another node as leader (Leader = k) or sets Heard; messages go to other
// nodes that exist, each kind at most once to each node per call; ok only
// from OnElection and only to its sender; coordinator only from a node
// that is the leader when the handler returns; OnOK sends nothing and
// Heartbeat changes no variable and sends only coordinator. A handler that
// breaks the contract, panics or (in the sandbox) runs out of time or
// memory makes the node fail: it stops, the variable "fault" says why, and
// it never settles on a leader (a liveness failure).
package electionbullysteps

import (
	"dmelab/algorithms/internal/stepwire"
)

// State is what the node is doing, as the registry's election-bully
// shows it.
type State uint8

const (
	Idle     State = iota // no election running here (leader, follower, or nothing yet)
	Electing              // sent election to the higher nodes, waiting for ok
	Waiting               // got ok, waiting for the coordinator message
)

// String is the registry's word for s (idle), which the state tables
// show.
func (s State) String() string { return stepwire.Named("State", int(s), "idle", "electing", "waiting") }

// GoName is the name of s's constant in the student's code (Idle): a
// fault names states as the code it blames does.
func (s State) GoName() string { return stepwire.Named("State", int(s), "Idle", "Electing", "Waiting") }

// None is Leader while the node is undecided (the seed's elected_i = false).
const None = -1

// MaxNodes bounds the system: the failure detector is a 32-bit set.
const MaxNodes = 32

// Kind is a message kind, numbered as the registry's election-bully
// numbers them.
type Kind uint8

const (
	Election    Kind = iota // to a higher node: I am calling an election
	OK                      // to a lower node: I am alive and higher, stand down
	Coordinator             // to a lower node: I am the leader (carries the sender's id)
)

func (k Kind) String() string { return stepwire.Named("Kind", int(k), "election", "ok", "coordinator") }

// Send is one message a handler sent.
type Send struct {
	Kind Kind
	To   int
}

type self = stepwire.Self[Send]

// Vars are one node's variables. Node indices are 0-based: node i is
// N(i+1), and a higher index is a higher id. MyID and N say where the
// node is.
//
// MyID and N are methods of Vars that go doc does not list (they come
// with the harness's part of Vars): v.MyID() is this node's index, and
// v.N() the number of nodes.
type Vars struct {
	Leader int   // the elected leader, None while undecided
	State  State // what the node is doing
	Heard  bool  // a follower heard from its leader since its last check

	self
}

// Alive reports whether node j has not crashed: the perfect failure
// detector the simulator offers (false for a node that does not exist).
func (v *Vars) Alive(j int) bool { return stepwire.At(&v.self).Alive(j) }

// SendElection sends election to node to.
func (v *Vars) SendElection(to int) { stepwire.Emit(&v.self, Send{Election, to}) }

// SendOK sends ok to node to.
func (v *Vars) SendOK(to int) { stepwire.Emit(&v.self, Send{OK, to}) }

// SendCoordinator sends coordinator(MyID()) to node to: a node can only
// announce itself.
func (v *Vars) SendCoordinator(to int) { stepwire.Emit(&v.self, Send{Coordinator, to}) }

// Steps is what a student implements: one method per handler, each one
// atomic step on the node's Vars (the student's type embeds a *Vars).
type Steps interface {
	// Start(): the application asks for an election: if idle, elect.
	Start()
	// OnElection(from): a lower node calls an election. With no leader
	// and no election of my own, elect first (if that made me the
	// leader, my coordinator already went to from: done). Then answer
	// from: coordinator if I am the leader, else ok.
	OnElection(from int)
	// OnOK(from): a higher node is alive: if electing, wait for the
	// coordinator.
	OnOK(from int)
	// OnCoordinator(k): if k is alive, it is the leader (Leader = k, back
	// to idle, heard from it); else, if idle, elect.
	OnCoordinator(k int)
	// TimeoutNoOK(): no higher node answered: win: Leader = me, State =
	// Idle, Heard = false; send coordinator to every lower node.
	TimeoutNoOK()
	// TimeoutNoCoordinator(): every higher node has crashed before
	// announcing itself: elect again.
	TimeoutNoCoordinator()
	// Heartbeat(): the leader sends coordinator to every lower node again.
	Heartbeat()
	// Check(): a follower's timeframe is over: if it heard from the
	// leader since the last check, forget that; else (the leader has
	// crashed) elect.
	Check()
}

// New builds a Steps for the node whose variables are v.
type New func(v *Vars) Steps

// Op names a handler, in the order of Steps.
type Op uint8

const OpStart, OpElection, OpOK, OpCoordinator, OpNoOK, OpNoCoordinator, OpHeartbeat, OpCheck Op = 0, 1, 2, 3, 4, 5, 6, 7

var ops = []stepwire.Op{{Name: "Start()"}, {Name: "OnElection()", A: stepwire.Other}, {Name: "OnOK()", A: stepwire.Other},
	{Name: "OnCoordinator()", A: stepwire.Other}, {Name: "TimeoutNoOK()"}, {Name: "TimeoutNoCoordinator()"}, {Name: "Heartbeat()"}, {Name: "Check()"}}

func (o Op) String() string { return stepwire.Name(ops, int(o)) }

// ends calls Steps' methods in the order of the ops.
var ends = stepwire.Ends[Vars, Send, Steps]{Harness: &harness, Table: []stepwire.Method[Steps]{stepwire.M0(Steps.Start),
	stepwire.M1(Steps.OnElection), stepwire.M1(Steps.OnOK), stepwire.M1(Steps.OnCoordinator), stepwire.M0(Steps.TimeoutNoOK),
	stepwire.M0(Steps.TimeoutNoCoordinator), stepwire.M0(Steps.Heartbeat), stepwire.M0(Steps.Check)}}

var name = stepwire.NodeName
