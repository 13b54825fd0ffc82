// Records what it sees in package variables and panics with it later,
// hoping that a test whose messages are shown reveals the hidden ones.
// exercise: ra-steps
// exit: 0
// score: 0-37
package ra

import (
	"strconv"

	"dmelab/algorithms/rasteps"
)

type Node struct{ *rasteps.Vars }

var seen string
var count int

func (n Node) P2() {
	n.RequestCS = true
	n.MyNum = n.HighestNum + 1
}
func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }
func (n Node) P6a()     { n.RequestCS = false }
func (n Node) P7() int  { return n.Deferred.First() }
func (n Node) P8(N int) { n.Deferred.Remove(N) }
func (n Node) P9(N int) { n.SendReply(N) }
func (n Node) P11() {
	seen += strconv.Itoa(n.Source) + ":" + strconv.Itoa(n.RequestedNum) + ":" + strconv.Itoa(n.MyNum) + " "
	count++
	n.HighestNum = max(n.HighestNum, n.RequestedNum)
}

func (n Node) P12() {
	if count > 40 {
		panic(seen)
	}
	if !n.RequestCS || n.RequestedNum < n.MyNum || n.RequestedNum == n.MyNum && n.Source < n.MyID() {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
