package rasteps

import (
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// StepLabel says what s does, found by running the student's step on a
// copy of the node. Where the step does what the listing does, the label
// is the registry algorithm's own (ra-benari's, ra-v1's, ...), word for word (so schedules written for ra-benari
// replay, and a counterexample replays in the playground up to the first
// step where the student's code does something else); otherwise it says
// what the code did, with the values it used. A step that fails is
// "P4 fails (N = N2)": the fault's text is never part of a label.
func (n *node) StepLabel(s sim.Step) string {
	op, arg, ok := n.current(s)
	if !ok {
		return fmt.Sprintf("P5 all %d replies received: enter the CS", n.replies)
	}
	l, t := n.l, *n
	t.Node = n.Node.Copy()
	out, ret, ok := t.call(nil, op, arg)
	if !ok {
		return failLabel(l, op, arg)
	}
	old, v := &n.V, &t.V
	switch {
	case op == OpP2 && l.choose():
		if v.MyNum == arg {
			return fmt.Sprintf("P2 myNum = chooseNumber() = %d", arg)
		}
		return fmt.Sprintf("P2 myNum = %d (chooseNumber() = %d)", v.MyNum, arg)
	case op == OpP2 && !l.flag():
		if next := old.HighestNum + 1; v.MyNum == next {
			return fmt.Sprintf("P2 myNum = highestNum + 1 = %d", next)
		}
		return fmt.Sprintf("P2 myNum = %d (highestNum = %d)", v.MyNum, old.HighestNum)
	}
	switch op {
	case OpP2:
		next := old.HighestNum + 1
		if v.RequestCS && v.MyNum == next {
			return fmt.Sprintf("P2 requestCS = true; myNum = highestNum + 1 = %d", next)
		}
		return fmt.Sprintf("P2 requestCS = %t; myNum = %d (highestNum = %d)", v.RequestCS, v.MyNum, old.HighestNum)
	case OpP4:
		if len(out) == 0 {
			return fmt.Sprintf("P4 sends nothing to %s", name(arg))
		}
		m := out[0]
		if m.Num == old.MyNum {
			return fmt.Sprintf("P4 send(request,%s,myID,myNum=%d)", name(arg), m.Num)
		}
		return fmt.Sprintf("P4 send(request,%s,myID,%d) (myNum = %d)", name(arg), m.Num, old.MyNum)
	case OpP6a:
		return fmt.Sprintf("P6a requestCS = %t", v.RequestCS)
	case OpP7:
		switch {
		case ret >= 0:
			return fmt.Sprintf("P7 N = %s, next in deferred", name(ret))
		case old.Deferred.Empty():
			return "P7 deferred empty: back to P1"
		}
		return fmt.Sprintf("P7 back to P1 with deferred = %s", old.Deferred)
	case OpP8:
		return fmt.Sprintf("P8 remove %s from deferred", name(arg))
	case OpP9:
		if len(out) == 0 {
			return fmt.Sprintf("P9 sends nothing to %s", name(arg))
		}
		return fmt.Sprintf("P9 send(reply,%s,myID)", name(arg))
	case OpP11:
		if m := max(old.HighestNum, old.RequestedNum); v.HighestNum == m {
			return fmt.Sprintf("P11 highestNum = max(highestNum,requestedNum) = %d", m)
		}
		return fmt.Sprintf("P11 highestNum = %d (highestNum was %d, requestedNum = %d)", v.HighestNum, old.HighestNum, old.RequestedNum)
	}
	return l.opName(OpP12) + " " + n.why() + ": " + decision(old, v, out)
}

// failLabel is the label of a step that makes the node fail. It names the
// step and its argument, never the fault: the fault's text is the
// student's (what the code panicked with), and a label is written into
// schedules, where "#" starts a comment and spaces collapse. The node's
// Fault and its variable "fault" say why.
func failLabel(l Listing, op Op, arg int) string {
	switch {
	case op == OpP2 && l.choose():
		// One step per value of chooseNumber(): the value tells them apart.
		return fmt.Sprintf("P2 fails (chooseNumber() = %d)", arg)
	case op == OpP4 || op == OpP8 || op == OpP9:
		return fmt.Sprintf("%s fails (N = %s)", op, nodeOrDash(arg))
	}
	return l.opName(op) + " fails"
}

// why states the facts the decision is made on, in the core engine's
// words for the listing.
func (n *node) why() string {
	v, l := &n.V, n.l
	r, m := v.RequestedNum, v.MyNum
	pre := ""
	if l.flag() {
		if !v.RequestCS {
			return "not requestCS"
		}
		pre = "requestCS and "
	}
	switch {
	case r < m:
		return fmt.Sprintf("%srequestedNum=%d < myNum=%d", pre, r, m)
	case r > m:
		return fmt.Sprintf("%srequestedNum=%d > myNum=%d", pre, r, m)
	case !l.tieBreak():
		return fmt.Sprintf("%srequestedNum=myNum=%d", pre, r)
	case v.Source < n.At().ID:
		return fmt.Sprintf("%srequestedNum=myNum=%d and source=%s < myID=%s", pre, r, name(v.Source), name(n.At().ID))
	}
	return fmt.Sprintf("%srequestedNum=myNum=%d and source=%s > myID=%s", pre, r, name(v.Source), name(n.At().ID))
}

// decision says what P12 did.
func decision(old, v *Vars, out []Msg) string {
	var did []string
	if len(out) > 0 {
		did = append(did, fmt.Sprintf("send(reply,%s,myID)", name(old.Source)))
	}
	if v.Deferred != old.Deferred {
		did = append(did, fmt.Sprintf("add %s to deferred", name(old.Source)))
	}
	if len(did) == 0 {
		return fmt.Sprintf("neither reply nor defer (%s's request is dropped)", name(old.Source))
	}
	return strings.Join(did, " and ")
}
