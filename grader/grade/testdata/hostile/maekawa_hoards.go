// The reference, except that it keeps every request it handles in a
// package variable and prints them all whenever VotingSets runs: what it
// saw in a hidden test must not reach the log.
package maekawa

import (
	"dmelab/algorithms/maekawasteps"
	"strconv"
)

// seen hoards every request this instance has handled.
var seen string

// Node is one node. The harness owns its variables (maekawasteps.Vars):
// State, Voted, Q, Replies and its voting set V. Node ids are 0-based:
// p1 (N1) is 0.
type Node struct{ *maekawasteps.Vars }

// VotingSets builds V_1..V_n as seed 003 does: put the processes row by
// row in a matrix S = ⌈√n⌉ columns wide; V_p = the row of p ∪ the column
// of p. (For n = S² every set has K = 2S − 1 members.)
func VotingSets(n int) [][]int {
	println("seen so far:" + seen)
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

// Enter():
//
//	state = Wanted
//	multicast Request(pi) to voting set Vi
func (n Node) Enter() {
	n.State = maekawasteps.Wanted
	n.Replies = 0
	for _, q := range n.V {
		n.SendRequest(q)
	}
}

// OnReply: wait until K reply messages received; state = Held
func (n Node) OnReply(pj int) {
	n.Replies++
	if n.State == maekawasteps.Wanted && n.Replies == len(n.V) {
		n.State = maekawasteps.Held
	}
}

// Leave():
//
//	state = Released
//	multicast Release to voting set Vi
func (n Node) Leave() {
	n.State = maekawasteps.Released
	n.Replies = 0
	for _, q := range n.V {
		n.SendRelease(q)
	}
}

// OnRequest: when receiving Request(pj) at pi
//
//	if ((state == Held) or (voted == True)) {
//		enqueue Request in Q   // do NOT reply
//	} else {
//		send Reply to pj
//		voted = True
//	}
func (n Node) OnRequest(pj int) {
	seen += " pj=" + strconv.Itoa(pj)
	if n.State == maekawasteps.Held || n.Voted {
		n.Q = append(n.Q, pj)
	} else {
		n.SendReply(pj)
		n.Voted = true
	}
}

// OnRelease: when receiving Release(pj) at pi
//
//	if (Q != empty) {
//		dequeue pending Request m from Q
//		send Reply to sender(m)
//		voted = True
//	} else {
//		voted = False
//	}
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
