// P11 as an if (raise highestNum only when the request's number is larger) and P12 asks the inverted question (defer when (myNum, myID) comes first), with pointer receivers.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

func (n *Node) P2() { n.MyNum = 1 + n.HighestNum }

func (n *Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n *Node) P7() int { return n.Deferred.First() }

func (n *Node) P8(N int) { n.Deferred.Remove(N) }

func (n *Node) P9(N int) { n.SendReply(N) }

func (n *Node) P11() {
	if n.RequestedNum > n.HighestNum {
		n.HighestNum = n.RequestedNum
	}
}

func (n *Node) P12() {
	if n.MyNum < n.RequestedNum || n.MyNum == n.RequestedNum && n.MyID() < n.Source {
		n.Deferred.Add(n.Source)
		return
	}
	n.SendReply(n.Source)
}
