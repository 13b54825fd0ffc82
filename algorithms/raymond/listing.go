package raymond

import "dmelab/algorithms/sim"

// every is each event a node takes part in: all four end with the two
// procedures, so their lines run on every one of them.
const every = "enter,exit,receive request,receive privilege"

// listing is Raymond's algorithm as his paper writes it: the two
// procedures first, then the four events, each of which ends by calling
// both.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		{Text: "tree: the parent of Nk is N⌊k/2⌋; N1 holds the privilege"},
		{Text: "HOLDER = self at N1, the parent elsewhere; USING = ASKED = false; request_Q empty"},
		on(every, "ASSIGN_PRIVILEGE:"),
		on(every, "    if HOLDER = self and not USING and request_Q ≠ empty:"),
		{On: every, If: "sends privilege or enters", Text: "        HOLDER = dequeue(request_Q); ASKED = false"},
		{On: every, If: "enters", Text: "        if HOLDER = self: USING = true; enter the CS"},
		{On: every, If: "sends privilege", Text: "        else: send PRIVILEGE to HOLDER"},
		on(every, "MAKE_REQUEST:"),
		on(every, "    if HOLDER ≠ self and request_Q ≠ empty and not ASKED:"),
		{On: every, If: "sends request", Text: "        send REQUEST to HOLDER; ASKED = true"},
		on("enter", "enter() at P_i:"),
		on("enter", "    enqueue(request_Q, self); ASSIGN_PRIVILEGE; MAKE_REQUEST"),
		on("receive request", "on receipt of REQUEST from P_j:"),
		on("receive request", "    enqueue(request_Q, P_j); ASSIGN_PRIVILEGE; MAKE_REQUEST"),
		on("receive privilege", "on receipt of PRIVILEGE:"),
		on("receive privilege", "    HOLDER = self; ASSIGN_PRIVILEGE; MAKE_REQUEST"),
		on("exit", "exit() at P_i:"),
		on("exit", "    USING = false; ASSIGN_PRIVILEGE; MAKE_REQUEST"),
	}
}
