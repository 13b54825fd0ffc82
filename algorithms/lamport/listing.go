package lamport

import "dmelab/algorithms/sim"

// listing is seed 004's algorithm 1 in the seed's words, shortened; rule 3
// is checked after every rule that changes q (see the package comment), so
// it belongs to every event, and is marked when it lets P_i in.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	// rule3 is marked as run by whichever event made it hold.
	rule3 := func(text string) sim.Line {
		return sim.Line{On: "enter, receive request, receive reply, receive release", If: "enters", Text: text}
	}
	return []sim.Line{
		{Text: "q[j] = (Release, 0, j)   j = 1, ..., N"},
		on("enter", "1. P_i requires access: it issues (Request, T_i, i),"),
		on("enter", "   puts it in q[i] and sends it to all other processes."),
		on("receive request", "2. P_j receives (Request, T_i, i): it puts it in q[i];"),
		on("receive request", "   if q[j] does not contain a request message,"),
		{On: "receive request", If: "sends reply", Text: "   P_j transmits (Reply, T_j, j) to P_i."},
		rule3("3. P_i enters its critical section when both hold:"),
		rule3("   a. its own Request in q[i] is the earliest Request in q;"),
		rule3("   b. all other messages in q are later than q[i]."),
		on("exit", "3'. P_i releases: it issues (Release, T_i, i), puts it"),
		on("exit", "   in q[i] and transmits it to all other processes."),
		on("receive release", "4. P_i receives (Release, T_j, j): q[j] = it."),
		on("receive reply", "5. P_i receives (Reply, T_j, j): q[j] = it."),
	}
}
