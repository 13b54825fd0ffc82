// StartElection does not reset Leader: during a new election the node still names its old, possibly crashed, leader.
package election

import ers "dmelab/algorithms/electionringsteps"

type Node struct{ *ers.Vars }

func (n Node) StartElection() {
	n.SendElection(n.MyID())
}

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

func (n Node) OnElected(k int) {
	if k == n.MyID() || !n.Alive(k) {
		return
	}
	n.Leader = k
	n.SendElected(k)
}
