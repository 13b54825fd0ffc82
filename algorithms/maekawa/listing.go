package maekawa

import "dmelab/algorithms/sim"

// listing is seed 003's algorithm, as printed there.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		{Text: "Initialization"},
		{Text: "    state = Released"},
		{Text: "    voted = False"},
		on("enter", "Enter()"),
		on("enter", "    state = Wanted"),
		on("enter", "    multicast Request(pi) to voting set Vi"),
		on("receive reply", "    wait until K reply messages received"),
		on("receive reply", "    state = Held"),
		on("exit", "Leave()"),
		on("exit", "    state = Released"),
		on("exit", "    multicast Release to voting set Vi"),
		on("receive request", "When receiving Request(pj) at pi"),
		on("receive request", "if ((state == Held) or (voted == True)) {"),
		on("receive request", "    enqueue Request in Q"),
		on("receive request", "    // do NOT reply"),
		on("receive request", "} else {"),
		on("receive request", "    send Reply to pj"),
		on("receive request", "    voted = True"),
		on("receive request", "}"),
		on("receive release", "When receiving Release(pj) at pi"),
		on("receive release", "if (Q != empty) {"),
		on("receive release", "    dequeue pending Request m from Q"),
		on("receive release", "    send Reply to sender(m)"),
		on("receive release", "    voted = True"),
		on("receive release", "} else {"),
		on("receive release", "    voted = False"),
		on("receive release", "}"),
	}
}
