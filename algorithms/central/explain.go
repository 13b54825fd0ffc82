package central

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Explain says what an event did in the words of seed 002's sentence
// (sim.Explainer): the server grants or queues.
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	a := after.(*node)
	me := name(e.Node)
	holder := func() string { return name(n.holder) + " holds the CS" }
	switch {
	case e.Kind == sim.EvRequest && n.id == Server:
		if a.phase == sim.InCS {
			return fmt.Sprintf("%s (the server) calls enter() and takes the CS itself: nobody holds it", me)
		}
		return fmt.Sprintf("%s (the server) calls enter() and queues itself: %s", me, holder())
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Request:
		src := name(int(e.Msg.From))
		if len(sent) > 0 {
			return fmt.Sprintf("%s (the server) grants %s: nobody holds the CS", me, src)
		}
		return fmt.Sprintf("%s (the server) queues %s's request: %s", me, src, holder())
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Release, e.Kind == sim.EvExit && n.id == Server:
		pre := fmt.Sprintf("%s (the server) frees the CS", me)
		if e.Kind == sim.EvExit {
			pre = fmt.Sprintf("%s (the server) leaves the CS", me)
		}
		switch {
		case a.holder < 0:
			return pre + ": the queue is empty"
		case a.holder == a.id:
			return pre + " and takes it itself, first in the queue"
		}
		return fmt.Sprintf("%s and grants %s, first in the queue", pre, name(a.holder))
	case e.Kind == sim.EvDeliver && e.Msg.Kind == Grant:
		return fmt.Sprintf("%s receives the grant and enters the CS", me)
	}
	return ""
}

func name(i int) string { return fmt.Sprintf("N%d", i+1) }
