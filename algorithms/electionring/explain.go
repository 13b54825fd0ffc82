package electionring

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Explain says what a receipt did in seed 002's words (sim.Explainer).
// Ids are the nodes' places in the ring (1..n), whatever the scenario
// calls them, so the sentence gives both.
func (n *node) Explain(e sim.Event, after sim.Node, sent []sim.Msg) string {
	if e.Kind != sim.EvDeliver {
		return ""
	}
	k := int(e.Msg.A)
	me, them := who(n.id), who(k)
	switch e.Msg.Kind {
	case Election:
		switch {
		case k > n.id:
			return fmt.Sprintf("%s passes the election of %s on: a higher id", me, them)
		case k < n.id:
			return fmt.Sprintf("%s replaces the election of %s by its own: its id is higher", me, them)
		}
		return fmt.Sprintf("%s gets its own election back: it has won, and sends elected on", me)
	case Elected:
		switch {
		case k == n.id:
			return fmt.Sprintf("%s's elected message is back: every node has heard", name(k))
		case len(sent) == 0:
			return fmt.Sprintf("%s drops the news that %s is elected: %s has crashed", name(n.id), name(k), name(k))
		}
		return fmt.Sprintf("%s learns that %s is the leader and passes it on", name(n.id), name(k))
	}
	return ""
}

func name(i int) string { return fmt.Sprintf("N%d", i+1) }

// who names node i with its id, e.g. "N80 (id 5)" in a scenario that
// calls the fifth node N80.
func who(i int) string { return fmt.Sprintf("%s (id %d)", name(i), i+1) }
