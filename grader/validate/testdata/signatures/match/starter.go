// A starter whose comments show the interface as it is.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

// P4(N): send(request,N,myID,myNum)
func (n Node) P4(N int) {
	// TODO: n.SendRequest(N, num), N being P4's own parameter
}

// P9 answers: n.SendReply(to).
func (n Node) P9(N int) {
}
