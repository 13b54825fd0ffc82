package ralamport

import (
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// Explain says what an event did in seed 001's words (sim.Explainer).
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	a := after.(*node)
	me := name(n.id)
	switch e.Kind {
	case sim.EvDeliver:
		j := int(e.Msg.From)
		src := name(j)
		switch e.Msg.Kind {
		case Request:
			tj := int(e.Msg.A)
			if len(sent) == 0 {
				if n.phase == sim.InCS {
					return fmt.Sprintf("%s queues %s's request: %s is in the CS (HELD)", me, src, me)
				}
				return fmt.Sprintf("%s queues %s's request: %s wants the CS and asked first ((T=%d, %s) < (T=%d, %s))", me, src, me, n.t, me, tj, src)
			}
			if n.phase == sim.Wanting {
				return fmt.Sprintf("%s replies to %s: %s wants the CS too, but %s asked first ((T=%d, %s) < (T=%d, %s))", me, src, me, src, tj, src, n.t, me)
			}
			return fmt.Sprintf("%s replies to %s: %s is not trying (RELEASED)", me, src, me)
		case Reply:
			switch {
			case n.phase != sim.Wanting:
				return fmt.Sprintf("%s ignores %s's reply: it is not waiting for one", me, src)
			case a.phase == sim.InCS:
				return fmt.Sprintf("%s has all %d replies: HELD, it enters the CS", me, a.replies)
			}
			return fmt.Sprintf("%s counts %s's reply (%d of %d) and keeps waiting", me, src, a.replies, n.n-1)
		}
	case sim.EvExit:
		if len(sent) == 0 {
			return fmt.Sprintf("%s leaves the CS (RELEASED); no request is queued", me)
		}
		to := make([]string, len(sent))
		for k, m := range sent {
			to[k] = name(int(m.To))
		}
		return fmt.Sprintf("%s leaves the CS (RELEASED) and replies to the queued %s", me, strings.Join(to, ", "))
	}
	return ""
}

func name(i int) string { return fmt.Sprintf("N%d", i+1) }
