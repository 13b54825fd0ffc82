package electionbully

import "dmelab/algorithms/sim"

// listing is seed 002's bully election as this package models it (see the
// package comment): the handlers, then the timer steps, labelled by their
// StepLabel's first word.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		on("enter", "start an election at P_i:"),
		on("enter", "    elected_i = false; send election to all higher ids"),
		on("receive election", "on election from a lower P_j:"),
		on("receive election", "    reject it: send ok (the leader: coordinator(i))"),
		on("receive election", "    if no leader and not electing: start an election"),
		on("receive ok", "on ok: stop electing; wait for the coordinator"),
		on("receive coordinator", "on coordinator(k): elected_i = k"),
		{Label: "timeout", Text: "timeout, no ok: I am the leader;"},
		{Label: "timeout", Text: "    send coordinator(i) to all lower ids"},
		{Label: "timeout", Text: "timeout, no coordinator: elect again"},
		{Label: "timeout", Text: "timeout, no election result (no leader): elect"},
		{Label: "heartbeat", Text: "leader: send coordinator(i) again, repeatedly"},
		{Label: "check", Text: "follower: nothing from the leader since the last"},
		{Label: "check", Text: "    check: it has crashed, elect again"},
		on("recover", "back from a crash: initial state; start an election"),
	}
}
