package central

import "dmelab/algorithms/sim"

// listing is seed 002's central server written out as pseudocode (the seed
// gives it in one sentence: "a central server that queues all enter()
// requests to the critical section and then asserts only one process
// enters at a time"), with this package's choices: N1 is the server and no client.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	// grant: the branch that grants (the server granting itself enters
	// instead of sending).
	grant := func(ev, text string) sim.Line { return sim.Line{On: ev, If: "sends grant or enters", Text: text} }
	return []sim.Line{
		{Text: "server N1 (no client): holder = nobody, queue = empty"},
		on("enter", "enter() at P_i:"),
		{On: "enter", If: "sends request", Text: "    send Request to the server"},
		on("receive grant", "    wait for Grant; enter the CS"),
		on("exit", "exit() at P_i:"),
		on("exit", "    send Release to the server"),
		on("receive request", "server, on Request from P_j:"),
		on("receive request", "    add P_j to the queue"),
		on("receive request", "    if holder = nobody:"),
		grant("receive request", "        holder = first of the queue; send Grant to it"),
		on("receive release", "server, on Release:"),
		on("receive release", "    holder = nobody"),
		on("receive release", "    if the queue is not empty:"),
		grant("receive release", "        holder = first of the queue; send Grant to it"),
	}
}
