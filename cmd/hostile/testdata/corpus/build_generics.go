// 2^15 generic instantiations on ever longer type names.
// exercise: ra-steps
// exit: 4
// score: 0
// says: the build
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

type pair[A, B any] struct {
	a A
	b B
}

func g0[T any]() int {
	var t T
	_ = t
	return 1
}
func g1[T any]() int  { return g0[pair[T, int8]]() + g0[pair[T, uint8]]() }
func g2[T any]() int  { return g1[pair[T, int8]]() + g1[pair[T, uint8]]() }
func g3[T any]() int  { return g2[pair[T, int8]]() + g2[pair[T, uint8]]() }
func g4[T any]() int  { return g3[pair[T, int8]]() + g3[pair[T, uint8]]() }
func g5[T any]() int  { return g4[pair[T, int8]]() + g4[pair[T, uint8]]() }
func g6[T any]() int  { return g5[pair[T, int8]]() + g5[pair[T, uint8]]() }
func g7[T any]() int  { return g6[pair[T, int8]]() + g6[pair[T, uint8]]() }
func g8[T any]() int  { return g7[pair[T, int8]]() + g7[pair[T, uint8]]() }
func g9[T any]() int  { return g8[pair[T, int8]]() + g8[pair[T, uint8]]() }
func g10[T any]() int { return g9[pair[T, int8]]() + g9[pair[T, uint8]]() }
func g11[T any]() int { return g10[pair[T, int8]]() + g10[pair[T, uint8]]() }
func g12[T any]() int { return g11[pair[T, int8]]() + g11[pair[T, uint8]]() }
func g13[T any]() int { return g12[pair[T, int8]]() + g12[pair[T, uint8]]() }
func g14[T any]() int { return g13[pair[T, int8]]() + g13[pair[T, uint8]]() }
func g15[T any]() int { return g14[pair[T, int8]]() + g14[pair[T, uint8]]() }

var count = g15[int]()
