// elect sends election to the lower nodes instead of the higher ones: nobody higher is asked, and N1 wins.
package bully

import "dmelab/algorithms/electionbullysteps"

// Node is one node; the harness owns its variables.
type Node struct{ *electionbullysteps.Vars }

// Start(): the application asks for an election: if idle, elect.
func (n Node) Start() {
	if n.State == electionbullysteps.Idle {
		n.elect()
	}
}

// elect: forget the leader; the highest node wins at once, any other
// sends election to every higher node and waits for ok.
func (n Node) elect() {
	n.Leader, n.Heard = electionbullysteps.None, false
	if n.MyID() == n.N()-1 {
		n.win()
		return
	}
	for j := 0; j < n.MyID(); j++ {
		n.SendElection(j)
	}
	n.State = electionbullysteps.Electing
}

// win: I am the leader; tell every lower node.
func (n Node) win() {
	n.Leader, n.State, n.Heard = n.MyID(), electionbullysteps.Idle, false
	n.announce()
}

func (n Node) announce() {
	for j := 0; j < n.MyID(); j++ {
		n.SendCoordinator(j)
	}
}

// OnElection(from): with no leader and no election of my own, elect
// (winning at once already told from); then answer from: coordinator if
// I lead, else ok.
func (n Node) OnElection(from int) {
	if n.State == electionbullysteps.Idle && n.Leader == electionbullysteps.None {
		n.elect()
		if n.Leader == n.MyID() {
			return
		}
	}
	if n.Leader == n.MyID() {
		n.SendCoordinator(from)
	} else {
		n.SendOK(from)
	}
}

// OnOK(from): a higher node is alive: stop electing, wait for the winner.
func (n Node) OnOK(from int) {
	if n.State == electionbullysteps.Electing {
		n.State = electionbullysteps.Waiting
	}
}

// OnCoordinator(k): k leads, if it is still alive; else, if idle, elect.
func (n Node) OnCoordinator(k int) {
	if n.Alive(k) {
		n.Leader, n.State, n.Heard = k, electionbullysteps.Idle, true
	} else if n.State == electionbullysteps.Idle {
		n.elect()
	}
}

// TimeoutNoOK(): nobody higher answered: I am the leader.
func (n Node) TimeoutNoOK() { n.win() }

// TimeoutNoCoordinator(): the higher nodes crashed before announcing a
// winner: elect again.
func (n Node) TimeoutNoCoordinator() { n.elect() }

// Heartbeat(): the leader tells every lower node again.
func (n Node) Heartbeat() { n.announce() }

// Check(): heard from the leader since the last check? Forget it, and
// wait for the next. Nothing heard: the leader has crashed: elect.
func (n Node) Check() {
	if n.Heard {
		n.Heard = false
		return
	}
	n.elect()
}
