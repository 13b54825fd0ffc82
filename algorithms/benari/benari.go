// Package benari is Ben-Ari's textbook fix of seed 000's "Better Better"
// listing (ra-benari). Seed 000's last listing is kept step for step:
//
//	P1: NCS
//	P2: MyNum = highestNum + 1 # numbers to be chosen monotonic
//	P3: for all other Node N:
//	P4:     send(request,N,myID,myNum)
//	P5:     await reply's from all other nodes
//	P6: CS
//	P7: for all Node in differed:
//	P8:     remove N from deferred
//	P9:     send(reply,N,myID)
//	P10: receive(request,source,requestedNum)
//	P11: highestNum = max(highestNum,requestedNum)
//	P12: if (requestedNum < myNum) or ((requestedNum=myNum)and(source < myID)): # p11 requestedNum << myNum
//	        send(reply,source,myID)
//	     else:
//	        add source to differed
//
// and the fix adds a shared flag requestCS (initially false) that says
// whether main is between asking and finishing its exit:
//
//	P2:  requestCS = true; myNum = highestNum + 1      (one atomic step)
//	P6a: requestCS = false                             (after the CS, before P7)
//	P12: if not requestCS or (requestedNum,source) << (myNum,myID):
//	        send(reply,source,myID)
//	     else:
//	        add source to deferred
//
// so a node that is not asking always replies at once, and a node that is
// asking compares against the number it is asking with.
//
// Choices: setting the flag and choosing the number form ONE step (P2),
// so the receive process never sees one without the other. The flag is
// cleared by its own step, numbered P6a because it sits between the CS (P6;
// the Exit event ends it) and the reply loop (P7): main is then Exiting.
// Requests deferred while the flag is still true are answered by the P7–P9
// loop, which re-reads deferred until it is empty; once the flag is false
// nothing more is deferred. Everything else (two processes, P3 folded into
// P4, replies counted on arrival) is the shared engine's, documented in
// algorithms/internal/ricart. Atomic: each numbered step; the arrival of a
// reply.
//
// Expected verdict: safe and live. The explorer checks it.
package benari

import (
	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/seeds"
	"dmelab/algorithms/sim"
)

// Algorithm returns the ra-benari descriptor.
func Algorithm() *sim.Algorithm {
	return ricart.Algorithm(ricart.Variant{
		Name:     "ra-benari",
		Group:    seeds.BenAri,
		Summary:  "Ben-Ari's fix of seed 000: requestCS flag, set atomically with myNum = highestNum + 1",
		TieBreak: true,
		Highest:  true,
		Flag:     ricart.FlagAtomic,
	})
}
