// OnElection is one switch that answers before it elects (coordinator from the leader, a win at once from the highest node, else ok and then its own election), and elect finds out that it is the highest by counting the elections it sent, from the top down.
package bully

import eb "dmelab/algorithms/electionbullysteps"

type Node struct{ *eb.Vars }

func (n Node) Start() {
	if n.State != eb.Idle {
		return
	}
	n.elect()
}

// elect asks every higher node, the highest first; with nobody to ask,
// the node wins.
func (n Node) elect() {
	n.Leader = eb.None
	n.Heard = false
	asked := 0
	for j := n.N() - 1; j > n.MyID(); j-- {
		n.SendElection(j)
		asked++
	}
	if asked == 0 {
		n.win()
		return
	}
	n.State = eb.Electing
}

func (n Node) win() {
	n.Leader = n.MyID()
	n.State = eb.Idle
	n.Heard = false
	n.tellLower()
}

func (n Node) tellLower() {
	for j := n.MyID() - 1; j >= 0; j-- {
		n.SendCoordinator(j)
	}
}

func (n Node) undecided() bool { return n.State == eb.Idle && n.Leader == eb.None }

func (n Node) OnElection(from int) {
	switch {
	case n.Leader == n.MyID():
		n.SendCoordinator(from)
	case n.undecided() && n.MyID() == n.N()-1:
		n.win() // the coordinator to every lower node answers from too
	default:
		n.SendOK(from)
		if n.undecided() {
			n.elect()
		}
	}
}

func (n Node) OnOK(from int) {
	if n.State != eb.Electing {
		return
	}
	n.State = eb.Waiting
}

func (n Node) OnCoordinator(k int) {
	if !n.Alive(k) {
		if n.State == eb.Idle {
			n.elect()
		}
		return
	}
	n.Leader = k
	n.State = eb.Idle
	n.Heard = true
}

func (n Node) TimeoutNoOK() { n.win() }

func (n Node) TimeoutNoCoordinator() { n.elect() }

func (n Node) Heartbeat() { n.tellLower() }

func (n Node) Check() {
	if !n.Heard {
		n.elect()
		return
	}
	n.Heard = false
}
