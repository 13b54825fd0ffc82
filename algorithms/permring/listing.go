package permring

import "dmelab/algorithms/sim"

// listing is seed 002's permission ring (see the package comment) as
// pseudocode; "retry" is the internal step of a refused node.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		{Text: "ring N1 → N2 → … → Nn → N1; request = none everywhere"},
		on("enter", "enter() at P_i:"),
		on("enter", "    request = travelling; send Request(P_i) to the successor"),
		on("receive request", "on receipt of Request(P_j) at P_i:"),
		on("receive request", "    if j = i: it came all the way round: enter the CS"),
		on("receive request", "    else if P_i is trying (request travelling, or in the CS):"),
		on("receive request", "        disregard it: send Refuse to P_j"),
		on("receive request", "    else: accept; send Request(P_j) to the successor"),
		on("receive refuse", "on receipt of Refuse at P_i:"),
		on("receive refuse", "    request = refused (back off: let the others' requests pass)"),
		{Label: "retry", Text: "refused: try again, request = travelling; send Request(P_i) to the successor"},
		on("exit", "exit() at P_i:"),
		on("exit", "    leave the CS; send nothing"),
	}
}
