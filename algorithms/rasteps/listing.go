package rasteps

import (
	"fmt"

	"dmelab/algorithms/internal/stepwire"
)

// Listing is the seed-000 listing whose steps a student writes. The
// harness runs each listing exactly as the core's engine runs the
// registry's algorithm of the same name (algorithms/internal/ricart), so
// the seed's progression can be written step by step: the first listing,
// "Better", "Better Better", then Ben-Ari's fix. The three earlier
// listings are deliberately flawed; a student who writes them faithfully
// gets their flaws too, and the grader checks faithfulness (conformance
// with the listing) rather than properties the listing does not have.
type Listing uint8

const (
	// BenAri is Ben-Ari's fix (ra-benari): Steps.
	BenAri Listing = iota
	// First is seed 000's first listing (ra-v1): ChooseSteps.
	//	P2:  MyNum = chooseNumber()
	//	P11: if requestedNum < myNum: send(reply,source,myID)
	//	     else: add source to deferred
	First
	// Better is "Better" (ra-v2): ChooseSteps, P11 with the tie-break
	// on (number, id).
	Better
	// BetterBetter is "Better Better" (ra-v3): HighestSteps.
	//	P2:  MyNum = highestNum + 1
	//	P11: highestNum = max(highestNum,requestedNum)
	//	P12: the decision of "Better"
	BetterBetter
)

var listingNames = [...]string{"Ben-Ari's fix", "the first listing", `"Better"`, `"Better Better"`}

func (l Listing) String() string {
	if int(l) < len(listingNames) {
		return listingNames[l]
	}
	return fmt.Sprintf("Listing(%d)", uint8(l))
}

// choose: P2 is myNum = chooseNumber(), one step per value.
func (l Listing) choose() bool { return l == First || l == Better }

// highest: the node keeps highestNum (P11) and decides at P12.
func (l Listing) highest() bool { return l == BetterBetter || l == BenAri }

// flag: Ben-Ari's requestCS and P6a.
func (l Listing) flag() bool { return l == BenAri }

// tieBreak: equal numbers are decided by node id.
func (l Listing) tieBreak() bool { return l != First }

// ChooseSteps are the steps of the first listing and of "Better". The
// harness makes chooseNumber()'s choice (every value in 1..K is a
// schedule the explorer tries) and passes it to P2.
type ChooseSteps interface {
	// P2: MyNum = chooseNumber()   (chosen is what chooseNumber() returned)
	P2(chosen int)
	// P4, P8 and P9: as in Steps.
	P4(N int)
	// P7: as in Steps, but smallest first: return Deferred.First() (-1
	// once deferred is empty), as the registry's listing answers them
	// and the schedules expect.
	P7() int
	P8(N int)
	P9(N int)
	// P11: if requestedNum < myNum (first listing; "Better" adds
	//      or ((requestedNum=myNum) and (source < myID))):
	//          send(reply,source,myID)
	//      else:
	//          add source to deferred
	P11()
}

// HighestSteps are the steps of "Better Better".
type HighestSteps interface {
	// P2: MyNum = highestNum + 1
	P2()
	// P4, P8 and P9: as in Steps.
	P4(N int)
	// P7: as in Steps, but smallest first: return Deferred.First() (-1
	// once deferred is empty), as the registry's listing answers them
	// and the schedules expect.
	P7() int
	P8(N int)
	P9(N int)
	// P11: highestNum = max(highestNum,requestedNum)
	P11()
	// P12: if (requestedNum < myNum) or ((requestedNum=myNum) and (source < myID)):
	//          send(reply,source,myID)
	//      else:
	//          add source to deferred
	P12()
}

// Code is a student's code for one listing. Internally every listing uses
// the ops of Ben-Ari's Steps: the decision is always OpP12 (named P11 in
// the listings without highestNum) and OpP2's argument is chooseNumber()'s
// value.
type Code struct {
	Listing Listing
	code    stepwire.Code[Vars] // nil without steps: no algorithm
}

// BenAriCode is Ben-Ari's Steps as a Code. Each of these constructors
// gives a Code without steps for a nil s (its algorithm cannot be built).
func BenAriCode(s New) Code {
	return Code{BenAri, stepwire.Methods(s, []stepwire.Method[Steps]{
		stepwire.M0(Steps.P2), stepwire.M1(Steps.P4), stepwire.M0(Steps.P6a), stepwire.MInt(Steps.P7),
		stepwire.M1(Steps.P8), stepwire.M1(Steps.P9), stepwire.M0(Steps.P11), stepwire.M0(Steps.P12)})}
}

// ChooseCode is the first listing's or "Better"'s steps as a Code; the
// steps the listing does not have (P6a, a separate P11) do nothing.
func ChooseCode(l Listing, s func(v *Vars) ChooseSteps) Code {
	none := func(ChooseSteps, int, int) int { return 0 }
	return Code{l, stepwire.Methods(s, []stepwire.Method[ChooseSteps]{
		stepwire.M1(ChooseSteps.P2), stepwire.M1(ChooseSteps.P4), none, stepwire.MInt(ChooseSteps.P7),
		stepwire.M1(ChooseSteps.P8), stepwire.M1(ChooseSteps.P9), none, stepwire.M0(ChooseSteps.P11)})}
}

// HighestCode is "Better Better"'s steps as a Code; it has no P6a.
func HighestCode(s func(v *Vars) HighestSteps) Code {
	none := func(HighestSteps, int, int) int { return 0 }
	return Code{BetterBetter, stepwire.Methods(s, []stepwire.Method[HighestSteps]{
		stepwire.M0(HighestSteps.P2), stepwire.M1(HighestSteps.P4), none, stepwire.MInt(HighestSteps.P7),
		stepwire.M1(HighestSteps.P8), stepwire.M1(HighestSteps.P9), stepwire.M0(HighestSteps.P11), stepwire.M0(HighestSteps.P12)})}
}

// opName is op as the listing numbers it: the decision is P11 in the
// listings without highestNum.
func (l Listing) opName(op Op) string {
	if op == OpP12 && !l.highest() {
		return "P11"
	}
	return op.String()
}

// mayWrite lists the variables op may change in listing l.
func (l Listing) mayWrite(op Op) string {
	switch op {
	case OpP2:
		if l.flag() {
			return "myNum requestCS"
		}
		return "myNum"
	case OpP6a:
		return "requestCS"
	case OpP8, OpP12:
		return "deferred"
	case OpP11:
		return "highestNum"
	}
	return ""
}
