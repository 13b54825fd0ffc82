// Ricart–Agrawala step by step, 1: seed 000's first listing, written as
// it stands (flaws included). Write the body of each step. Read
// the statement for the rules.
package ra

import "dmelab/algorithms/rasteps"

// Node is one node. The harness owns its variables (rasteps.Vars): MyNum,
// Deferred, and the receive process's Source and RequestedNum. Node ids
// are 0-based: N1 is 0. Do not add fields.
type Node struct{ *rasteps.Vars }

// P2: MyNum = chooseNumber()   (chosen is what chooseNumber() returned)
func (n Node) P2(chosen int) {
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

// P11:
//
//	if requestedNum < myNum:
//	    send(reply,source,myID)
//	else:
//	    add source to deferred
func (n Node) P11() {
	// TODO
}
