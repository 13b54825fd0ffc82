// Pointer receivers; OnElection picks the candidate to send in a switch (its own id when it is higher) and returns early from the winning case; OnElected uses a switch with an empty case for "stop here".
package election

import r "dmelab/algorithms/electionringsteps"

type Node struct{ *r.Vars }

func (n *Node) StartElection() {
	n.Leader = r.None
	n.SendElection(n.MyID())
}

func (n *Node) OnElection(j int) {
	candidate := j
	switch {
	case j == n.MyID():
		n.Leader = j
		n.SendElected(j)
		return
	case n.MyID() > j:
		candidate = n.MyID()
	}
	n.SendElection(candidate)
}

func (n *Node) OnElected(k int) {
	switch {
	case k == n.MyID(), !n.Alive(k):
		// stop here
	default:
		n.Leader = k
		n.SendElected(k)
	}
}
