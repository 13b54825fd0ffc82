package suzukikasami

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Explain says what an event did in the algorithm's words, with the
// numbers that decided it (sim.Explainer): whether a request is
// outstanding (RN[j] = LN[j] + 1) is what sends the token.
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	a := after.(*node)
	me := name(n.id)
	switch {
	case e.Kind == sim.EvRequest && a.phase == sim.InCS:
		return fmt.Sprintf("%s holds the idle token and enters the CS at once", me)
	case e.Kind == sim.EvRequest:
		return fmt.Sprintf("%s asks for the token: RN[%s] = %d, REQUEST(%s, %d) to every other node", me, me, a.rn[n.id], me, a.rn[n.id])
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Request:
		return n.explainRequest(e.Msg, a, sent)
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Token:
		if a.phase == sim.InCS {
			return fmt.Sprintf("%s receives the token and enters the CS", me)
		}
		return fmt.Sprintf("%s receives the token and keeps it", me)
	case e.Kind == sim.EvExit:
		pre := fmt.Sprintf("%s leaves the CS: LN[%s] = %d", me, me, n.rn[n.id])
		if len(sent) == 0 {
			return pre + "; no request is outstanding, so it keeps the token"
		}
		next := int(sent[0].To)
		var t token
		t.read(sent[0].Data)
		if len(t.q) == 0 {
			return fmt.Sprintf("%s; it sends the token to %s, first in Q, and Q is empty now", pre, name(next))
		}
		return fmt.Sprintf("%s; it sends the token to %s, first in Q, with Q = %s left", pre, name(next), list(t.q, true))
	}
	return ""
}

// explainRequest says why a receipt of REQUEST(j, k) sent the token or not.
func (n *node) explainRequest(m sim.Msg, a *node, sent []sim.Msg) string {
	me, j, k := name(n.id), int(m.From), int(m.A)
	them := name(j)
	got := fmt.Sprintf("%s's request %d", them, k)
	switch {
	case len(sent) > 0:
		return fmt.Sprintf("%s sends the token to %s: it holds the idle token and %s is outstanding (RN[%s] = LN[%s] + 1 = %d)", me, them, got, them, them, k)
	case k <= n.rn[j]:
		return fmt.Sprintf("%s ignores %s: outdated (RN[%s] = %d already)", me, got, them, n.rn[j])
	case n.has && n.phase == sim.InCS:
		return fmt.Sprintf("%s notes %s (RN[%s] = %d): it is in the CS and will queue %s when it leaves", me, got, them, k, them)
	case n.has:
		return fmt.Sprintf("%s notes %s (RN[%s] = %d) but keeps the token: LN[%s] = %d, so it was served", me, got, them, a.rn[j], them, n.tok.ln[j])
	}
	return fmt.Sprintf("%s notes %s: RN[%s] = %d", me, got, them, k)
}
