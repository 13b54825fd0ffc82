// OnElection passes on the smaller of the candidate and its own id instead of the larger: the lowest node wins.
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
		n.SendElection(n.MyID())
	case j < n.MyID():
		n.SendElection(j)
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
