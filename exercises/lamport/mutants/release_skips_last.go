// Exit's loop stops one node short (j < N()-1): the last node never hears the Release.
package lamport

import "dmelab/algorithms/lamportsteps"

// Node is one node; the harness owns its variables.
type Node struct{ *lamportsteps.Vars }

// Enter(), rule 1: q[i] = (Request, T_i); send it to all other processes.
func (n Node) Enter() {
	me := n.MyID()
	n.Q[me] = lamportsteps.Entry{Kind: lamportsteps.Request, T: n.Clock()}
	n.toOthers(n.Q[me])
}

// OnRequest(from, t), rule 2: q[from] = (Request, t); if q[i] holds no
// Request, send (Reply, T_i) back.
func (n Node) OnRequest(from, t int) {
	n.Q[from] = lamportsteps.Entry{Kind: lamportsteps.Request, T: t}
	if n.Q[n.MyID()].Kind != lamportsteps.Request {
		n.Send(from, lamportsteps.Entry{Kind: lamportsteps.Reply, T: n.Clock()})
	}
}

// CanEnter(), rule 3: (a) my Request is the earliest Request in q and
// (b) every other entry of q is later than mine.
func (n Node) CanEnter() bool {
	me := n.MyID()
	if n.Q[me].Kind != lamportsteps.Request {
		return false
	}
	for j := range n.Q {
		if j == me {
			continue
		}
		if n.Q[j].Kind == lamportsteps.Request && n.earlier(j, me) {
			return false // 3a: an earlier Request is waiting
		}
		if !n.earlier(me, j) {
			return false // 3b: nothing from j later than my Request yet
		}
	}
	return true
}

// Exit(), rule 3': q[i] = (Release, T_i); send it to all other processes.
func (n Node) Exit() {
	me := n.MyID()
	n.Q[me] = lamportsteps.Entry{Kind: lamportsteps.Release, T: n.Clock()}
	for j := 0; j < n.N()-1; j++ {
		if j != me {
			n.Send(j, n.Q[me])
		}
	}
}

// OnRelease(from, t), rule 4: q[from] = (Release, t).
func (n Node) OnRelease(from, t int) {
	n.Q[from] = lamportsteps.Entry{Kind: lamportsteps.Release, T: t}
}

// OnReply(from, t), rule 5: q[from] = (Reply, t).
func (n Node) OnReply(from, t int) {
	n.Q[from] = lamportsteps.Entry{Kind: lamportsteps.Reply, T: t}
}

// earlier reports whether slot a comes before slot b: smaller timestamp
// first, and on equal timestamps the smaller index.
func (n Node) earlier(a, b int) bool {
	if n.Q[a].T != n.Q[b].T {
		return n.Q[a].T < n.Q[b].T
	}
	return a < b
}

// toOthers sends m to every node but this one.
func (n Node) toOthers(m lamportsteps.Entry) {
	for j := 0; j < n.N(); j++ {
		if j != n.MyID() {
			n.Send(j, m)
		}
	}
}
