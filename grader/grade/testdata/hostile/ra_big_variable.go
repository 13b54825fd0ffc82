// A package variable of 1 GiB, far over the sandbox's memory limit: the
// module cannot even start.
package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

var big [1 << 30]byte

func (n Node) P2()      { n.RequestCS = true; n.MyNum = n.HighestNum + 1 + int(big[n.HighestNum&1023]) }
func (n Node) P4(N int) { n.SendRequest(N, n.MyNum) }
func (n Node) P6a()     { n.RequestCS = false }
func (n Node) P7() int  { return n.Deferred.First() }
func (n Node) P8(N int) { n.Deferred.Remove(N) }
func (n Node) P9(N int) { n.SendReply(N) }
func (n Node) P11()     { n.HighestNum = max(n.HighestNum, n.RequestedNum) }
func (n Node) P12()     { n.SendReply(n.Source) }
