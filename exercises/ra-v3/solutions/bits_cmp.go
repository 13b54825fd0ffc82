// Deferred as a bit set (math/bits in P7, &^= in P8, |= in P12), P12 through cmp.Compare with an early return, P11 spelled with a local.
package ra

import (
	"cmp"
	"math/bits"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

func (n Node) P2() {
	next := n.HighestNum + 1
	n.MyNum = next
}

func (n Node) P4(N int) {
	n.SendRequest(N, n.MyNum)
}

func (n Node) P7() int {
	if d := uint32(n.Deferred); d != 0 {
		return bits.TrailingZeros32(d)
	}
	return -1
}

func (n Node) P8(N int) {
	n.Deferred &^= 1 << N
}

func (n Node) P9(N int) {
	n.SendReply(N)
}

func (n Node) P11() {
	h := n.HighestNum
	if n.RequestedNum > h {
		h = n.RequestedNum
	}
	n.HighestNum = h
}

func (n Node) P12() {
	c := cmp.Compare(n.RequestedNum, n.MyNum)
	if c < 0 || c == 0 && n.Source < n.MyID() {
		n.SendReply(n.Source)
		return
	}
	n.Deferred |= 1 << n.Source
}
