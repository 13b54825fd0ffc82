package maekawa

import "dmelab/algorithms/sim"

// listing is seed 003's algorithm, as printed there.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	// The two branches of a handler: it replied, or it did not.
	reply := func(ev, text string) sim.Line { return sim.Line{On: ev, If: "sends reply", Text: text} }
	queue := func(ev, text string) sim.Line { return sim.Line{On: ev, If: "sends no reply", Text: text} }
	return []sim.Line{
		{Text: "Initialization"},
		{Text: "    state = Released"},
		{Text: "    voted = False"},
		on("enter", "Enter()"),
		on("enter", "    state = Wanted"),
		on("enter", "    multicast Request(pi) to voting set Vi"),
		on("receive reply", "    wait until K reply messages received"),
		{On: "receive reply", If: "enters", Text: "    state = Held"},
		on("exit", "Leave()"),
		on("exit", "    state = Released"),
		on("exit", "    multicast Release to voting set Vi"),
		on("receive request", "When receiving Request(pj) at pi"),
		on("receive request", "if ((state == Held) or (voted == True)) {"),
		queue("receive request", "    enqueue Request in Q"),
		queue("receive request", "    // do NOT reply"),
		reply("receive request", "} else {"),
		reply("receive request", "    send Reply to pj"),
		reply("receive request", "    voted = True"),
		on("receive request", "}"),
		on("receive release", "When receiving Release(pj) at pi"),
		on("receive release", "if (Q != empty) {"),
		reply("receive release", "    dequeue pending Request m from Q"),
		reply("receive release", "    send Reply to sender(m)"),
		reply("receive release", "    voted = True"),
		queue("receive release", "} else {"),
		queue("receive release", "    voted = False"),
		on("receive release", "}"),
	}
}
