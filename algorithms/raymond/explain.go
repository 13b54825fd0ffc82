package raymond

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Explain says what an event did in the words of Raymond's procedures
// (sim.Explainer): who got the privilege, who was queued and who was
// asked. Everything is read from the node before and after the event and
// from what it sent.
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	a := after.(*node)
	me := name(n.id)
	var what string
	it := "the privilege"
	switch {
	case e.Kind == sim.EvRequest:
		what = me + " calls enter(), queues itself"
	case e.Kind == sim.EvExit:
		what = me + " leaves the CS"
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Request:
		what = fmt.Sprintf("%s queues %s's request", me, name(int(e.Msg.From)))
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Privilege:
		what, it = me+" receives the privilege", "it"
	default:
		return ""
	}
	return what + n.outcome(a, sent, it)
}

// outcome is the part of the sentence that ASSIGN_PRIVILEGE and
// MAKE_REQUEST wrote, given the node after the event.
func (n *node) outcome(a *node, sent []sim.Msg, it string) string {
	passed, asked := false, false
	for _, m := range sent {
		passed = passed || m.Kind == Privilege
		asked = asked || m.Kind == Request
	}
	switch {
	case a.phase == sim.InCS && n.phase != sim.InCS:
		if n.holder == n.id {
			return " and enters the CS at once: it holds the privilege and nobody is ahead of it"
		}
		return " and enters the CS: it is first in its request_Q"
	case passed && asked:
		return fmt.Sprintf(" and hands %s on to %s, first in its request_Q; others are queued, so it asks %s for it back", it, name(a.holder), name(a.holder))
	case passed:
		return fmt.Sprintf(" and hands %s on to %s, first in its request_Q", it, name(a.holder))
	case asked:
		return fmt.Sprintf(" and asks its HOLDER %s for the privilege", name(a.holder))
	case a.holder == a.id && a.using():
		return ": it holds the privilege but is using it"
	case a.holder == a.id:
		return " and keeps the privilege: its request_Q is empty"
	case len(a.queue) > 0:
		return fmt.Sprintf(": it has ASKED its HOLDER %s already", name(a.holder))
	}
	return ""
}
