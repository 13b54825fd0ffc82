package suzukikasami

import "dmelab/algorithms/sim"

// listing is Suzuki–Kasami as Kshemkalyani and Singhal print it, with
// this package's choices (see the package comment): N1 starts with the
// token, a holder enters without asking.
func listing() []sim.Line {
	on := func(ev, text string) sim.Line { return sim.Line{On: ev, Text: text} }
	return []sim.Line{
		{Text: "initially: RN_i = [0 … 0]; N1 holds the token, LN = [0 … 0], Q = empty"},
		on("enter", "enter() at S_i:"),
		{On: "enter", If: "enters", Text: "    if S_i holds the token: enter the CS"},
		{On: "enter", If: "sends request", Text: "    else: RN_i[i] = RN_i[i] + 1"},
		{On: "enter", If: "sends request", Text: "          send REQUEST(i, RN_i[i]) to every other site"},
		on("receive token", "          wait for the token; enter the CS"),
		on("receive request", "on REQUEST(j, n) at S_i:"),
		on("receive request", "    RN_i[j] = max(RN_i[j], n)"),
		on("receive request", "    if S_i holds the idle token and RN_i[j] = LN[j] + 1:"),
		{On: "receive request", If: "sends token", Text: "        send the token to S_j"},
		on("exit", "exit() at S_i:"),
		on("exit", "    LN[i] = RN_i[i]"),
		on("exit", "    for every S_j not in Q with RN_i[j] = LN[j] + 1: append j to Q"),
		{On: "exit", If: "sends token", Text: "    if Q is not empty: remove its head S_k; send the token to S_k"},
	}
}
