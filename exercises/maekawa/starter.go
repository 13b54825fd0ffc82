// Maekawa voting (seed 003): write the voting sets and the handlers.
// Read the statement for the rules.
package maekawa

import "dmelab/algorithms/maekawasteps"

// Node is one node. The harness owns its variables (maekawasteps.Vars):
// State, Voted, Q, Replies and its voting set V. Node ids are 0-based:
// p1 (N1) is 0.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *maekawasteps.Vars }

// VotingSets builds V_1..V_n as seed 003 does: put the processes row by
// row in a matrix S = ⌈√n⌉ columns wide; V_p = the row of p ∪ the column
// of p. (For n = S² every set has K = 2S − 1 members.)
func VotingSets(n int) [][]int {
	// TODO
	return nil
}

// Enter():
//
//	state = Wanted
//	multicast Request(pi) to voting set Vi
func (n Node) Enter() {
	// TODO
}

// OnReply: wait until K reply messages received; state = Held
func (n Node) OnReply(pj int) {
	// TODO
}

// Leave():
//
//	state = Released
//	multicast Release to voting set Vi
func (n Node) Leave() {
	// TODO
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
	// TODO
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
	// TODO
}
