// Compares timestamps only, no tie-break by id: two requests with the same T both get a reply, and both nodes enter.
package ricart

import "dmelab/algorithms/ralamportsteps"

// Node is one node; the harness owns its variables and its clock.
type Node struct{ *ralamportsteps.Vars }

// before reports (ta, a) < (tb, b): the smaller timestamp first, the
// smaller id on a tie.
func before(ta, a, tb, b int) bool {
	return ta < tb
}

// Enter(): state = Wanted; T = my clock; multicast Request <T, me>.
func (n Node) Enter() {
	n.State = ralamportsteps.Wanted
	n.T = n.Clock()
	for j := 0; j < n.N(); j++ {
		if j != n.MyID() {
			n.SendRequest(j)
		}
	}
	if n.N() == 1 { // nobody to wait for
		n.State = ralamportsteps.Held
	}
}

// OnRequest(j, tj): queue <tj, j> if I hold the CS, or want it and my
// request comes first; else reply at once.
func (n Node) OnRequest(j, tj int) {
	if n.State == ralamportsteps.Held ||
		(n.State == ralamportsteps.Wanted && before(n.T, n.MyID(), tj, j)) {
		n.Queue = append(n.Queue, ralamportsteps.Waiter{ID: j, T: tj})
		return
	}
	n.SendReply(j)
}

// OnReply(j): count the reply; with all N-1 of them, enter.
func (n Node) OnReply(j int) {
	if n.State != ralamportsteps.Wanted {
		return
	}
	n.Replies++
	if n.Replies == n.N()-1 {
		n.State = ralamportsteps.Held
	}
}

// Exit(): state = Released; reply to every queued request.
func (n Node) Exit() {
	n.State = ralamportsteps.Released
	for _, w := range n.Queue {
		n.SendReply(w.ID)
	}
	n.Queue = nil
}
