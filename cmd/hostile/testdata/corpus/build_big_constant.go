// A 16-byte constant doubled 24 times, then len(): a 1.5 KB file whose
// build needs gigabytes.
// exercise: ra-steps
// exit: 4
// score: 0
// says: the build needed more than 1 GiB of memory
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
	if !n.RequestCS || n.RequestedNum < n.MyNum || n.RequestedNum == n.MyNum && n.Source < n.MyID() {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

const s0 = "0123456789abcdef"
const s1 = s0 + s0
const s2 = s1 + s1
const s3 = s2 + s2
const s4 = s3 + s3
const s5 = s4 + s4
const s6 = s5 + s5
const s7 = s6 + s6
const s8 = s7 + s7
const s9 = s8 + s8
const s10 = s9 + s9
const s11 = s10 + s10
const s12 = s11 + s11
const s13 = s12 + s12
const s14 = s13 + s13
const s15 = s14 + s14
const s16 = s15 + s15
const s17 = s16 + s16
const s18 = s17 + s17
const s19 = s18 + s18
const s20 = s19 + s19
const s21 = s20 + s20
const s22 = s21 + s21
const s23 = s22 + s22
const s24 = s23 + s23

var size = len(s24)
