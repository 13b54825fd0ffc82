// Enter asks the nodes from the highest id down and Exit answers the queue from its end, emptying it with [:0]; OnRequest replies early and queues otherwise.
package ricart

import rl "dmelab/algorithms/ralamportsteps"

type Node struct{ *rl.Vars }

func (n Node) Enter() {
	n.State, n.T = rl.Wanted, n.Clock()
	for j := n.N() - 1; j >= 0; j-- {
		if j == n.MyID() {
			continue
		}
		n.SendRequest(j)
	}
	if n.N() == 1 {
		n.State = rl.Held
	}
}

// OnRequest: reply unless I hold the CS or want it with the earlier pair.
func (n Node) OnRequest(j, tj int) {
	mineFirst := n.T < tj || n.T == tj && n.MyID() < j
	if n.State == rl.Released || (n.State == rl.Wanted && !mineFirst) {
		n.SendReply(j)
		return
	}
	n.Queue = append(n.Queue, rl.Waiter{ID: j, T: tj})
}

func (n Node) OnReply(j int) {
	if n.State == rl.Wanted {
		n.Replies++
		if n.Replies >= n.N()-1 {
			n.State = rl.Held
		}
	}
}

func (n Node) Exit() {
	n.State = rl.Released
	for i := len(n.Queue) - 1; i >= 0; i-- {
		n.SendReply(n.Queue[i].ID)
	}
	n.Queue = n.Queue[:0]
}
