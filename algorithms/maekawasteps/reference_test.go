package maekawasteps_test

import (
	"dmelab/algorithms/maekawasteps"
)

// ref is seed 003's algorithm written as a student would (the exercise's
// solution.go says the same).
type ref struct{ *maekawasteps.Vars }

func newRef(v *maekawasteps.Vars) maekawasteps.Steps { return ref{v} }

// refSets is the grid: row ∪ column of a ⌈√n⌉-wide matrix filled row by row.
func refSets(n int) [][]int {
	s := 1
	for s*s < n {
		s++
	}
	sets := make([][]int, n)
	for p := 0; p < n; p++ {
		for q := 0; q < n; q++ {
			if q/s == p/s || q%s == p%s {
				sets[p] = append(sets[p], q)
			}
		}
	}
	return sets
}

func (n ref) Enter() {
	n.State = maekawasteps.Wanted
	n.Replies = 0
	for _, q := range n.V {
		n.SendRequest(q)
	}
}

func (n ref) Leave() {
	n.State = maekawasteps.Released
	n.Replies = 0
	for _, q := range n.V {
		n.SendRelease(q)
	}
}

func (n ref) OnRequest(pj int) {
	if n.State == maekawasteps.Held || n.Voted {
		n.Q = append(n.Q, pj)
		return
	}
	n.SendReply(pj)
	n.Voted = true
}

func (n ref) OnRelease(int) {
	if len(n.Q) > 0 {
		m := n.Q[0]
		n.Q = n.Q[1:]
		n.SendReply(m)
		n.Voted = true
	} else {
		n.Voted = false
	}
}

func (n ref) OnReply(int) {
	n.Replies++
	if n.State == maekawasteps.Wanted && n.Replies == len(n.V) {
		n.State = maekawasteps.Held
	}
}
