package maekawa

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Explain says what an event did in seed 003's words (sim.Explainer).
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	if e.Kind != sim.EvDeliver {
		return ""
	}
	a := after.(*node)
	me, src := name(e.Node), name(int(e.Msg.From))
	switch e.Msg.Kind {
	case Request:
		switch {
		case len(sent) > 0:
			return fmt.Sprintf("%s votes for %s (replies): it has not voted and is not in the CS", me, src)
		case n.state == Held:
			return fmt.Sprintf("%s queues %s's request and does not reply: %s is in the CS (HELD)", me, src, me)
		}
		return fmt.Sprintf("%s queues %s's request and does not reply: it has already voted for %s", me, src, name(n.votedFor))
	case Release:
		if len(sent) > 0 {
			return fmt.Sprintf("%s's vote is free again; it votes for %s, first in its queue", me, name(a.votedFor))
		}
		return fmt.Sprintf("%s's vote is free again: nobody waits for it (voted = False)", me)
	case Reply:
		if a.state == Held && n.state != Held {
			return fmt.Sprintf("%s has all %d votes of its voting set: HELD, it enters the CS", me, a.replies)
		}
		return fmt.Sprintf("%s counts %s's vote (%d of %d) and keeps waiting", me, src, a.replies, len(n.v))
	}
	return ""
}
