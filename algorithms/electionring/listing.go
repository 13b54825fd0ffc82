package electionring

import "dmelab/algorithms/sim"

// listing is seed 002's ring election as this package reads it (see the
// package comment).
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		{Text: "ring N1 → N2 → … → Nn → N1 (next live node)"},
		on("enter", "start an election at P_i:"),
		on("enter", "    elected_i = false; send election(i) to the neighbour"),
		on("receive election", "on election(j) at P_i:"),
		on("receive election", "    if j > i: accept and pass election(j) on"),
		on("receive election", "    if j < i: deny and send election(i) instead"),
		on("receive election", "    if j = i: won; elected_i = i; send elected(i) on"),
		on("receive elected", "on elected(k) at P_i, k ≠ i:"),
		on("receive elected", "    elected_i = k; pass elected(k) on"),
	}
}
