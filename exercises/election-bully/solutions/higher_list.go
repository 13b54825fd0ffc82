// elect builds the list of the higher nodes and wins when it is empty; OnElection picks its answer (ok or coordinator) as a function value; win announces by calling Heartbeat; Check clears Heard before it decides.
package bully

import b "dmelab/algorithms/electionbullysteps"

type Node struct{ *b.Vars }

// above lists the nodes higher than me, lowest first.
func (n Node) above() []int {
	var xs []int
	for j := n.MyID() + 1; j < n.N(); j++ {
		xs = append(xs, j)
	}
	return xs
}

// below lists the nodes lower than me, highest first.
func (n Node) below() []int {
	var xs []int
	for j := n.MyID() - 1; j >= 0; j-- {
		xs = append(xs, j)
	}
	return xs
}

func (n Node) Start() {
	if n.State == b.Idle {
		n.elect()
	}
}

func (n Node) elect() {
	n.Leader, n.Heard = b.None, false
	higher := n.above()
	if len(higher) == 0 {
		n.win()
		return
	}
	n.State = b.Electing
	for _, j := range higher {
		n.SendElection(j)
	}
}

func (n Node) win() {
	n.Leader, n.State, n.Heard = n.MyID(), b.Idle, false
	n.Heartbeat()
}

func (n Node) OnElection(from int) {
	if n.State == b.Idle && n.Leader == b.None {
		n.elect()
		if n.Leader == n.MyID() {
			return
		}
	}
	answer := n.SendOK
	if n.Leader == n.MyID() {
		answer = n.SendCoordinator
	}
	answer(from)
}

func (n Node) OnOK(from int) {
	switch n.State {
	case b.Electing:
		n.State = b.Waiting
	}
}

func (n Node) OnCoordinator(k int) {
	if alive := n.Alive(k); alive {
		n.Leader = k
		n.State = b.Idle
		n.Heard = true
	} else if n.State == b.Idle {
		n.elect()
	}
}

func (n Node) TimeoutNoOK() { n.win() }

func (n Node) TimeoutNoCoordinator() { n.elect() }

func (n Node) Heartbeat() {
	for _, j := range n.below() {
		n.SendCoordinator(j)
	}
}

func (n Node) Check() {
	heard := n.Heard
	n.Heard = false
	if !heard {
		n.elect()
	}
}
