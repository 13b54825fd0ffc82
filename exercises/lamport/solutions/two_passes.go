// CanEnter checks rule 3a and rule 3b in two separate passes over q with a (T, j) helper function, and Enter and Exit send from the highest id down.
package lamport

import ls "dmelab/algorithms/lamportsteps"

type Node struct{ *ls.Vars }

// before reports (t1, j1) < (t2, j2).
func before(t1, j1, t2, j2 int) bool {
	return t1 < t2 || t1 == t2 && j1 < j2
}

func (n Node) issue(k ls.Kind) {
	me := n.MyID()
	n.Q[me] = ls.Entry{Kind: k, T: n.Clock()}
	for j := n.N() - 1; j >= 0; j-- {
		if j != me {
			n.Send(j, n.Q[me])
		}
	}
}

func (n Node) Enter() { n.issue(ls.Request) }

func (n Node) Exit() { n.issue(ls.Release) }

func (n Node) OnRequest(from, t int) {
	n.Q[from] = ls.Entry{Kind: ls.Request, T: t}
	if n.Q[n.MyID()].Kind == ls.Request {
		return // asking myself: no reply (rule 2)
	}
	n.Send(from, ls.Entry{Kind: ls.Reply, T: n.Clock()})
}

func (n Node) CanEnter() bool {
	me := n.MyID()
	mine := n.Q[me]
	if mine.Kind != ls.Request {
		return false
	}
	// 3a: no Request in q is earlier than mine.
	for j, e := range n.Q {
		if j != me && e.Kind == ls.Request && before(e.T, j, mine.T, me) {
			return false
		}
	}
	// 3b: every other slot is later than mine.
	for j, e := range n.Q {
		if j != me && !before(mine.T, me, e.T, j) {
			return false
		}
	}
	return true
}

func (n Node) OnRelease(from, t int) { n.Q[from] = ls.Entry{Kind: ls.Release, T: t} }

func (n Node) OnReply(from, t int) { n.Q[from] = ls.Entry{Kind: ls.Reply, T: t} }
