// Ben-Ari's fix with the decision spelled out in named booleans, a
// constant, and P7 scanning node ids itself.
package mine

import "dmelab/algorithms/rasteps"

const none = -1

type Node struct{ *rasteps.Vars }

func (n Node) P2() {
	n.RequestCS = true
	n.MyNum = n.HighestNum + 1
}

func (n Node) P4(N int) {
	n.SendRequest(N, n.MyNum)
}

func (n Node) P6a() {
	n.RequestCS = false
}

func (n Node) P7() int {
	for k := 0; k < n.N(); k++ {
		if n.Deferred.Has(k) {
			return k
		}
	}
	return none
}

func (n Node) P8(N int) {
	n.Deferred.Remove(N)
}

func (n Node) P9(N int) {
	n.SendReply(N)
}

func (n Node) P11() {
	n.HighestNum = max(n.HighestNum, n.RequestedNum)
}

func (n Node) P12() {
	theirsFirst := n.RequestedNum < n.MyNum || (n.RequestedNum == n.MyNum && n.Source < n.MyID())
	idle := !n.RequestCS
	if idle || theirsFirst {
		n.SendReply(n.Source)
		return
	}
	n.Deferred.Add(n.Source)
}
