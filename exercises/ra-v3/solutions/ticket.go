// A ticket type with a before method orders (number, id) pairs; P7 takes the first of the members, P11 the max of a slice.
package betterbetter

import (
	"slices"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

type ticket struct{ num, id int }

func (a ticket) before(b ticket) bool {
	return a.num < b.num || (a.num == b.num && a.id < b.id)
}

func (n Node) P2() { n.MyNum = n.HighestNum + 1 }

func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n Node) P7() int {
	for _, k := range n.Deferred.Members() {
		return k
	}
	return -1
}

func (n Node) P8(N int) { n.Deferred.Remove(N) }

func (n Node) P9(N int) { n.SendReply(N) }

func (n Node) P11() { n.HighestNum = slices.Max([]int{n.RequestedNum, n.HighestNum}) }

func (n Node) P12() {
	theirs, mine := ticket{n.RequestedNum, n.Source}, ticket{n.MyNum, n.MyID()}
	if theirs.before(mine) {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
