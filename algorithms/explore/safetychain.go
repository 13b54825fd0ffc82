package explore

import (
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// safetyChainMsgs is how many of the messages one node had from another
// a safety explanation quotes: the last ones (a request is often
// followed by the reply that let the node in).
const safetyChainMsgs = 2

// replayRow is one step of a replayed counterexample.
type replayRow struct {
	w    *sim.World // the world before the step
	e    sim.Event
	sent []sim.Msg
	in   uint32 // the nodes in the CS after the step
}

// replayLines replays a trace's events (their canonical lines) from w0:
// its steps, and the world after the last; ok is false when a line does
// not replay.
func replayLines(w0 *sim.World, lines []string) (rows []replayRow, final *sim.World, ok bool) {
	rows = make([]replayRow, 0, len(lines))
	w := w0.Clone()
	for _, l := range lines {
		e, err := w.FindEvent(l)
		if err != nil {
			return nil, nil, false
		}
		c := w.Clone()
		out, err := c.Apply(e)
		if err != nil {
			return nil, nil, false
		}
		rows = append(rows, replayRow{w: w, e: e, sent: out.Sent, in: inCS(c)})
		w = c
	}
	return rows, w, true
}

// hadFrom says the messages node x had from node y in steps from..to
// (indexes, both included), the last safetyChainMsgs of them, each with
// the step that sent it and what that step was: "from N2: request(1)
// (sent at step 6: ...), then reply (sent at step 15: ...)", or "nothing
// from N2".
func hadFrom(w0 *sim.World, rows []replayRow, x, y, from, to int) string {
	var got []string
	for j := max(from, 0); j <= to && j < len(rows); j++ {
		e := rows[j].e
		if e.Kind != sim.EvDeliver || e.Node != x || int(e.Msg.From) != y {
			continue
		}
		msg := w0.Alg.Format(e.Msg)
		if s := sentAt(rows, j, e.Msg); s >= 0 {
			msg += fmt.Sprintf(" (sent at step %d: %s)", s+1, rows[s].w.Describe(rows[s].e))
		}
		got = append(got, msg)
	}
	switch n := len(got); {
	case n == 0:
		return "nothing from " + w0.Names[y]
	case n > safetyChainMsgs:
		return fmt.Sprintf("from %s (the last %d of %d): %s", w0.Names[y], safetyChainMsgs, n, strings.Join(got[n-safetyChainMsgs:], ", then "))
	}
	return fmt.Sprintf("from %s: %s", w0.Names[y], strings.Join(got, ", then "))
}

// lastCall is the index of node x's last enter() at or before step k,
// -1 if none.
func lastCall(rows []replayRow, x, k int) int {
	for ; k >= 0; k-- {
		if rows[k].e.Kind == sim.EvRequest && rows[k].e.Node == x {
			return k
		}
	}
	return -1
}

// safetyChain says how each node in the critical section of a safety
// counterexample got there: the step at which it entered, and the
// messages it had, between its enter() call and that step, from each of
// the other nodes in the CS, each with the step that sent it and what
// that step was. "N1, N2 are in the critical section at the same time"
// alone leaves a student to find in the step table why each let the
// other in; in an algorithm by permission that is the whole story (two
// replies that crossed, each given for its own step's reason), and a
// node that entered with nothing from the other says as much.
//
// It replays the trace's events (their canonical lines) from w0. It
// returns "" where it cannot tell (a line does not replay, fewer than two
// nodes end in the CS, a node's entry or enter() call is not in the
// trace).
func safetyChain(w0 *sim.World, lines []string) string {
	rows, _, ok := replayLines(w0, lines)
	if !ok || len(rows) == 0 {
		return ""
	}
	inBefore := func(k int) uint32 { // the nodes in the CS before step k
		if k == 0 {
			return inCS(w0)
		}
		return rows[k-1].in
	}
	final := rows[len(rows)-1].in
	var both []int
	for i := range w0.Nodes {
		if final&(1<<i) != 0 {
			both = append(both, i)
		}
	}
	if len(both) < 2 {
		return ""
	}
	var parts []string
	for _, x := range both {
		// x's entry: the last step after which it is in the CS and was
		// not before; its enter(): the last call before that.
		entry := -1
		for k := len(rows) - 1; k >= 0 && entry < 0; k-- {
			if rows[k].in&(1<<x) != 0 && inBefore(k)&(1<<x) == 0 {
				entry = k
			}
		}
		call := lastCall(rows, x, entry)
		if entry < 0 || call < 0 {
			return ""
		}
		var had []string
		for _, y := range both {
			if y != x {
				had = append(had, hadFrom(w0, rows, x, y, call+1, entry))
			}
		}
		parts = append(parts, fmt.Sprintf("%s entered at step %d; since its enter() at step %d it had %s", w0.Names[x], entry+1, call+1, strings.Join(had, "; ")))
	}
	return "How each got in: " + strings.Join(parts, ". ") + "."
}

// sentAt is the step before j at which message m was sent (by the node
// that acted in it), -1 if none of them sent it.
func sentAt(rows []replayRow, j int, m sim.Msg) int {
	for i := j - 1; i >= 0; i-- {
		if rows[i].e.Node != int(m.From) {
			continue
		}
		for _, o := range rows[i].sent {
			if o == m {
				return i
			}
		}
	}
	return -1
}
