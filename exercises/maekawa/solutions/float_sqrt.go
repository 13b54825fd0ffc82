// Takes S from math.Sqrt and builds V_p as its row followed by the rest of its column; switch statements, and OnReply clears the count as the K-th vote lets the node in (not in Enter or Leave).
package maekawa

import (
	"math"

	"dmelab/algorithms/maekawasteps"
)

type Node struct{ *maekawasteps.Vars }

func VotingSets(n int) [][]int {
	s := int(math.Ceil(math.Sqrt(float64(n))))
	out := make([][]int, n)
	for p := range out {
		row, col := p/s, p%s
		first := row * s
		for q := first; q < first+s && q < n; q++ {
			out[p] = append(out[p], q)
		}
		for q := col; q < n; q += s {
			if q/s != row {
				out[p] = append(out[p], q)
			}
		}
	}
	return out
}

func (n Node) Enter() {
	n.State = maekawasteps.Wanted
	for i := range n.V {
		n.SendRequest(n.V[i])
	}
}

// OnReply counts the vote; with the K-th the node enters and the count
// starts again from zero for its next request.
func (n Node) OnReply(pj int) {
	switch n.Replies + 1 {
	case len(n.V):
		n.Replies = 0
		n.State = maekawasteps.Held
	default:
		n.Replies++
	}
}

func (n Node) Leave() {
	n.State = maekawasteps.Released
	for i := range n.V {
		n.SendRelease(n.V[i])
	}
}

func (n Node) OnRequest(pj int) {
	switch {
	case n.State == maekawasteps.Held:
		n.Q = append(n.Q, pj)
	case n.Voted:
		n.Q = append(n.Q, pj)
	default:
		n.SendReply(pj)
		n.Voted = true
	}
}

func (n Node) OnRelease(pj int) {
	switch len(n.Q) {
	case 0:
		n.Voted = false
	default:
		var m int
		m, n.Q = n.Q[0], n.Q[1:]
		n.SendReply(m)
		n.Voted = true
	}
}
