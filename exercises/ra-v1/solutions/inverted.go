// P11 asks the inverted question (defer when requestedNum >= myNum), returning early, with pointer receivers and P7 scanning the ids upwards.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

func (n *Node) P2(chosen int) { n.MyNum = chosen }

func (n *Node) P4(N int) { n.SendRequest(N, n.MyNum) }

// P7: the smallest deferred node, found by looking at each id in turn.
func (n *Node) P7() int {
	for k := 0; k < n.N(); k++ {
		if n.Deferred.Has(k) {
			return k
		}
	}
	return -1
}

func (n *Node) P8(N int) { n.Deferred.Remove(N) }

func (n *Node) P9(N int) { n.SendReply(N) }

func (n *Node) P11() {
	if n.RequestedNum >= n.MyNum {
		n.Deferred.Add(n.Source)
		return
	}
	n.SendReply(n.Source)
}
