// CanEnter finds the earliest Request of q by a min search (3a) and checks rule 3b with slices.ContainsFunc; pointer receivers and one slot setter for the three receive handlers.
package lamport

import (
	"slices"

	"dmelab/algorithms/lamportsteps"
)

type Node struct{ *lamportsteps.Vars }

// stamp is a slot as a (T, j) pair, ordered by T then j.
type stamp struct{ t, j int }

func (a stamp) less(b stamp) bool {
	if a.t == b.t {
		return a.j < b.j
	}
	return a.t < b.t
}

func (n *Node) set(from int, k lamportsteps.Kind, t int) {
	n.Q[from] = lamportsteps.Entry{Kind: k, T: t}
}

func (n *Node) Enter() {
	n.set(n.MyID(), lamportsteps.Request, n.Clock())
	for j := 0; j < n.N(); j++ {
		if j != n.MyID() {
			n.Send(j, lamportsteps.Entry{Kind: lamportsteps.Request, T: n.Clock()})
		}
	}
}

func (n *Node) OnRequest(from, t int) {
	n.set(from, lamportsteps.Request, t)
	if asking := n.Q[n.MyID()].Kind == lamportsteps.Request; !asking {
		n.Send(from, lamportsteps.Entry{Kind: lamportsteps.Reply, T: n.Clock()})
	}
}

func (n *Node) CanEnter() bool {
	me := n.MyID()
	if n.Q[me].Kind != lamportsteps.Request {
		return false
	}
	// 3a: the earliest Request in q is mine.
	earliest := -1
	for j, e := range n.Q {
		if e.Kind != lamportsteps.Request {
			continue
		}
		if earliest < 0 || (stamp{e.T, j}).less(stamp{n.Q[earliest].T, earliest}) {
			earliest = j
		}
	}
	if earliest != me {
		return false
	}
	// 3b: nothing else in q is earlier than (or as early as) mine.
	mine := stamp{n.Q[me].T, me}
	idx := 0
	return !slices.ContainsFunc(n.Q, func(e lamportsteps.Entry) bool {
		j := idx
		idx++
		return j != me && !mine.less(stamp{e.T, j})
	})
}

func (n *Node) Exit() {
	now := lamportsteps.Entry{Kind: lamportsteps.Release, T: n.Clock()}
	n.Q[n.MyID()] = now
	for j := range n.N() {
		if j == n.MyID() {
			continue
		}
		n.Send(j, now)
	}
}

func (n *Node) OnRelease(from, t int) { n.set(from, lamportsteps.Release, t) }

func (n *Node) OnReply(from, t int) { n.set(from, lamportsteps.Reply, t) }
