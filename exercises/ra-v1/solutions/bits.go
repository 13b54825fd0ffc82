// Deferred as a bit set: P7 counts trailing zeros (math/bits), P8 clears the bit, P11 sets it.
package listing

import (
	"math/bits"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

func (n Node) P2(chosen int) {
	n.MyNum = chosen
}

func (n Node) P4(N int) {
	n.SendRequest(N, n.MyNum)
}

func (n Node) P7() int {
	if n.Deferred == 0 {
		return -1
	}
	return bits.TrailingZeros32(uint32(n.Deferred))
}

func (n Node) P8(N int) {
	n.Deferred &^= 1 << N
}

func (n Node) P9(N int) {
	n.SendReply(N)
}

func (n Node) P11() {
	switch {
	case n.RequestedNum < n.MyNum:
		n.SendReply(n.Source)
	default:
		n.Deferred |= 1 << n.Source
	}
}
