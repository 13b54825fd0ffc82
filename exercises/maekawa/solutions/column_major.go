// Fills the grid column by column (S rows high) and lists V_p as its row then its column, unsorted; multicasts from the highest member down and resets the reply count only in Enter.
package maekawa

import "dmelab/algorithms/maekawasteps"

type Node struct{ *maekawasteps.Vars }

// VotingSets puts p at row p mod S, column p div S: the transpose of the
// seed's row-by-row matrix. A row of one is a column of the other, so
// "row ∪ column" gives the same sets.
func VotingSets(n int) [][]int {
	s := 1
	for s*s < n {
		s++
	}
	sets := make([][]int, n)
	for p := 0; p < n; p++ {
		r, c := p%s, p/s
		// p's row: every process at row r
		for q := r; q < n; q += s {
			sets[p] = append(sets[p], q)
		}
		// p's column: the processes c*s .. c*s+s-1, except p (already in)
		for q := c * s; q < c*s+s && q < n; q++ {
			if q != p {
				sets[p] = append(sets[p], q)
			}
		}
	}
	return sets
}

func (n Node) Enter() {
	n.State = maekawasteps.Wanted
	n.Replies = 0
	for i := len(n.V) - 1; i >= 0; i-- {
		n.SendRequest(n.V[i])
	}
}

func (n Node) OnReply(pj int) {
	n.Replies++
	if n.State != maekawasteps.Wanted {
		return
	}
	if n.Replies >= len(n.V) {
		n.State = maekawasteps.Held
	}
}

func (n Node) Leave() {
	n.State = maekawasteps.Released
	for i := len(n.V) - 1; i >= 0; i-- {
		n.SendRelease(n.V[i])
	}
}

func (n Node) OnRequest(pj int) {
	if n.State != maekawasteps.Held && !n.Voted {
		n.SendReply(pj)
		n.Voted = true
		return
	}
	n.Q = append(n.Q, pj)
}

func (n Node) OnRelease(pj int) {
	if len(n.Q) == 0 {
		n.Voted = false
		return
	}
	m := n.Q[0]
	copy(n.Q, n.Q[1:])
	n.Q = n.Q[:len(n.Q)-1]
	n.SendReply(m)
	n.Voted = true
}
