// Pointer receivers; RN[from] raised with an if rather than max, and a request is outstanding when RN[j] > LN[j] (RN never runs more than one ahead of LN).
package suzuki

import (
	"slices"

	sk "dmelab/algorithms/suzukikasamisteps"
)

type Node struct{ *sk.Vars }

func (n *Node) Enter() {
	me := n.MyID()
	if n.HasToken() {
		n.State = sk.Held
		return
	}
	n.State = sk.Wanted
	n.RN[me]++
	for j := range n.N() {
		if j != me {
			n.SendRequest(j, n.RN[me])
		}
	}
}

func (n *Node) OnRequest(from, num int) {
	if num > n.RN[from] {
		n.RN[from] = num
	}
	if n.HasToken() && n.State != sk.Held && n.RN[from] > n.LN[from] {
		n.SendToken(from)
	}
}

func (n *Node) Exit() {
	n.State = sk.Released
	n.LN[n.MyID()] = n.RN[n.MyID()]
	for j := range n.N() {
		if n.RN[j] > n.LN[j] && !slices.Contains(n.Q, j) {
			n.Q = append(n.Q, j)
		}
	}
	if len(n.Q) == 0 {
		return
	}
	head := n.Q[0]
	n.Q = slices.Delete(n.Q, 0, 1)
	n.SendToken(head)
}

func (n *Node) OnToken() {
	if n.State == sk.Wanted {
		n.State = sk.Held
	}
}
