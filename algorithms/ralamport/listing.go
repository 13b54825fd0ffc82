package ralamport

import "dmelab/algorithms/sim"

// listing is seed 001's statement of the algorithm, as printed there.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		on("enter", "enter() at process P_i"),
		on("enter", "  - set state to Wanted"),
		on("enter", "  - multicast \"Request\" <T_i, P_i> to all processes,"),
		on("enter", "    where T_i = current Lamport timestamp at P_i"),
		on("receive reply", "  - wait until all processes send back \"Reply\""),
		{On: "receive reply", If: "enters", Text: "  - change state to Held and enter the CS"},
		on("receive request", "On receipt of a Request <T_j, P_j> at P_i (i ≠ j):"),
		on("receive request", "  - if (state = Held) or (state = Wanted & (T_i, i) < (T_j, j))"),
		{On: "receive request", If: "sends no reply", Text: "        add request to local queue (of waiting requests)"},
		{On: "receive request", If: "sends reply", Text: "    else send \"Reply\" to P_j"},
		on("exit", "exit() at process P_i"),
		on("exit", "  - change state to Released and \"Reply\" to all queued requests."),
	}
}
