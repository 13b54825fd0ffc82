// Requests compared with cmp.Compare on (T, id), the queue kept sorted by (T, id) with slices.SortFunc, and Exit answering through slices.Values.
package ricart

import (
	"cmp"
	"slices"

	"dmelab/algorithms/ralamportsteps"
)

type Node struct{ *ralamportsteps.Vars }

func order(a, b ralamportsteps.Waiter) int {
	return cmp.Or(cmp.Compare(a.T, b.T), cmp.Compare(a.ID, b.ID))
}

func (n Node) mine() ralamportsteps.Waiter { return ralamportsteps.Waiter{ID: n.MyID(), T: n.T} }

func (n Node) Enter() {
	n.State = ralamportsteps.Wanted
	n.T = n.Clock()
	others := 0
	for j := 0; j < n.N(); j++ {
		if j != n.MyID() {
			n.SendRequest(j)
			others++
		}
	}
	if others == 0 {
		n.State = ralamportsteps.Held
	}
}

func (n Node) OnRequest(j, tj int) {
	theirs := ralamportsteps.Waiter{ID: j, T: tj}
	held := n.State == ralamportsteps.Held
	first := n.State == ralamportsteps.Wanted && order(n.mine(), theirs) < 0
	if !held && !first {
		n.SendReply(j)
		return
	}
	n.Queue = append(n.Queue, theirs)
	slices.SortFunc(n.Queue, order)
}

func (n Node) OnReply(j int) {
	if n.State != ralamportsteps.Wanted {
		return
	}
	if n.Replies++; n.Replies == n.N()-1 {
		n.State = ralamportsteps.Held
	}
}

func (n Node) Exit() {
	n.State = ralamportsteps.Released
	for w := range slices.Values(n.Queue) {
		n.SendReply(w.ID)
	}
	n.Queue = nil
}
