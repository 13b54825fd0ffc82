// Package rav2 is seed 000's "Better" listing (ra-v2): ra-v1 with a
// tie-break on node ids.
//
//	global int myNum = 0
//	global array of nodeID differed = empty
//	main:
//	    P1: NCS
//	    P2: MyNum = chooseNumber()
//	    P3: for all other Node N:
//	    P4:     send(request,N,myID,myNum)
//	    P5:     await reply's from all other nodes
//	    P6: CS
//	    P7: for all Node in differed:
//	    P8:     remove N from deferred
//	    P9:     send(reply,N,myID)
//	receive:
//	    P10: receive(request,source,requestedNum)
//	    P11: if (requestedNum < myNum) or ((requestedNum=myNum)and(source < myID)): # p11 requestedNum << myNum
//	            send(reply,source,myID)
//	         else:
//	            add source to differed
//
// Where the seed is vague: as in ra-v1, chooseNumber() is a free choice from
// 1..K (K = the config's Numbers, 2 when 0), one step per value; node ids
// compare by index (N1 < N2 < ...). The model's granularity is the shared
// engine's (algorithms/internal/ricart). Atomic: each numbered step; the
// arrival of a reply.
//
// The tie-break removes the deadlock of equal numbers, but an idle node still
// compares a request against its own myNum: the initial 0 (or a stale number
// from its last round) makes it defer, and an idle node that never asks
// again never replies. With two nodes: N2 idle at myNum = 0 defers N1; when
// N2 asks, N1 replies only to a number below its own, which N2 need not
// pick; both wait at P5 for ever.
package rav2

import (
	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/seeds"
	"dmelab/algorithms/sim"
)

// Algorithm returns the ra-v2 descriptor.
func Algorithm() *sim.Algorithm {
	return ricart.Algorithm(ricart.Variant{
		Name:     "ra-v2",
		Group:    seeds.Seed000,
		Summary:  "seed 000, \"Better\": chooseNumber(), reply iff (requestedNum, source) << (myNum, myID)",
		Choose:   true,
		TieBreak: true,
	})
}
