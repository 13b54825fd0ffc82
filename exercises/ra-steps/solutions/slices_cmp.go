// P7 takes slices.Max of the members, P12 compares with cmp.Compare and a switch, P11 with the max of a slice.
package ra

import (
	"cmp"
	"slices"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

func (n Node) P2() {
	n.MyNum = n.HighestNum + 1
	n.RequestCS = true
}

func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n Node) P6a() { n.RequestCS = false }

func (n Node) P7() int {
	if m := n.Deferred.Members(); len(m) > 0 {
		return slices.Max(m)
	}
	return -1
}

func (n Node) P8(N int) { n.Deferred.Remove(N) }

func (n Node) P9(N int) { n.SendReply(N) }

func (n Node) P11() { n.HighestNum = slices.Max([]int{n.HighestNum, n.RequestedNum}) }

func (n Node) P12() {
	order := cmp.Or(cmp.Compare(n.RequestedNum, n.MyNum), cmp.Compare(n.Source, n.MyID()))
	switch {
	case !n.RequestCS, order < 0:
		n.SendReply(n.Source)
	default:
		n.Deferred.Add(n.Source)
	}
}
