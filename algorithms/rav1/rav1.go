// Package rav1 is seed 000's first ticket-number listing (ra-v1):
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
//	    P11: if requestedNum < myNum:
//	            send(reply,source,myID)
//	         else:
//	            add source to differed
//
// Where the seed is vague: chooseNumber() is a free choice from 1..K
// (K = the config's Numbers, 2 when 0), one step per value, so the explorer
// tries every number each node could pick, ties included. The model's
// granularity (two processes per node, one sim.Step per numbered step, P3
// folded into P4, the P7–P9 loop re-reading deferred) is the shared engine's
// and is documented in algorithms/internal/ricart. Atomic: each numbered
// step; the arrival of a reply, which only counts it.
//
// The listing is deliberately flawed: equal numbers make both nodes defer
// each other (deadlock), an idle node compares against its initial myNum = 0
// or a stale myNum from an earlier round, and a number chosen at P2 after
// P11 already replied does not take that reply back.
package rav1

import (
	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/seeds"
	"dmelab/algorithms/sim"
)

// Algorithm returns the ra-v1 descriptor.
func Algorithm() *sim.Algorithm {
	return ricart.Algorithm(ricart.Variant{
		Name:    "ra-v1",
		Group:   seeds.Seed000,
		Summary: "seed 000, first listing: chooseNumber(), reply iff requestedNum < myNum",
		Choose:  true,
	})
}
