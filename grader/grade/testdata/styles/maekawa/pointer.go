// Seed 003 in another style: pointer receivers, queue helpers, and the
// grid built as an explicit matrix of rows and columns.
package voting

import (
	"slices"

	mk "dmelab/algorithms/maekawasteps"
)

type Node struct{ *mk.Vars }

func VotingSets(n int) [][]int {
	s := 0
	for s*s < n {
		s++
	}
	var rows, cols = map[int][]int{}, map[int][]int{}
	for p := 0; p < n; p++ {
		rows[p/s] = append(rows[p/s], p)
		cols[p%s] = append(cols[p%s], p)
	}
	sets := make([][]int, n)
	for p := 0; p < n; p++ {
		v := append(slices.Clone(rows[p/s]), cols[p%s]...)
		slices.Sort(v)
		sets[p] = slices.Compact(v)
	}
	return sets
}

func (n *Node) enqueue(p int) { n.Q = append(n.Q, p) }

func (n *Node) dequeue() int {
	m := n.Q[0]
	n.Q = slices.Delete(slices.Clone(n.Q), 0, 1)
	return m
}

func (n *Node) Enter() {
	n.State, n.Replies = mk.Wanted, 0
	for _, q := range n.V {
		n.SendRequest(q)
	}
}

func (n *Node) OnReply(int) {
	if n.Replies++; n.Replies == len(n.V) && n.State == mk.Wanted {
		n.State = mk.Held
	}
}

func (n *Node) Leave() {
	n.State, n.Replies = mk.Released, 0
	for _, q := range n.V {
		n.SendRelease(q)
	}
}

func (n *Node) OnRequest(pj int) {
	if n.State == mk.Held || n.Voted {
		n.enqueue(pj)
		return
	}
	n.SendReply(pj)
	n.Voted = true
}

func (n *Node) OnRelease(int) {
	n.Voted = len(n.Q) > 0
	if n.Voted {
		n.SendReply(n.dequeue())
	}
}
