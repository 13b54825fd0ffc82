// Correct, but makes a megabyte and a half of garbage at every P12: the guest's collector must keep up.
// exercise: ra-steps
// exit: 0
// score: full
package ra

import (
	"strings"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

// waste makes a megabyte and a half that nothing keeps.
func waste() {
	if len(strings.Repeat("garbage ", 3<<16)) != 3<<19 {
		panic("unreachable")
	}
}

func (n Node) P2()      { n.RequestCS = true; n.MyNum = n.HighestNum + 1 }
func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }
func (n Node) P6a()     { n.RequestCS = false }
func (n Node) P7() int  { return n.Deferred.First() }
func (n Node) P8(N int) { n.Deferred.Remove(N) }
func (n Node) P9(N int) { n.SendReply(N) }
func (n Node) P11()     { n.HighestNum = max(n.HighestNum, n.RequestedNum) }

func (n Node) P12() {
	waste()
	if !n.RequestCS || n.RequestedNum < n.MyNum || n.RequestedNum == n.MyNum && n.Source < n.MyID() {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
