// CanEnter is one loop with a switch and cmp.Compare on (T, j): rule 3b (every other slot later than mine) already rules out an earlier Request (3a).
package lamport

import (
	"cmp"

	"dmelab/algorithms/lamportsteps"
)

type Node struct{ *lamportsteps.Vars }

// order compares slots a and b of q: timestamp first, then index.
func (n Node) order(a, b int) int {
	return cmp.Or(cmp.Compare(n.Q[a].T, n.Q[b].T), cmp.Compare(a, b))
}

func (n Node) toAll(e lamportsteps.Entry) {
	for j := range n.Q {
		if j != n.MyID() {
			n.Send(j, e)
		}
	}
}

func (n Node) Enter() {
	e := lamportsteps.Entry{Kind: lamportsteps.Request, T: n.Clock()}
	n.Q[n.MyID()] = e
	n.toAll(e)
}

func (n Node) OnRequest(from, t int) {
	n.Q[from] = lamportsteps.Entry{Kind: lamportsteps.Request, T: t}
	if n.Q[n.MyID()].Kind != lamportsteps.Request {
		n.Send(from, lamportsteps.Entry{Kind: lamportsteps.Reply, T: n.Clock()})
	}
}

func (n Node) CanEnter() bool {
	me := n.MyID()
	if n.Q[me].Kind != lamportsteps.Request {
		return false
	}
	for j := range n.Q {
		switch {
		case j == me:
		case n.order(j, me) < 0: // earlier than my Request: 3b fails (and 3a, if it is a Request)
			return false
		}
	}
	return true
}

func (n Node) Exit() {
	e := lamportsteps.Entry{Kind: lamportsteps.Release, T: n.Clock()}
	n.Q[n.MyID()] = e
	n.toAll(e)
}

func (n Node) OnRelease(from, t int) {
	n.Q[from] = lamportsteps.Entry{Kind: lamportsteps.Release, T: t}
}

func (n Node) OnReply(from, t int) {
	n.Q[from] = lamportsteps.Entry{Kind: lamportsteps.Reply, T: t}
}
