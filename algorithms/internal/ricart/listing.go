package ricart

import "dmelab/algorithms/sim"

// The listings, as seed 000 prints them (its spelling kept: "MyNum",
// "differed", "reply's"), and Ben-Ari's additions in the same style. Each
// numbered line carries its step's label; P3, the loop header folded into
// P4's steps, carries P4's, so the loop is marked while it runs. P1, P6,
// P10 and P5 also name the events that end or feed them: the
// application's enter() and exit(), the delivery of a request (P10 is that
// delivery) and of a reply (counted while main awaits them at P5). The
// decision's two branches say which way it went (sim.Line.If), so that
// only the branch taken is marked as run.

func listing(v Variant) []sim.Line {
	l := func(label, on, text string) sim.Line { return sim.Line{Label: label, On: on, Text: text} }
	// if_ is a line on one branch of the decision: it runs only when
	// the step sent a reply, or only when it did not.
	if_ := func(label, cond, text string) sim.Line { return sim.Line{Label: label, If: cond, Text: text} }
	ctx := func(text string) sim.Line { return sim.Line{Text: text} }
	out := []sim.Line{
		ctx("global int myNum = 0"),
		ctx("global array of nodeID differed = empty"),
	}
	if v.Flag != NoFlag {
		// Ben-Ari's variables (seed 000 uses highestNum without declaring it).
		out = append(out, ctx("global int highestNum = 0"), ctx("global bool requestCS = false"))
	}
	out = append(out,
		ctx("Process P:"),
		ctx("    main:"),
		ctx("        loop forever"),
		l("P1", "enter", "        P1: NCS"),
	)
	switch {
	case v.Choose:
		out = append(out, l("P2", "", "        P2: MyNum = chooseNumber()"))
	case v.Flag == FlagAtomic:
		out = append(out, l("P2", "", "        P2: requestCS = true; myNum = highestNum + 1"))
	case v.Flag == FlagFirst:
		out = append(out,
			l("P2a", "", "        P2a: requestCS = true"),
			l("P2b", "", "        P2b: myNum = highestNum + 1"))
	case v.Flag == NumFirst:
		out = append(out,
			l("P2a", "", "        P2a: myNum = highestNum + 1"),
			l("P2b", "", "        P2b: requestCS = true"))
	default:
		out = append(out, l("P2", "", "        P2: MyNum = highestNum + 1 # numbers to be chosen monotonic"))
	}
	out = append(out,
		l("P4", "", "        P3: for all other Node N:"),
		l("P4", "", "        P4:     send(request,N,myID,myNum)"),
		l("P5", "receive reply", "        P5:     await reply's from all other nodes"),
		l("P6", "exit", "        P6: CS"),
	)
	if v.Flag != NoFlag {
		out = append(out, l("P6a", "", "        P6a: requestCS = false"))
	}
	out = append(out,
		l("P7", "", "        P7: for all Node in differed:"),
		l("P8", "", "        P8:     remove N from deferred"),
		l("P9", "", "        P9:     send(reply,N,myID)"),
		ctx(""),
		ctx("    receive:"),
		ctx("        int source, requestedNum"),
		ctx("        loop forever"),
		l("P10", "receive request", "        P10: receive(request,source,requestedNum)"),
	)
	decide := "P11"
	if v.Highest {
		out = append(out, l("P11", "", "        P11: highestNum = max(highestNum,requestedNum)"))
		decide = "P12"
	}
	var test string
	switch {
	case v.Flag != NoFlag:
		test = "if not requestCS or (requestedNum,source) << (myNum,myID):"
	case v.TieBreak:
		test = "if (requestedNum < myNum) or ((requestedNum=myNum)and(source < myID)): # p11 requestedNum << myNum"
	default:
		test = "if requestedNum < myNum:"
	}
	return append(out,
		l(decide, "", "        "+decide+": "+test),
		if_(decide, "sends reply", "                send(reply,source,myID)"),
		if_(decide, "sends no reply", "             else:"),
		if_(decide, "sends no reply", "                add source to differed"),
	)
}

// At says where each of the node's two processes is: main's step and
// receive's (sim.Locator), so that a process that waits (main at P5 until
// every reply is in, receive at P10 until a request comes) is marked too.
func (n *node) At() []string { return []string{n.main.String(), n.recv.String()} }
