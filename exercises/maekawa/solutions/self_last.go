// Builds each V_p from a membership test on (row, column) coordinates with a helper, asks the other members first and itself last, resets the reply count in Leave only, and dequeues with slices.Delete.
package maekawa

import (
	"slices"

	mk "dmelab/algorithms/maekawasteps"
)

type Node struct{ *mk.Vars }

// side is S = ⌈√n⌉, the width of the matrix.
func side(n int) int {
	s := 0
	for s*s < n {
		s++
	}
	return s
}

// cell is where p sits when the processes are written row by row.
func cell(p, s int) (row, col int) { return p / s, p % s }

func VotingSets(n int) [][]int {
	s := side(n)
	sets := make([][]int, 0, n)
	for p := range n {
		pr, pc := cell(p, s)
		var v []int
		for q := range n {
			qr, qc := cell(q, s)
			if qr != pr && qc != pc {
				continue
			}
			v = append(v, q)
		}
		sets = append(sets, v)
	}
	return sets
}

// multicast sends one message to every member of V, the node itself last.
func (n Node) multicast(send func(int)) {
	for _, q := range n.V {
		if q != n.MyID() {
			send(q)
		}
	}
	send(n.MyID())
}

func (n Node) Enter() {
	n.State = mk.Wanted
	n.multicast(n.SendRequest)
}

func (n Node) OnReply(pj int) {
	n.Replies += 1
	if n.Replies == len(n.V) && n.State == mk.Wanted {
		n.State = mk.Held
	}
}

func (n Node) Leave() {
	n.State = mk.Released
	n.Replies = 0
	n.multicast(n.SendRelease)
}

func (n Node) OnRequest(pj int) {
	busy := n.State == mk.Held || n.Voted
	if busy {
		n.Q = append(n.Q, pj)
	} else {
		n.Voted = true
		n.SendReply(pj)
	}
}

func (n Node) OnRelease(pj int) {
	if len(n.Q) != 0 {
		head := n.Q[0]
		n.Q = slices.Delete(n.Q, 0, 1)
		n.Voted = true
		n.SendReply(head)
		return
	}
	n.Voted = false
}
