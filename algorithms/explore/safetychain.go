package explore

import (
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/sim"
)

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
		// x's entry: the last step with which it entered the CS; its
		// enter(): the last call before that.
		entry := -1
		for k := len(rows) - 1; k >= 0 && entry < 0; k-- {
			if rows[k].out.Entered && rows[k].e.Node == x {
				entry = k
			}
		}
		call := lastCall(rows, x, entry)
		if entry < 0 || call < 0 {
			return ""
		}
		var had []string
		if talks(rows, x, both) {
			for _, y := range both {
				if y != x {
					had = append(had, hadFrom(w0, rows, x, y, call+1, entry))
				}
			}
		} else {
			// x and the others in the CS never message each other (a
			// central server's clients): what let x in came from
			// elsewhere, and "nothing from N3" would point at a message
			// the algorithm never sends.
			for _, y := range senders(rows, x, call+1, entry) {
				had = append(had, hadFrom(w0, rows, x, y, call+1, entry))
			}
			if len(had) == 0 {
				had = append(had, "nothing from any node")
			}
		}
		parts = append(parts, fmt.Sprintf("%s entered at step %d; since its enter() at step %d it had %s", w0.Names[x], entry+1, call+1, strings.Join(had, "; ")))
	}
	return "How each got in: " + strings.Join(parts, ". ") + "."
}

// talks says whether x and another of nodes deliver a message to each
// other anywhere in the run.
func talks(rows []replayRow, x int, nodes []int) bool {
	for _, r := range rows {
		if r.e.Kind != sim.EvDeliver {
			continue
		}
		from, to := int(r.e.Msg.From), r.e.Node
		for _, y := range nodes {
			if y != x && (from == x && to == y || from == y && to == x) {
				return true
			}
		}
	}
	return false
}

// senders are the nodes whose messages x received in steps from to to,
// in the order of their first.
func senders(rows []replayRow, x, from, to int) []int {
	var out []int
	for j := max(from, 0); j <= to && j < len(rows); j++ {
		e := rows[j].e
		if e.Kind == sim.EvDeliver && e.Node == x && !slices.Contains(out, int(e.Msg.From)) {
			out = append(out, int(e.Msg.From))
		}
	}
	return out
}
