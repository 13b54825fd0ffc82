// P11 asks the inverted question (defer when requestedNum > myNum, or equal and source > myID: ids never tie), with an early return and pointer receivers.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

func (n *Node) P2(chosen int) { n.MyNum = chosen }

func (n *Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n *Node) P7() int { return n.Deferred.First() }

func (n *Node) P8(N int) { n.Deferred.Remove(N) }

func (n *Node) P9(N int) { n.SendReply(N) }

func (n *Node) P11() {
	if n.RequestedNum > n.MyNum || n.RequestedNum == n.MyNum && n.Source > n.MyID() {
		n.Deferred.Add(n.Source)
		return
	}
	n.SendReply(n.Source)
}
