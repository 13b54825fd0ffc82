// Ring election (seed 002): write the three handlers. Read the statement for
// the rules.
package election

import ers "dmelab/algorithms/electionringsteps"

// Node is one node. The harness owns its variable (ers.Vars): Leader, the
// node this one has elected, or ers.None while undecided. Node ids are
// 0-based: N1 is 0. Every message goes to your neighbour on the ring.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *ers.Vars }

// StartElection(): elected = false (Leader = ers.None); send
// election(my id) to my neighbour.
func (n Node) StartElection() {
	// TODO: n.SendElection(...)
}

// OnElection(j): if j > my id, pass election(j) on; if j < my id, send
// election(my id) instead; if j is my id, I have won: Leader = me and
// send elected(me) on.
func (n Node) OnElection(j int) {
	// TODO
}

// OnElected(k): if k is me (the news is back at the winner) or k has
// crashed (n.Alive(k) is false), stop here; else Leader = k and pass
// elected(k) on.
func (n Node) OnElected(k int) {
	// TODO: n.SendElected(...)
}
