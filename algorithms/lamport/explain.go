package lamport

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Explain says what an event did in seed 004's words (sim.Explainer):
// which rule ran, and whether rule 3 then let the node in.
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	if e.Kind != sim.EvDeliver {
		return ""
	}
	a := after.(*node)
	me, src := name(e.Node), name(int(e.Msg.From))
	var s string
	switch e.Msg.Kind {
	case Request:
		s = fmt.Sprintf("%s puts %s's request (T=%d) in q[%s] (rule 2)", me, src, e.Msg.A, src)
		if len(sent) > 0 {
			s += fmt.Sprintf(" and replies: %s has no request of its own in q", me)
		} else {
			s += fmt.Sprintf(" and does not reply: its own request (T=%d) is in q[%s]", n.q[e.Node].t, me)
		}
	case Reply:
		s = fmt.Sprintf("%s puts %s's reply (T=%d) in q[%s] (rule 5)", me, src, e.Msg.A, src)
	case Release:
		s = fmt.Sprintf("%s puts %s's release (T=%d) in q[%s] (rule 4)", me, src, e.Msg.A, src)
	default:
		return ""
	}
	switch {
	case a.phase == sim.InCS && n.phase != sim.InCS:
		s += "; now its request is the earliest and everything else in q is later: it enters the CS (rule 3)"
	case a.phase == sim.Wanting:
		s += "; " + me + " still waits: " + a.blocker()
	}
	return s
}

// blocker says which half of rule 3 keeps a waiting node out.
func (n *node) blocker() string {
	for j := range n.q {
		if j != n.id && n.q[j].kind == Request && n.earlier(j, n.id) {
			return fmt.Sprintf("%s's request (T=%d) is earlier (3a)", name(j), n.q[j].t)
		}
	}
	for j := range n.q {
		if j != n.id && !n.earlier(n.id, j) {
			return fmt.Sprintf("nothing later than its request has come from %s yet (3b)", name(j))
		}
	}
	return "rule 3 holds"
}

func name(i int) string { return fmt.Sprintf("N%d", i+1) }
