// The reference solution, with a recursion 10,000 calls deep in P2 that
// ends: correct, though wazero's interpreter stops a recursion a few
// thousand calls deep (TestAutoGradesAgainCompiledWhatOverflowedInterpreted).
package ra

import "dmelab/algorithms/rasteps"

// Node is one node. The harness owns its variables (rasteps.Vars): myNum,
// highestNum, requestCS, deferred, and the receive process's source and
// requestedNum. Node ids are 0-based: N1 is 0.
type Node struct{ *rasteps.Vars }

// P2: requestCS = true; myNum = highestNum + 1   (one atomic step)
func (n Node) P2() {
	n.RequestCS = true
	n.MyNum = plusOne(n.HighestNum, 10000)
}

// plusOne is h + 1, counted the long way round: depth nested calls.
func plusOne(h, depth int) int {
	if depth == 0 {
		return h + 1
	}
	return plusOne(h, depth-1)
}

// P3: for all other Node N:
// P4:     send(request,N,myID,myNum)
func (n Node) P4(N int) {
	n.SendRequest(N, n.MyNum)
}

// P6a: requestCS = false   (after the CS, before P7)
func (n Node) P6a() {
	n.RequestCS = false
}

// P7: for all Node in deferred:
// Return the next node N to answer, or -1 when deferred is empty.
func (n Node) P7() int {
	return n.Deferred.First()
}

// P8: remove N from deferred
func (n Node) P8(N int) {
	n.Deferred.Remove(N)
}

// P9: send(reply,N,myID)
func (n Node) P9(N int) {
	n.SendReply(N)
}

// P11: highestNum = max(highestNum,requestedNum)
func (n Node) P11() {
	n.HighestNum = max(n.HighestNum, n.RequestedNum)
}

// P12:
//
//	if not requestCS or (requestedNum,source) << (myNum,myID):
//	    send(reply,source,myID)
//	else:
//	    add source to deferred
func (n Node) P12() {
	if !n.RequestCS || less(n.RequestedNum, n.Source, n.MyNum, n.MyID()) {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

// less is (a, i) << (b, j): the number first, the node id breaks a tie.
func less(a, i, b, j int) bool {
	return a < b || a == b && i < j
}
