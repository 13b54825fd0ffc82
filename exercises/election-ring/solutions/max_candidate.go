// OnElection handles its own id first and otherwise passes on max(j, me), one send for both the accept and the deny; OnElected records and passes only when k is someone else and alive (one positive test instead of an early return).
package election

import ers "dmelab/algorithms/electionringsteps"

type Node struct{ *ers.Vars }

func (n Node) StartElection() {
	n.Leader = ers.None
	n.SendElection(n.MyID())
}

func (n Node) OnElection(j int) {
	me := n.MyID()
	if j == me {
		n.Leader = me
		n.SendElected(me)
		return
	}
	n.SendElection(max(j, me))
}

func (n Node) OnElected(k int) {
	if k != n.MyID() && n.Alive(k) {
		n.Leader = k
		n.SendElected(k)
	}
}
