// Keeps the rows and columns of the grid in a package-level cache keyed by n and returns V_p as the sorted union of two precomputed lists; OnRelease and OnRequest share a vote helper.
package maekawa

import (
	"slices"

	"dmelab/algorithms/maekawasteps"
)

type Node struct{ *maekawasteps.Vars }

// grid is the matrix for one n: its rows and its columns.
type grid struct {
	s          int
	rows, cols [][]int
}

var grids = map[int]*grid{}

func gridFor(n int) *grid {
	if g, ok := grids[n]; ok {
		return g
	}
	s := 1
	for s*s < n {
		s++
	}
	g := &grid{s: s, rows: make([][]int, (n+s-1)/s), cols: make([][]int, s)}
	for p := 0; p < n; p++ {
		g.rows[p/s] = append(g.rows[p/s], p)
		g.cols[p%s] = append(g.cols[p%s], p)
	}
	grids[n] = g
	return g
}

func VotingSets(n int) [][]int {
	g := gridFor(n)
	sets := make([][]int, n)
	for p := range sets {
		v := slices.Concat(g.rows[p/g.s], g.cols[p%g.s])
		slices.Sort(v)
		sets[p] = slices.Compact(v)
	}
	return sets
}

// vote gives this node's vote to p.
func (n Node) vote(p int) {
	n.SendReply(p)
	n.Voted = true
}

func (n Node) Enter() {
	n.Replies = 0
	n.State = maekawasteps.Wanted
	for _, q := range n.V {
		n.SendRequest(q)
	}
}

func (n Node) OnReply(pj int) {
	if n.Replies++; n.Replies == len(n.V) {
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
		return
	}
	n.vote(pj)
}

func (n Node) OnRelease(pj int) {
	n.Voted = false
	if len(n.Q) > 0 {
		next := n.Q[0]
		n.Q = n.Q[1:]
		n.vote(next)
	}
}
