// A starter whose comments disagree with the interface.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

// P4: send(request,N,myID,myNum)
func (n Node) P4(N int) {
	// TODO: n.SendRequest(to, number)
}
