// An if/else-if chain that tests j < me before j > me, sends before it sets Leader, and checks a crashed winner before its own id in OnElected, with a helper for winning.
package election

import "dmelab/algorithms/electionringsteps"

type Node struct{ *electionringsteps.Vars }

func (n Node) StartElection() {
	n.SendElection(n.MyID())
	n.Leader = electionringsteps.None
}

// win: my id went all the way round; announce it.
func (n Node) win() {
	n.SendElected(n.MyID())
	n.Leader = n.MyID()
}

func (n Node) OnElection(j int) {
	if j < n.MyID() {
		n.SendElection(n.MyID())
	} else if j > n.MyID() {
		n.SendElection(j)
	} else {
		n.win()
	}
}

func (n Node) OnElected(k int) {
	if !n.Alive(k) {
		return // the winner crashed after winning: never elect it
	}
	if k == n.MyID() {
		return // the announcement is back at the winner
	}
	n.SendElected(k)
	n.Leader = k
}
