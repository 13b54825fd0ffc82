// Ricart and Agrawala with Lamport timestamps (seed 001): write the four
// handlers. Read the statement for the rules.
package ricart

import "dmelab/algorithms/ralamportsteps"

// Node is one node. The harness owns its variables (ralamportsteps.Vars):
// State, T, Replies and Queue, and its Lamport clock (n.Clock(), read
// only). Node ids are 0-based: N1 is 0.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *ralamportsteps.Vars }

// Enter(): state = Wanted; T = my Lamport clock; send Request <T, me> to
// every other node (n.SendRequest(to)). With no other node, enter at once.
func (n Node) Enter() {
	n.State = ralamportsteps.Wanted
	// TODO
}

// OnRequest(j, tj): a Request <tj, j> arrives.
// If state = Held, or state = Wanted and (T, me) < (tj, j):
// add it to the queue (ralamportsteps.Waiter{ID: j, T: tj});
// else reply to j at once (n.SendReply(j)).
func (n Node) OnRequest(j, tj int) {
	// TODO
}

// OnReply(j): a Reply from j arrives. While Wanted, count it (Replies);
// once all N-1 other nodes have replied, state = Held.
func (n Node) OnReply(j int) {
	// TODO
}

// Exit(): state = Released; reply to every queued request and empty the
// queue.
func (n Node) Exit() {
	n.State = ralamportsteps.Released
	// TODO
}
