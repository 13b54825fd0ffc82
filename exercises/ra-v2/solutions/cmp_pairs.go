// P11 compares (requestedNum, source) with (myNum, myID) through cmp.Or of cmp.Compare, and P7 scans the ids upwards.
package ra

import (
	"cmp"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

func (n Node) P2(chosen int) { n.MyNum = chosen }

func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n Node) P7() int {
	for k := range n.N() {
		if n.Deferred.Has(k) {
			return k
		}
	}
	return -1
}

func (n Node) P8(N int) { n.Deferred.Remove(N) }

func (n Node) P9(N int) { n.SendReply(N) }

// P11: the pairs are compared number first, then id.
func (n Node) P11() {
	if cmp.Or(cmp.Compare(n.RequestedNum, n.MyNum), cmp.Compare(n.Source, n.MyID())) < 0 {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
