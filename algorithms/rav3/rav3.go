// Package rav3 is seed 000's "Better Better" listing (ra-v3): numbers are
// chosen monotonically from the highest number seen.
//
//	global int myNum = 0
//	global array of nodeID differed = empty
//	main:
//	    P1: NCS
//	    P2: MyNum = highestNum + 1 # numbers to be chosen monotonic
//	    P3: for all other Node N:
//	    P4:     send(request,N,myID,myNum)
//	    P5:     await reply's from all other nodes
//	    P6: CS
//	    P7: for all Node in differed:
//	    P8:     remove N from deferred
//	    P9:     send(reply,N,myID)
//	receive:
//	    P10: receive(request,source,requestedNum)
//	    P11: highestNum = max(highestNum,requestedNum)
//	    P12: if (requestedNum < myNum) or ((requestedNum=myNum)and(source < myID)): # p11 requestedNum << myNum
//	            send(reply,source,myID)
//	         else:
//	            add source to differed
//
// Where the seed is vague: highestNum is not declared in the listing; it is
// a shared variable of the node like myNum, initially 0. The comment on P12
// says "p11" but means this decision (the one ra-v2 makes at P11). P11 and
// P12 are separate steps, so main's P2 can run between them. The model's
// granularity is the shared engine's (algorithms/internal/ricart). Atomic:
// each numbered step; the arrival of a reply.
//
// highestNum + 1 removes the free choice, but an idle node still compares a
// request against its own myNum (0 at first, or its last round's number),
// finds (requestedNum, source) not << (myNum, myID) and defers; its own
// later number is then above the one it deferred, so the two nodes defer
// each other: deadlock. Even two nodes asking at the same time deadlock if
// one handles the other's request (P11–P12) before its own P2.
package rav3

import (
	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/seeds"
	"dmelab/algorithms/sim"
)

// Algorithm returns the ra-v3 descriptor.
func Algorithm() *sim.Algorithm {
	return ricart.Algorithm(ricart.Variant{
		Name:     "ra-v3",
		Group:    seeds.Seed000,
		Summary:  "seed 000, \"Better Better\": myNum = highestNum + 1, P11 highestNum = max(...), P12 decision",
		TieBreak: true,
		Highest:  true,
	})
}
