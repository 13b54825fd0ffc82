package maekawasafe

import "dmelab/algorithms/sim"

// listing is the rules of the package comment (R1–R6 as requester, V1–V3
// as voter), shortened to one or two lines each.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		{Text: "requests ordered by (T, id); a voter holds one vote"},
		on("enter", "R1 enter(): T = clock + 1; state = WANTED; failed = false"),
		on("enter", "   send request(T) to every member of V_i"),
		on("receive reply", "R2 reply from v: note v's vote; with all K: state = HELD"),
		on("receive reply", "   else if v inquired and failed: yield to v"),
		on("receive failed", "R3 failed: failed = true; yield to every voter that inquired"),
		on("receive inquire", "R4 inquire from v: if failed and v's vote is held: yield to v"),
		{Text: "R5 yield to v: send yield(T) to v; forget v's vote"},
		on("exit", "R6 exit(): state = RELEASED; send release(T) to V_i"),
		on("receive request", "V1 request r: if not voted: vote for r (reply)"),
		on("receive request", "   else queue r; if r is later than the earliest known: failed to r"),
		on("receive request", "   else if the earliest is the lock: inquire its node"),
		on("receive request", "   else: failed to that queued request"),
		on("receive yield", "V2 yield: the lock goes back in the queue; vote for the earliest"),
		on("receive release", "V3 release: vote for the earliest queued request, or nobody"),
	}
}
