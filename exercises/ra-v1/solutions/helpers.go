// Helper functions carry the work (answer, smallest, comesFirst), and P7 takes the first of the sorted members.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

// answer sends the reply the listing's send(reply,to,myID) means.
func answer(n Node, to int) { n.SendReply(to) }

// smallest is the least member of s, or -1 for an empty set.
func smallest(s rasteps.Set) int {
	if m := s.Members(); len(m) > 0 {
		return m[0]
	}
	return -1
}

// comesFirst is the listing's test: the request's number is below mine.
func comesFirst(requested, mine int) bool { return requested < mine }

func (n Node) P2(chosen int) { n.MyNum = chosen }

func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n Node) P7() int { return smallest(n.Deferred) }

func (n Node) P8(N int) { n.Deferred.Remove(N) }

func (n Node) P9(N int) { answer(n, N) }

func (n Node) P11() {
	if !comesFirst(n.RequestedNum, n.MyNum) {
		n.Deferred.Add(n.Source)
	} else {
		answer(n, n.Source)
	}
}
