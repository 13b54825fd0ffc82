package explore

import (
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// The explanations added to a counterexample's summary (orderChain,
// safetyChain, deadlockChain) replay its steps and read them back: what
// each step sent, who was in the CS, who knew of whose call. These are
// the pieces they share.

// chainMsgs is how many of the messages one node had from another an
// explanation quotes: the last ones (a request is often followed by the
// reply that let the node in).
const chainMsgs = 2

// replayRow is one step of a replayed counterexample.
type replayRow struct {
	w   *sim.World // the world before the step
	e   sim.Event
	out sim.Outcome
	in  uint32   // the nodes in the CS after the step
	hb  []uint32 // each node's causal past after the step (Options.Order)
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
		r := replayRow{w: w, e: e, out: out, in: inCS(c)}
		if c.Opts.Order {
			r.hb = make([]uint32, len(c.App))
			for i := range c.App {
				r.hb[i] = c.App[i].HB
			}
		}
		rows = append(rows, r)
		w = c
	}
	return rows, w, true
}

// hadFrom says the messages node x had from node y in steps from..to
// (indexes, both included), the last chainMsgs of them, each with
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
			msg += fmt.Sprintf(" (sent at step %d%s: %s)", s+1, standing(w0, rows[s].w, y, x), rows[s].w.Describe(rows[s].e))
		}
		got = append(got, msg)
	}
	switch n := len(got); {
	case n == 0:
		return "nothing from " + w0.Names[y]
	case n > chainMsgs:
		return fmt.Sprintf("from %s (the last %d of %d): %s", w0.Names[y], chainMsgs, n, strings.Join(got[n-chainMsgs:], ", then "))
	}
	return fmt.Sprintf("from %s: %s", w0.Names[y], strings.Join(got, ", then "))
}

// standing is where node y, sending a message to x, stood in w, said
// after a step number, unless idle: a node that answers while itself
// waiting to enter, or from inside the critical section, is most often how
// two got in (ra-benari-numfirst's reply between P2a and P2b, ra-v1's from
// the CS); an idle sender (a server) that answers while a third node is in
// the critical section is the other way (a central server's grant).
func standing(w0, w *sim.World, y, x int) string {
	switch w.Nodes[y].Phase() {
	case sim.Wanting:
		return " while " + w0.Names[y] + " waited to enter"
	case sim.InCS:
		return " from " + w0.Names[y] + "'s critical section"
	}
	var in []string
	for _, z := range w.InCS() {
		if z != x && z != y {
			in = append(in, w0.Names[z])
		}
	}
	switch len(in) {
	case 0:
		return ""
	case 1:
		return " while " + in[0] + " was in the critical section"
	}
	return " while " + strings.Join(in, ", ") + " were in the critical section"
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

// sentAt is the step before j at which message m was sent (by the node
// that acted in it), -1 if none of them sent it.
func sentAt(rows []replayRow, j int, m sim.Msg) int {
	for i := j - 1; i >= 0; i-- {
		if rows[i].e.Node != int(m.From) {
			continue
		}
		for _, o := range rows[i].out.Sent {
			if o == m {
				return i
			}
		}
	}
	return -1
}
