// P11 is a switch over the three cases (smaller number, tie, larger number) with a tie-break helper method; Deferred as a bit set in P7 and P8.
package better

import (
	"math/bits"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

// winsTie says who goes first on equal numbers: the smaller id.
func (n Node) winsTie() bool { return n.Source < n.MyID() }

func (n Node) P2(chosen int) {
	n.MyNum = chosen
}

func (n Node) P4(N int) {
	n.SendRequest(N, n.MyNum)
}

func (n Node) P7() int {
	if n.Deferred.Empty() {
		return -1
	}
	return bits.TrailingZeros32(uint32(n.Deferred))
}

func (n Node) P8(N int) {
	n.Deferred &^= rasteps.Set(1) << N
}

func (n Node) P9(N int) {
	n.SendReply(N)
}

func (n Node) P11() {
	switch {
	case n.RequestedNum < n.MyNum:
		n.SendReply(n.Source)
	case n.RequestedNum == n.MyNum && n.winsTie():
		n.SendReply(n.Source)
	default:
		n.Deferred.Add(n.Source)
	}
}
