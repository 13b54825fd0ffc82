// Helper methods carry the work (broadcast, ready, defers), pointer receivers, a switch in OnRequest, and Exit pops the queue one waiter at a time.
package ricart

import "dmelab/algorithms/ralamportsteps"

type Node struct{ *ralamportsteps.Vars }

// broadcast sends my request to every other node.
func (n *Node) broadcast() {
	for j := range n.N() {
		if j != n.MyID() {
			n.SendRequest(j)
		}
	}
}

// ready moves Wanted to Held once every other node has replied.
func (n *Node) ready() {
	if n.State == ralamportsteps.Wanted && n.Replies == n.N()-1 {
		n.State = ralamportsteps.Held
	}
}

// defers says whether my request <T, me> comes before <tj, j>.
func (n *Node) defers(j, tj int) bool {
	switch {
	case n.T != tj:
		return n.T < tj
	default:
		return n.MyID() < j
	}
}

func (n *Node) Enter() {
	n.State = ralamportsteps.Wanted
	n.T = n.Clock()
	n.Replies = 0
	n.broadcast()
	n.ready() // with one node, nobody to wait for
}

func (n *Node) OnRequest(j, tj int) {
	switch n.State {
	case ralamportsteps.Held:
		n.Queue = append(n.Queue, ralamportsteps.Waiter{ID: j, T: tj})
	case ralamportsteps.Wanted:
		if n.defers(j, tj) {
			n.Queue = append(n.Queue, ralamportsteps.Waiter{ID: j, T: tj})
		} else {
			n.SendReply(j)
		}
	default:
		n.SendReply(j)
	}
}

func (n *Node) OnReply(j int) {
	if n.State != ralamportsteps.Wanted {
		return
	}
	n.Replies++
	n.ready()
}

func (n *Node) Exit() {
	n.State = ralamportsteps.Released
	for len(n.Queue) > 0 {
		w := n.Queue[0]
		n.Queue = n.Queue[1:]
		n.SendReply(w.ID)
	}
}
