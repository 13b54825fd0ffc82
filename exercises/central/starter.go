// Central server (seed 002): write the five handlers. Read the statement for
// the rules.
package server

import "dmelab/algorithms/centralsteps"

// Node is one node. The harness owns its variables (centralsteps.Vars):
// State and, at the server N1, Holder and Queue. Node ids are 0-based.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *centralsteps.Vars }

// Enter(): state = Wanted; send Request to the server.
func (n Node) Enter() {
	// TODO: n.SendRequest()
}

// Exit(): state = Released; send Release to the server.
func (n Node) Exit() {
	// TODO: n.SendRelease()
}

// OnRequest(from), at the server: if holder == nobody (centralsteps.None),
// holder = from and send Grant to from; else add from to the queue.
func (n Node) OnRequest(from int) {
	// TODO: n.SendGrant(from)
}

// OnRelease(from), at the server: if the queue is not empty, holder = its
// first (removed from it) and send Grant to holder; else holder = nobody.
func (n Node) OnRelease(from int) {
	// TODO
}

// OnGrant(): state = Held (enter the CS).
func (n Node) OnGrant() {
	// TODO
}
