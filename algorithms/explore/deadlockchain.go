package explore

import (
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// deadlockChain says, for a deadlock of an algorithm that cannot explain
// its own (a student's code; the built-in algorithms say who waits for
// whom and why, Algorithm.Stuck), what each node did last: for each node
// still waiting, its enter() and the messages it has had from each other
// node since; for each other node, its last step. "N2 cannot finish:
// nothing is left that must happen" alone leaves a student to find in the
// step table which reply never came and which step kept it back; this
// puts the steps to look at side by side.
//
// It replays the trace's events (their canonical lines) from w0, and
// returns "" where it has nothing to add: a line does not replay, the
// algorithm explains its own deadlocks, a node failed (the failure is
// the story), an election, or no node waits.
func deadlockChain(w0 *sim.World, lines []string) string {
	rows, wf, ok := replayLines(w0, lines)
	if !ok || len(rows) == 0 || wf.Alg.Election || wf.Failed() != 0 || stuckText(wf, 0) != "" {
		return ""
	}
	stuck := busy(wf)
	if stuck == 0 {
		return ""
	}
	last := len(rows) - 1
	var parts []string
	for x := range w0.Nodes {
		if stuck&(1<<x) == 0 {
			continue
		}
		call := lastCall(rows, x, last)
		if call < 0 {
			return ""
		}
		var had []string
		for y := range w0.Nodes {
			if y != x && wf.Crashed&(1<<y) == 0 {
				had = append(had, hadFrom(w0, rows, x, y, call+1, last))
			}
		}
		parts = append(parts, fmt.Sprintf("%s waits since its enter() at step %d, and has had since %s", w0.Names[x], call+1, strings.Join(had, "; ")))
	}
	for z := range w0.Nodes {
		if stuck&(1<<z) != 0 || wf.Crashed&(1<<z) != 0 {
			continue
		}
		k := last
		for k >= 0 && rows[k].e.Node != z {
			k--
		}
		if k < 0 {
			parts = append(parts, w0.Names[z]+" has not acted")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s is idle; its last step was step %d: %s", w0.Names[z], k+1, rows[k].w.Describe(rows[k].e)))
	}
	return "What each did last: " + strings.Join(parts, ". ") + "."
}
