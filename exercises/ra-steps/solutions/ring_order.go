// P7 answers round the ring from the node after itself, and P12 asks the inverted question (defer when my (num, id) comes first) through a ticket type.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

// ticket is a (number, id) pair, ordered by number then id.
type ticket struct{ num, id int }

func (a ticket) before(b ticket) bool {
	if a.num != b.num {
		return a.num < b.num
	}
	return a.id < b.id
}

func (n Node) mine() ticket   { return ticket{n.MyNum, n.MyID()} }
func (n Node) theirs() ticket { return ticket{n.RequestedNum, n.Source} }

func (n Node) P2() {
	n.RequestCS = true
	n.MyNum = 1 + n.HighestNum
}

func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n Node) P6a() { n.RequestCS = false }

// P7: the first deferred node after me, going round: me+1, ..., N-1, 0, ...
func (n Node) P7() int {
	if n.Deferred.Empty() {
		return -1
	}
	for step := 1; step <= n.N(); step++ {
		if k := (n.MyID() + step) % n.N(); n.Deferred.Has(k) {
			return k
		}
	}
	return -1
}

func (n Node) P8(N int) { n.Deferred.Remove(N) }

func (n Node) P9(N int) { n.SendReply(N) }

func (n Node) P11() {
	if n.HighestNum < n.RequestedNum {
		n.HighestNum = n.RequestedNum
	}
}

// P12: two requests are never equal (ids differ), so "theirs first" is
// "not mine first".
func (n Node) P12() {
	if n.RequestCS && n.mine().before(n.theirs()) {
		n.Deferred.Add(n.Source)
		return
	}
	n.SendReply(n.Source)
}
