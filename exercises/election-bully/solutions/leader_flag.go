// Pointer receivers; OnElection remembers whether it was the leader before electing, so the coordinator goes to from exactly once; the timers call small named helpers and State is set before the sends.
package bully

import "dmelab/algorithms/electionbullysteps"

type Node struct{ *electionbullysteps.Vars }

func (n *Node) me() int          { return n.MyID() }
func (n *Node) highest() bool    { return n.me()+1 == n.N() }
func (n *Node) leading() bool    { return n.Leader == n.me() }
func (n *Node) idle() bool       { return n.State == electionbullysteps.Idle }
func (n *Node) leaderless() bool { return n.Leader == electionbullysteps.None }

func (n *Node) Start() {
	if n.idle() {
		n.elect()
	}
}

func (n *Node) elect() {
	n.Leader = electionbullysteps.None
	n.Heard = false
	if n.highest() {
		n.win()
		return
	}
	n.State = electionbullysteps.Electing
	for j := n.N() - 1; j > n.me(); j-- {
		n.SendElection(j)
	}
}

func (n *Node) win() {
	n.State = electionbullysteps.Idle
	n.Heard = false
	n.Leader = n.me()
	n.announce()
}

func (n *Node) announce() {
	for j := range n.me() {
		n.SendCoordinator(j)
	}
}

func (n *Node) OnElection(from int) {
	wasLeader := n.leading()
	if n.idle() && n.leaderless() {
		n.elect()
	}
	switch {
	case wasLeader:
		n.SendCoordinator(from)
	case n.leading():
		// won just now: the announcement went to from with the others
	default:
		n.SendOK(from)
	}
}

func (n *Node) OnOK(from int) {
	if n.State == electionbullysteps.Electing {
		n.State = electionbullysteps.Waiting
	}
}

func (n *Node) OnCoordinator(k int) {
	switch {
	case n.Alive(k):
		n.Leader, n.State, n.Heard = k, electionbullysteps.Idle, true
	case n.idle():
		n.elect()
	}
}

func (n *Node) TimeoutNoOK()          { n.win() }
func (n *Node) TimeoutNoCoordinator() { n.elect() }
func (n *Node) Heartbeat()            { n.announce() }

func (n *Node) Check() {
	if n.Heard {
		n.Heard = false
	} else {
		n.elect()
	}
}
