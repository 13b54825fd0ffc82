// A node whose own id comes back passes it on again instead of declaring itself the winner: nobody is ever elected.
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
		n.SendElection(j)
	}
}

func (n Node) OnElected(k int) {
	if k == n.MyID() || !n.Alive(k) {
		return
	}
	n.Leader = k
	n.SendElected(k)
}
