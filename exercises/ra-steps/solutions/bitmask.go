// Deferred handled as the bit set it is (|=, &^=, a downward scan of the ids in P7), pointer receivers, and P11 as an if.
package benari

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

func (n *Node) P2() {
	n.MyNum, n.RequestCS = n.HighestNum+1, true
}

func (n *Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n *Node) P6a() { n.RequestCS = false }

// P7 looks at the ids from the top down.
func (n *Node) P7() int {
	for k := n.N() - 1; k >= 0; k-- {
		if n.Deferred&(1<<k) != 0 {
			return k
		}
	}
	return -1
}

func (n *Node) P8(N int) { n.Deferred &^= 1 << N }

func (n *Node) P9(N int) { n.SendReply(N) }

func (n *Node) P11() {
	if n.RequestedNum > n.HighestNum {
		n.HighestNum = n.RequestedNum
	}
}

func (n *Node) P12() {
	if n.RequestCS && (n.MyNum < n.RequestedNum || n.MyNum == n.RequestedNum && n.MyID() < n.Source) {
		n.Deferred |= 1 << n.Source
	} else {
		n.SendReply(n.Source)
	}
}
