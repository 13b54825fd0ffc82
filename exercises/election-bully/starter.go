// Bully election (seed 002): write the eight handlers. Read the statement
// for the rules.
package bully

import "dmelab/algorithms/electionbullysteps"

// Node is one node. The harness owns its variables
// (electionbullysteps.Vars): Leader (a node id, or electionbullysteps.None
// while undecided), State (Idle, Electing, Waiting) and Heard. Node ids
// are 0-based: N1 is 0, and a higher id is a higher index.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *electionbullysteps.Vars }

// Start(): the application asks for an election: if idle, elect.
//
// To elect: Leader = None, Heard = false; the highest node (MyID() ==
// N()-1) wins at once (see TimeoutNoOK); any other sends election to every
// higher node (n.SendElection(to)) and sets State = Electing.
func (n Node) Start() {
	// TODO
}

// OnElection(from): a lower node calls an election. If I am idle with no
// leader, elect first (if that made me the leader, my coordinator already
// went to from: stop here). Then answer from: n.SendCoordinator(from) if I
// am the leader, else n.SendOK(from).
func (n Node) OnElection(from int) {
	// TODO
}

// OnOK(from): a higher node is alive: if Electing, State = Waiting.
func (n Node) OnOK(from int) {
	// TODO
}

// OnCoordinator(k): if k is alive (n.Alive(k)), it leads: Leader = k,
// State = Idle, Heard = true. Else, if Idle, elect.
func (n Node) OnCoordinator(k int) {
	// TODO
}

// TimeoutNoOK(): no higher node answered: Leader = me, State = Idle,
// Heard = false; send coordinator to every lower node.
func (n Node) TimeoutNoOK() {
	// TODO
}

// TimeoutNoCoordinator(): the higher nodes crashed before announcing a
// winner: elect again.
func (n Node) TimeoutNoCoordinator() {
	// TODO
}

// Heartbeat(): the leader sends coordinator to every lower node again.
func (n Node) Heartbeat() {
	// TODO
}

// Check(): if Heard, Heard = false (wait for the next heartbeat); else
// the leader has crashed: elect.
func (n Node) Check() {
	// TODO
}
