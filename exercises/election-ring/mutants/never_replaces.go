// A node above the candidate passes it on instead of replacing it with its own id: whoever starts wins.
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
