// OnElected passes elected(k) on even when it is back at the winner k: the announcement goes round for ever.
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
	if !n.Alive(k) {
		return
	}
	n.Leader = k
	n.SendElected(k)
}
