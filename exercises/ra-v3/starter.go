// Ricart–Agrawala step by step, 3: seed 000's "Better Better" listing,
// written as it stands (flaws included). Write the body of each step.
// Read the statement for the rules.
package ra

import "dmelab/algorithms/rasteps"

// Node is one node. The harness owns its variables (rasteps.Vars): MyNum,
// HighestNum, Deferred, and the receive process's Source and
// RequestedNum. Node ids are 0-based: N1 is 0. Do not add fields.
type Node struct{ *rasteps.Vars }

// P2: MyNum = highestNum + 1
func (n Node) P2() {
	// TODO
}

// P3: for all other Node N:
// P4:     send(request,N,myID,myNum)
func (n Node) P4(N int) {
	// TODO: n.SendRequest(to, num)
}

// P7: for all Node in deferred:
// Return the next node N to answer (the smallest), or -1 when the loop
// is done.
func (n Node) P7() int {
	// TODO
	return -1
}

// P8: remove N from deferred
func (n Node) P8(N int) {
	// TODO
}

// P9: send(reply,N,myID)
func (n Node) P9(N int) {
	// TODO: n.SendReply(to)
}

// P11: highestNum = max(highestNum,requestedNum)
func (n Node) P11() {
	// TODO
}

// P12:
//
//	if (requestedNum < myNum) or ((requestedNum = myNum) and (source < myID)):
//	    send(reply,source,myID)
//	else:
//	    add source to deferred
func (n Node) P12() {
	// TODO
}
