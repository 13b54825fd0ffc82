// Package benariflagfirst is ra-benari-flagfirst: Ben-Ari's fix of seed
// 000's "Better Better" listing (see package benari, which quotes the seed
// lines) with the classic mistake of setting the flag and the number in two
// separate steps, the flag first:
//
//	P2a: requestCS = true
//	P2b: myNum = highestNum + 1
//
// Everything else is ra-benari's: P11 highestNum = max(highestNum,
// requestedNum); P12 replies if not requestCS or (requestedNum, source) <<
// (myNum, myID), else defers; P6a requestCS = false after the CS, before
// the P7–P9 reply loop. The seed's single P2 becomes P2a and P2b, in that
// order; all other step numbers are the seed's. Atomic: each numbered step
// (P2a and P2b separately); the arrival of a reply.
//
// The flaw is liveness (deadlock). Between P2a and P2b the receive process
// sees requestCS = true with the old myNum (0 at first, or the last round's
// number), which is below any fresh request, so it defers. Then P2b takes
// highestNum + 1, above the number it just deferred, and the other node
// defers it back. With two nodes, one request each:
//
//	N1 P2a requestCS = true                 (N1's myNum is still 0)
//	N2 P2a requestCS = true; N2 P2b myNum = 1; N2 P4 send request(1) to N1
//	N1 P10, P11 highestNum = 1; P12 requestCS and 1 > myNum=0: defer N2
//	N1 P2b myNum = highestNum + 1 = 2; N1 P4 send request(2) to N2
//	N2 P10, P11; P12 requestCS and 2 > myNum=1: defer N1
//
// and both wait at P5 for ever. Safety holds (the explorer finds no
// violation with N=2 and up to two requests, or N=3 and one): a node with
// the flag down replies, but then chooses a number above the one it
// replied to.
package benariflagfirst

import (
	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/seeds"
	"dmelab/algorithms/sim"
)

// Algorithm returns the ra-benari-flagfirst descriptor.
func Algorithm() *sim.Algorithm {
	return ricart.Algorithm(ricart.Variant{
		Name:     "ra-benari-flagfirst",
		Group:    seeds.Seed000,
		Summary:  "ra-benari with requestCS = true and myNum = highestNum + 1 as two steps, flag first (deadlocks)",
		TieBreak: true,
		Highest:  true,
		Flag:     ricart.FlagFirst,
	})
}
