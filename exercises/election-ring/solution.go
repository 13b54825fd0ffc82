// Reference solution: seed 002's ring election.
package election

import ers "dmelab/algorithms/electionringsteps"

// Node is one node; the harness owns its variable Leader.
type Node struct{ *ers.Vars }

// StartElection(): elected = false; send election(me) to my neighbour.
func (n Node) StartElection() {
	n.Leader = ers.None
	n.SendElection(n.MyID())
}

// OnElection(j): pass a higher candidate on, replace a lower one by me;
// my own id back means that I have won.
func (n Node) OnElection(j int) {
	switch {
	case j > n.MyID():
		n.SendElection(j)
	case j < n.MyID():
		n.SendElection(n.MyID())
	default:
		n.Leader = n.MyID()
		n.SendElected(n.MyID())
	}
}

// OnElected(k): record k and pass the news on, unless it is back at the
// winner or the winner has crashed.
func (n Node) OnElected(k int) {
	if k == n.MyID() || !n.Alive(k) {
		return
	}
	n.Leader = k
	n.SendElected(k)
}
