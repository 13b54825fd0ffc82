// Package benarinumfirst is ra-benari-numfirst: Ben-Ari's fix of seed 000's
// "Better Better" listing (see package benari, which quotes the seed lines)
// with the classic mistake of setting the number and the flag in two
// separate steps, the number first:
//
//	P2a: myNum = highestNum + 1
//	P2b: requestCS = true
//
// Everything else is ra-benari's: P11 highestNum = max(highestNum,
// requestedNum); P12 replies if not requestCS or (requestedNum, source) <<
// (myNum, myID), else defers; P6a requestCS = false after the CS, before
// the P7–P9 reply loop. The seed's single P2 becomes P2a and P2b, in that
// order; all other step numbers are the seed's. Atomic: each numbered step
// (P2a and P2b separately); the arrival of a reply.
//
// The flaw is safety. Between P2a and P2b the node has already chosen a
// number but still has requestCS = false, so it replies to every request,
// even one that its own number beats; the other node then replies to it
// too, by the numbers. With two nodes, one request each:
//
//	N1 P2a myNum = highestNum + 1 = 1        (requestCS still false)
//	N2 P2 (P2a, P2b) myNum = 1, requestCS = true; N2 P4 send request(1) to N1
//	N1 P10, P11 highestNum = 1; P12 not requestCS: reply to N2
//	N2 receives the reply, P5: N2 enters the CS
//	N1 P2b requestCS = true; N1 P4 send request(1) to N2
//	N2 P10, P11; P12 requestCS and (1,N1) << (1,N2): reply to N1
//	N1 receives the reply, P5: N1 enters the CS as well
//
// The explorer finds no deadlock or starvation (N=2 and N=3, one request
// each), though it does not search on past a state that is already unsafe:
// a node never defers while its flag is down, and once the flag is up its
// number is fixed.
package benarinumfirst

import (
	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/seeds"
	"dmelab/algorithms/sim"
)

// Algorithm returns the ra-benari-numfirst descriptor.
func Algorithm() *sim.Algorithm {
	return ricart.Algorithm(ricart.Variant{
		Name:     "ra-benari-numfirst",
		Group:    seeds.Seed000,
		Summary:  "ra-benari with myNum = highestNum + 1 and requestCS = true as two steps, number first (unsafe)",
		TieBreak: true,
		Highest:  true,
		Flag:     ricart.NumFirst,
	})
}
