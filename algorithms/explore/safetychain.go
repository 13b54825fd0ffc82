package explore

import (
	"fmt"
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
		for _, y := range both {
			if y != x {
				had = append(had, hadFrom(w0, rows, x, y, call+1, entry))
			}
		}
		parts = append(parts, fmt.Sprintf("%s entered at step %d; since its enter() at step %d it had %s", w0.Names[x], entry+1, call+1, strings.Join(had, "; ")))
	}
	return "How each got in: " + strings.Join(parts, ". ") + "."
}
