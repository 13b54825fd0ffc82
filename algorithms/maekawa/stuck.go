package maekawa

import (
	"slices"
	"strings"

	"dmelab/algorithms/internal/waitfor"
	"dmelab/algorithms/sim"
)

// Voter is what CircularWait reads of one node of seed 003's algorithm.
type Voter struct {
	Wanted   bool  // state == Wanted: its enter() waits for votes
	VotedFor int   // whom its vote went to; -1: voted == False
	Replies  int   // the votes it has received since Enter()
	V        []int // its voting set V_i
}

// stuck is the registry's sim.Algorithm.Stuck: the circular wait of a
// deadlock, read from the nodes' voted and state. Only a state with no
// message in flight and no crash is one it knows (a deadlock of the basic
// algorithm has none: every message can be received).
func stuck(w *sim.World) string {
	if w.Crashed != 0 || len(w.Net) > 0 {
		return ""
	}
	vs := make([]Voter, len(w.Nodes))
	for i, x := range w.Nodes {
		n, ok := x.(*node)
		if !ok {
			return ""
		}
		vs[i] = Voter{Wanted: n.state == Wanted, VotedFor: n.votedFor, Replies: n.replies, V: n.v}
	}
	return CircularWait(vs)
}

// CircularWait says in seed 003's terms why the waiting nodes of a
// deadlock wait for ever: each holds some votes and waits for one that its
// voter gave to another waiting node, around a cycle — "Circular wait: N1
// has its own vote and N3's and waits for N2's, which N2 kept for itself;
// N2 has its own vote and waits for N1's, which N1 kept for itself." The
// cycle is a shortest one (the first from the lowest node among those);
// the waiting nodes off it are named after it, and every waiting node's
// missing votes are listed with whom they went to.
//
// It returns "" unless the state is one the rules lead to with every vote
// delivered: each waiting node has received exactly the votes that voters
// of its set gave it (Replies), every vote it lacks went to another node,
// and a cycle of waiting nodes exists. Nodes are named N1..Nn.
func CircularWait(vs []Voter) string {
	n := len(vs)
	for _, v := range vs {
		if v.VotedFor < -1 || v.VotedFor >= n {
			return ""
		}
	}
	// next[i]: the waiting nodes holding a vote i waits for, ascending.
	next := make([][]int, n)
	for i, v := range vs {
		if !v.Wanted {
			continue
		}
		held := 0
		for _, j := range v.V {
			if j < 0 || j >= n {
				return ""
			}
			k := vs[j].VotedFor
			switch {
			case k == i:
				held++
			case k < 0:
				return "" // a free voter with a waiting requester: not the basic algorithm's deadlock
			case vs[k].Wanted && !slices.Contains(next[i], k):
				next[i] = append(next[i], k)
			}
		}
		if held != v.Replies {
			return "" // a vote in flight, or counted wrong
		}
		slices.Sort(next[i])
	}
	cycle := waitfor.ShortestCycle(next)
	if cycle == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("Circular wait: ")
	on := make([]bool, n)
	for k, i := range cycle {
		on[i] = true
		if k > 0 {
			b.WriteString("; ")
		}
		b.WriteString(name(i) + " has " + holds(vs, i) + " and waits for " + lacks(vs, i))
	}
	b.WriteString(".")
	for i, v := range vs {
		if v.Wanted && !on[i] {
			b.WriteString(" " + name(i) + " waits too: it has " + holds(vs, i) + " and waits for " + lacks(vs, i) + ".")
		}
	}
	b.WriteString(" A vote comes back only with a Release, which a node sends when it leaves the CS: none of them can enter, so none will.")
	return b.String()
}

// holds says which votes waiting node i holds: "its own vote and N3's",
// "N2's and N3's votes", "no vote yet".
func holds(vs []Voter, i int) string {
	own := false
	var others []string
	for _, j := range vs[i].V {
		if vs[j].VotedFor != i {
			continue
		}
		if j == i {
			own = true
		} else {
			others = append(others, name(j)+"'s")
		}
	}
	switch {
	case own && len(others) == 0:
		return "its own vote"
	case own:
		return "its own vote and " + waitfor.List(others)
	case len(others) == 1:
		return others[0] + " vote"
	case len(others) > 1:
		return waitfor.List(others) + " votes"
	}
	return "no vote yet"
}

// lacks says which votes waiting node i lacks and whom each went to:
// "its own, which it gave to N3, N2's, which N2 kept for itself, and
// N4's, which N4 gave to N3".
func lacks(vs []Voter, i int) string {
	var parts []string
	for _, j := range vs[i].V {
		k := vs[j].VotedFor
		switch {
		case k == i:
			continue
		case j == i:
			parts = append(parts, "its own, which it gave to "+name(k))
		case k == j:
			parts = append(parts, name(j)+"'s, which "+name(j)+" kept for itself")
		default:
			parts = append(parts, name(j)+"'s, which "+name(j)+" gave to "+name(k))
		}
	}
	if len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], ", ") + ", and " + parts[len(parts)-1]
	}
	return strings.Join(parts, "")
}
