package tokenring

import "dmelab/algorithms/sim"

// listing is the circulating token of seed 002 (see the package comment)
// as pseudocode; "pass" is the internal step of an idle holder.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		{Text: "ring N1 → N2 → … → Nn → N1; N1 holds the token"},
		on("enter", "enter() at P_i:"),
		{On: "enter", If: "enters", Text: "    if P_i holds the token: enter the CS"},
		{On: "enter", If: "stays out", Text: "    else: wait for the token"},
		on("receive token", "on receipt of the token at P_i:"),
		{On: "receive token", If: "enters", Text: "    if P_i waits to enter: enter the CS"},
		{On: "receive token", If: "stays out", Text: "    else: keep it until the next step"},
		{Label: "pass", Text: "holder not asking: pass the token to the successor"},
		on("exit", "exit() at P_i:"),
		on("exit", "    pass the token to the successor"),
	}
}
