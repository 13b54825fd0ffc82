// OnElected does not check Alive(k): a node elects a winner that crashed after winning.
package election

import ers "dmelab/algorithms/electionringsteps"

type Node struct{ *ers.Vars }

func (n Node) StartElection() {
	n.Leader = ers.None
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
	if k == n.MyID() {
		return
	}
	n.Leader = k
	n.SendElected(k)
}
