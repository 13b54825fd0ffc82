// An honest bug: panic("") when two numbers tie.
// exercise: ra-steps
// exit: 0
// score: 1-37
// says: panicked
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
	if n.RequestedNum == n.MyNum {
		panic("")
	}
	if !n.RequestCS || n.RequestedNum < n.MyNum {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
