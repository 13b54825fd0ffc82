package rasteps_test

import "dmelab/algorithms/rasteps"

// ref is Ben-Ari's fix written as a student would (the exercise's
// solution.go says the same).
type ref struct{ *rasteps.Vars }

func newRef(v *rasteps.Vars) rasteps.Steps { return ref{v} }

func (n ref) P2() {
	n.RequestCS = true
	n.MyNum = n.HighestNum + 1
}

func (n ref) P4(N int) { n.SendRequest(N, n.MyNum) }

func (n ref) P6a() { n.RequestCS = false }

func (n ref) P7() int { return n.Deferred.First() }

func (n ref) P8(N int) { n.Deferred.Remove(N) }

func (n ref) P9(N int) { n.SendReply(N) }

func (n ref) P11() { n.HighestNum = max(n.HighestNum, n.RequestedNum) }

func (n ref) P12() {
	if !n.RequestCS || n.RequestedNum < n.MyNum || n.RequestedNum == n.MyNum && n.Source < n.MyID() {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}
