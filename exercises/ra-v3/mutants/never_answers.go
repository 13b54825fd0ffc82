// P7 ends the loop at once: deferred nodes are never answered.
package ra

import "dmelab/algorithms/rasteps"

// Node is one node. The harness owns its variables (rasteps.Vars): MyNum,
// HighestNum, Deferred, and the receive process's Source and
// RequestedNum. Node ids are 0-based: N1 is 0.
type Node struct{ *rasteps.Vars }

// P2: MyNum = highestNum + 1
func (n Node) P2() {
	n.MyNum = n.HighestNum + 1
}

// P3: for all other Node N:
// P4:     send(request,N,myID,myNum)
func (n Node) P4(N int) {
	n.SendRequest(N, n.MyNum)
}

// P7: for all Node in deferred:
// Return the next node N to answer (the smallest), or -1 when the loop
// is done.
func (n Node) P7() int {
	return -1
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
//	if (requestedNum < myNum) or ((requestedNum = myNum) and (source < myID)):
//	    send(reply,source,myID)
//	else:
//	    add source to deferred
func (n Node) P12() {
	if n.RequestedNum < n.MyNum || n.RequestedNum == n.MyNum && n.Source < n.MyID() {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
