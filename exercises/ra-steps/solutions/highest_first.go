// P7 answers the deferred nodes highest id first (the last of Members), and P12 returns early once it has replied.
package ra

import "dmelab/algorithms/rasteps"

// Node is one node; the harness owns its variables.
type Node struct{ *rasteps.Vars }

// P2: requestCS = true; myNum = highestNum + 1
func (n Node) P2() {
	n.RequestCS = true
	n.MyNum = n.HighestNum + 1
}

// P4: send(request,N,myID,myNum)
func (n Node) P4(N int) {
	n.SendRequest(N, n.MyNum)
}

// P6a: requestCS = false
func (n Node) P6a() {
	n.RequestCS = false
}

// P7: the highest node still deferred, or -1 once none is.
func (n Node) P7() int {
	m := n.Deferred.Members()
	if len(m) == 0 {
		return -1
	}
	return m[len(m)-1]
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

// P12: reply when idle or when the request comes first; defer otherwise.
func (n Node) P12() {
	if !n.RequestCS {
		n.SendReply(n.Source)
		return
	}
	if n.RequestedNum < n.MyNum || (n.RequestedNum == n.MyNum && n.Source < n.MyID()) {
		n.SendReply(n.Source)
		return
	}
	n.Deferred.Add(n.Source)
}
