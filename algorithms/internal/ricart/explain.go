package ricart

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Explain says what an event did in the course's words (sim.Explainer):
// the receive process's decision (reply or defer, and why), the receipt
// of a request at P10 and of a reply while main awaits them at P5. Other
// steps keep their StepLabel, which already says it.
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	me := name(n.id)
	switch {
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Request:
		return fmt.Sprintf("%s receives %s's request (number %d) at P10; it decides at %s", me, name(int(e.Msg.From)), e.Msg.A, n.decideLabel())
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Reply:
		a := after.(*node)
		if a.replies == n.n-1 {
			return fmt.Sprintf("%s counts %s's reply (%d of %d): every reply is in, P5's await ends", me, name(int(e.Msg.From)), a.replies, n.n-1)
		}
		return fmt.Sprintf("%s counts %s's reply (%d of %d) and keeps waiting at P5", me, name(int(e.Msg.From)), a.replies, n.n-1)
	case e.Kind == sim.EvStep && e.Step.Proc == procRecv && !(n.recv == p11 && n.v.Highest):
		return n.explainDecision()
	}
	return ""
}

// decideLabel is the step at which the receive process decides.
func (n *node) decideLabel() string {
	if n.v.Highest {
		return "P12"
	}
	return "P11"
}

// explainDecision says why the receive process replies or defers, in the
// words of the lecture: who is trying, who has priority and why.
func (n *node) explainDecision() string {
	me, src := name(n.id), name(n.source)
	reply, _ := n.decide()
	r, m := n.requestedNum, n.myNum
	if n.v.Flag != NoFlag && !n.requestCS {
		return fmt.Sprintf("%s replies to %s: %s is not trying (requestCS = false)", me, src, me)
	}
	// who has priority, and why
	var who, cmp string
	switch {
	case r < m:
		who, cmp = src, fmt.Sprintf("number %d < %d", r, m)
	case r > m:
		who, cmp = me, fmt.Sprintf("number %d < %d", m, r)
	case !n.v.TieBreak:
		who, cmp = "", fmt.Sprintf("both have number %d and this listing breaks no ties", r)
	case n.source < n.id:
		who, cmp = src, fmt.Sprintf("both have number %d, and %s < %s", r, src, me)
	default:
		who, cmp = me, fmt.Sprintf("both have number %d, and %s < %s", r, me, src)
	}
	why := cmp
	if who != "" {
		why = who + " has priority (" + cmp + ")"
		if who == me {
			why = "has priority (" + cmp + ")"
		}
	}
	// The flaws seed 000 is about are said where they bite: deferring
	// while not trying, replying from the CS.
	switch ph := n.Phase(); {
	case reply && ph == sim.InCS:
		return fmt.Sprintf("%s replies to %s although %s is in the CS: %s", me, src, me, why)
	case reply:
		return fmt.Sprintf("%s replies to %s: %s", me, src, why)
	case ph == sim.Idle:
		if who == me {
			why = fmt.Sprintf("its myNum %d gives it priority (%s)", m, cmp)
		}
		return fmt.Sprintf("%s defers %s's request although %s is not trying: %s", me, src, me, why)
	case ph == sim.InCS:
		return fmt.Sprintf("%s defers %s's request: %s is in the CS and %s", me, src, me, why)
	case ph == sim.Exiting:
		return fmt.Sprintf("%s defers %s's request: %s is still leaving the CS and %s", me, src, me, why)
	}
	return fmt.Sprintf("%s defers %s's request: %s wants the CS and %s", me, src, me, why)
}
