// Lamport 1978 (seed 004, algorithm 1): write the six handlers. Read
// the statement for the rules.
package lamport

import "dmelab/algorithms/lamportsteps"

// Node is one node. The harness owns its variables (lamportsteps.Vars):
// the array Q, one slot per node, each a lamportsteps.Entry{Kind, T}
// (Kind: lamportsteps.Request, Reply or Release), and the Lamport clock
// (n.Clock()). Node ids are 0-based: N1 is 0, q[j] is node j's slot.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *lamportsteps.Vars }

// Enter(), rule 1: q[i] = (Request, T_i), T_i = n.Clock(); send it to all
// other processes with n.Send(to, m).
func (n Node) Enter() {
	// TODO
}

// OnRequest(from, t), rule 2: q[from] = (Request, t); if q[i] does not
// hold a Request, send (Reply, T_i) back to from.
func (n Node) OnRequest(from, t int) {
	// TODO
}

// CanEnter(), rule 3: true when (a) my Request in q[i] is the earliest
// Request in q and (b) every other entry of q is later than q[i].
// Entries are ordered by (T, node index).
func (n Node) CanEnter() bool {
	// TODO
	return false
}

// Exit(), rule 3': q[i] = (Release, T_i); send it to all other processes.
func (n Node) Exit() {
	// TODO
}

// OnRelease(from, t), rule 4: q[from] = (Release, t).
func (n Node) OnRelease(from, t int) {
	// TODO
}

// OnReply(from, t), rule 5: q[from] = (Reply, t).
func (n Node) OnReply(from, t int) {
	// TODO
}
