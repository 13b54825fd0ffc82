package explore

import (
	"fmt"
	mbits "math/bits"
	"strings"

	"dmelab/algorithms/sim"
)

// orderChain says why an Order counterexample's earlier call happened
// before the victim's: the chain of events, message by message, that
// carried the earlier node's pending enter() into the victim's causal
// past before the victim called enter(). "an enter() call that
// happened-before its own (N2)" alone leaves a student to find that
// chain in the step table; Order is the one property whose violation is
// not visible in a single state.
//
// It replays the trace's events (replayLines) from w0 with the
// simulator's happened-before ghost state, and walks back from the
// victim's enter(): the step at which a node first had the earlier call
// in its causal past is a delivery, whose message its sender sent at an
// earlier step, and so on back to the earlier node's enter(). It returns
// "" where it cannot tell (w0 tracks no happened-before, a line does not
// replay, no step breaks Order, the chain began before the trace did).
func orderChain(w0 *sim.World, lines []string) string {
	if !w0.Opts.Order {
		return ""
	}
	rows, _, ok := replayLines(w0, lines)
	if !ok {
		return ""
	}
	victim, before := -1, uint32(0) // the entry that broke Order, the calls before it
	ke := -1                        // its step
	for k, r := range rows {
		if r.out.OrderBroken {
			victim, before, ke = r.e.Node, r.out.Before, k
		}
	}
	if victim < 0 || before == 0 {
		return ""
	}
	x := mbits.TrailingZeros32(before) // the first of the earlier calls
	hbAt := func(k, i int) uint32 {    // node i's causal past before step k
		if k == 0 {
			return w0.App[i].HB
		}
		return rows[k-1].hb[i]
	}
	// The victim's enter(): the last one in the trace.
	sv := -1
	for k, r := range rows {
		if r.e.Kind == sim.EvRequest && r.e.Node == victim {
			sv = k
		}
	}
	if sv < 0 || hbAt(sv, victim)&(1<<x) == 0 {
		return ""
	}
	var links []string // from the victim's enter() back
	link := func(k int, text string) { links = append(links, fmt.Sprintf("%s (step %d)", text, k+1)) }
	link(sv, rows[sv].w.Describe(rows[sv].e))
	node, k := victim, sv
	for node != x {
		// The step, at or before k, at which node first had x's call in
		// its past (a step may both learn it and pass it on).
		j := -1
		for i := k; i >= 0; i-- {
			if hbAt(i, node)&(1<<x) == 0 {
				j = i
				break
			}
		}
		if j < 0 || rows[j].e.Kind != sim.EvDeliver || rows[j].e.Node != node {
			return "" // it began before the trace did
		}
		m, from := rows[j].e.Msg, int(rows[j].e.Msg.From)
		link(j, fmt.Sprintf("%s receives %s from %s", w0.Names[node], w0.Alg.Format(m), w0.Names[from]))
		// The step at which from sent it.
		s := sentAt(rows, j, m)
		if s < 0 {
			return ""
		}
		if rows[s].e.Kind == sim.EvApp {
			link(s, fmt.Sprintf("%s sends %s an application message", w0.Names[from], w0.Names[node]))
		} else {
			// The send is a side effect of the step: say the message.
			link(s, fmt.Sprintf("%s sends %s to %s", w0.Names[from], w0.Alg.Format(m), w0.Names[node]))
		}
		node, k = from, s
	}
	// x's enter(): the last at or before k; at k itself, the call sent
	// the message.
	sx := -1
	for i := k; i >= 0; i-- {
		if rows[i].e.Kind == sim.EvRequest && rows[i].e.Node == x {
			sx = i
			break
		}
	}
	switch {
	case sx < 0:
		return ""
	case sx == k && len(links) > 1:
		links[len(links)-1] = fmt.Sprintf("%s calls enter() and %s", w0.Names[x], strings.TrimPrefix(links[len(links)-1], w0.Names[x]+" "))
	default:
		link(sx, rows[sx].w.Describe(rows[sx].e))
	}
	for a, b := 0, len(links)-1; a < b; a, b = a+1, b-1 {
		links[a], links[b] = links[b], links[a]
	}
	return fmt.Sprintf("%s's call happened before %s's: %s. Order asks that the call that happened first be served first.%s", w0.Names[x], w0.Names[victim], strings.Join(links, ", then "), gotIn(w0, rows, victim, x, sv, ke))
}

// gotIn says how the victim of an Order counterexample got in all the
// same, between its enter() (step sv) and its entry (ke): what it had
// from the earlier caller x (a permission given while x waited, say), or
// from whoever let it in, or that it needed nothing (a token it held).
func gotIn(w0 *sim.World, rows []replayRow, victim, x, sv, ke int) string {
	v := w0.Names[victim]
	if ke < 0 {
		return ""
	}
	if ke == sv {
		return fmt.Sprintf(" %s's enter() returned at once (step %d): nothing had to reach it first.", v, ke+1)
	}
	had := []string{hadFrom(w0, rows, victim, x, sv+1, ke)}
	if strings.HasPrefix(had[0], "nothing") {
		had = had[:0]
		for _, y := range senders(rows, victim, sv+1, ke) {
			had = append(had, hadFrom(w0, rows, victim, y, sv+1, ke))
		}
		if len(had) == 0 {
			had = append(had, "nothing from any node")
		}
	}
	return fmt.Sprintf(" How %s got in all the same: it entered at step %d; since its enter() at step %d it had %s.", v, ke+1, sv+1, strings.Join(had, "; "))
}
