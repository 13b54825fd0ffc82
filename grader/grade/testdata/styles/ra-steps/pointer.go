// Ben-Ari's fix in another style: pointer receivers, a switch, a loop
// over the members of deferred.
package steps

import (
	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

func (n *Node) P2() {
	n.MyNum, n.RequestCS = n.HighestNum+1, true
}

func (n *Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n *Node) P6a() { n.RequestCS = false }

func (n *Node) P7() int {
	for _, k := range n.Deferred.Members() {
		return k
	}
	return -1
}

func (n *Node) P8(N int) { n.Deferred.Remove(N) }

func (n *Node) P9(N int) { n.SendReply(N) }

func (n *Node) P11() {
	if n.RequestedNum > n.HighestNum {
		n.HighestNum = n.RequestedNum
	}
}

func (n *Node) P12() {
	switch {
	case !n.RequestCS:
		n.SendReply(n.Source)
	case n.RequestedNum < n.MyNum:
		n.SendReply(n.Source)
	case n.RequestedNum == n.MyNum && n.Source < n.MyID():
		n.SendReply(n.Source)
	default:
		n.Deferred.Add(n.Source)
	}
}
