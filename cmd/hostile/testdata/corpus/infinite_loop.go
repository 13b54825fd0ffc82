// Loops forever on a tie in P12.
// exercise: ra-steps
// exit: 0
// score: 0-37
// says: did not finish within
package ra

import (
	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

func (n Node) P2()      { n.RequestCS = true; n.MyNum = n.HighestNum + 1 }
func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }
func (n Node) P6a()     { n.RequestCS = false }
func (n Node) P7() int  { return n.Deferred.First() }
func (n Node) P8(N int) { n.Deferred.Remove(N) }
func (n Node) P9(N int) { n.SendReply(N) }
func (n Node) P11()     { n.HighestNum = max(n.HighestNum, n.RequestedNum) }

func (n Node) P12() {
	for n.RequestedNum == n.MyNum {
	}
	if !n.RequestCS || n.RequestedNum < n.MyNum {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
