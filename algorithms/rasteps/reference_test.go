package rasteps

// ref is Ben-Ari's fix written as a student would (the exercise's
// solution.go says the same).
type ref struct{ *Vars }

func newRef(v *Vars) Steps { return ref{v} }

func (n ref) P2() {
	n.RequestCS = true
	n.MyNum = n.HighestNum + 1
}

func (n ref) P4(N int) { n.SendRequest(N, n.MyNum) }
func (n ref) P6a()     { n.RequestCS = false }
func (n ref) P7() int  { return n.Deferred.First() }
func (n ref) P8(N int) { n.Deferred.Remove(N) }
func (n ref) P9(N int) { n.SendReply(N) }
func (n ref) P11()     { n.HighestNum = max(n.HighestNum, n.RequestedNum) }
func (n ref) P12()     { n.decide(!n.RequestCS || before(n.RequestedNum, n.Source, n.MyNum, n.MyID())) }
func (n ref) decide(reply bool) {
	if reply {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

// before is (a, i) << (b, j): the number, then the id.
func before(a, i, b, j int) bool { return a < b || a == b && i < j }

// first is the first listing written as a student would; better adds the
// tie-break; betterBetter is "Better Better". The exercises' solution.go
// files say the same.
type (
	first        struct{ ref }
	better       struct{ first }
	betterBetter struct{ ref }
)

func (n first) P2(chosen int) { n.MyNum = chosen }
func (n first) P11()          { n.decide(n.RequestedNum < n.MyNum) }
func (n better) P11()         { n.decide(before(n.RequestedNum, n.Source, n.MyNum, n.MyID())) }
func (n betterBetter) P2()    { n.MyNum = n.HighestNum + 1 }
func (n betterBetter) P12()   { better{first{n.ref}}.P11() }

var (
	refCode          = BenAriCode(newRef)
	firstCode        = ChooseCode(First, func(v *Vars) ChooseSteps { return first{ref{v}} })
	betterCode       = ChooseCode(Better, func(v *Vars) ChooseSteps { return better{first{ref{v}}} })
	betterBetterCode = HighestCode(func(v *Vars) HighestSteps { return betterBetter{ref{v}} })
)
