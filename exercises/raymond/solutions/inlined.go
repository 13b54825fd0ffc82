// The two procedures written out in one method with early returns, on a pointer receiver, the queue shifted with slices.Delete.
package tree

import (
	"slices"

	"dmelab/algorithms/raymondsteps"
)

type Node struct{ *raymondsteps.Vars }

func (n *Node) Enter() {
	n.State = raymondsteps.Wanted
	n.Queue = append(n.Queue, n.MyID())
	n.procedures()
}

func (n *Node) Exit() {
	n.State = raymondsteps.Released
	n.procedures()
}

func (n *Node) OnRequest(from int) {
	n.Queue = append(n.Queue, from)
	n.procedures()
}

func (n *Node) OnPrivilege() {
	n.Holder = n.MyID()
	n.procedures()
}

func (n *Node) procedures() {
	me := n.MyID()
	if n.Holder == me && n.State != raymondsteps.Held && len(n.Queue) > 0 {
		next := n.Queue[0]
		n.Queue = slices.Delete(n.Queue, 0, 1)
		n.Holder, n.Asked = next, false
		if next == me {
			n.State = raymondsteps.Held
			return // the holder has no one to ask
		}
		n.SendPrivilege(next)
	}
	if n.Holder == me || len(n.Queue) == 0 || n.Asked {
		return
	}
	n.Asked = true
	n.SendRequest(n.Holder)
}
