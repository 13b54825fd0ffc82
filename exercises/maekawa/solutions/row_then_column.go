// Lists V_p as p's row followed by p's column, unsorted, as "row ∪ column" reads: p is in it twice (the harness keeps each member once); Replies reset in Enter.
package maekawa

import "dmelab/algorithms/maekawasteps"

type Node struct{ *maekawasteps.Vars }

// VotingSets writes the processes row by row in an S-wide matrix; V_p is
// p's row, then p's column (p in both).
func VotingSets(n int) [][]int {
	s := 0
	for s*s < n {
		s++
	}
	sets := make([][]int, n)
	for p := 0; p < n; p++ {
		r, c := p/s, p%s
		for q := r * s; q < r*s+s && q < n; q++ {
			sets[p] = append(sets[p], q)
		}
		for q := c; q < n; q += s {
			sets[p] = append(sets[p], q)
		}
	}
	return sets
}

func (n Node) Enter() {
	n.State = maekawasteps.Wanted
	n.Replies = 0
	for _, q := range n.V {
		n.SendRequest(q)
	}
}

func (n Node) OnReply(pj int) {
	n.Replies++
	if n.Replies == len(n.V) && n.State == maekawasteps.Wanted {
		n.State = maekawasteps.Held
	}
}

func (n Node) Leave() {
	n.State = maekawasteps.Released
	for _, q := range n.V {
		n.SendRelease(q)
	}
}

func (n Node) OnRequest(pj int) {
	if n.State == maekawasteps.Held || n.Voted {
		n.Q = append(n.Q, pj)
	} else {
		n.SendReply(pj)
		n.Voted = true
	}
}

func (n Node) OnRelease(pj int) {
	if len(n.Q) > 0 {
		m := n.Q[0]
		n.Q = n.Q[1:]
		n.SendReply(m)
		n.Voted = true
	} else {
		n.Voted = false
	}
}
