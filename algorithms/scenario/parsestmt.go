package scenario

import "fmt"

// Voting sets, events, run, expect and schedule blocks, the statements
// that take more than a keyword and a value, parsed by parser.go's lineParser.

func (lp *lineParser) votingSet(m Meta) Stmt {
	st := &VotingSetStmt{Meta: m, Node: lp.ident("a node name")}
	lp.want(tEq, "=")
	lp.want(tLBrace, "{")
	for {
		t := lp.peek()
		if t != nil && t.kind == tRBrace {
			lp.k++
			break
		}
		st.Members = append(st.Members, lp.ident("a node name or }"))
		if t := lp.peek(); t != nil && t.kind == tComma {
			lp.k++
		}
	}
	lp.end()
	return st
}

// event parses request A | exit A | step A TEXT | deliver A->B [TEXT] |
// app A->B | crash A | recover A.
func (lp *lineParser) event(m Meta) *EventStmt {
	t := lp.word("an event")
	st := &EventStmt{Meta: m}
	switch t.text {
	case "request", "exit", "crash", "recover":
		st.Kind = map[string]EventKind{"request": EvRequest, "exit": EvExit, "crash": EvCrash, "recover": EvRecover}[t.text]
		st.A = lp.ident("a node name")
		lp.end()
	case "step":
		st.Kind = EvStep
		st.A = lp.ident("a node name")
		st.Text = lp.rest()
		if st.Text == "" {
			lp.fail(nil, "expected the step after the node, e.g. step %s P2", st.A.Name)
		}
	case "deliver", "app":
		st.Kind = EvDeliver
		if t.text == "app" {
			st.Kind = EvApp
		}
		st.A = lp.ident("the sending node")
		lp.want(tArrow, "->")
		st.B = lp.ident("the receiving node")
		if st.Kind == EvApp {
			lp.end()
		} else {
			st.Text = lp.rest()
		}
	default:
		lp.fail(t, "expected an event (request, exit, step, deliver, app, crash, recover), found %s", describe(t))
	}
	return st
}

func (lp *lineParser) run(m Meta) Stmt {
	st := &RunStmt{Meta: m}
	if lp.peek() == nil {
		return st
	}
	if !lp.keyword("until") {
		lp.fail(lp.peek(), "expected until or end of line after run, found %s", describe(lp.peek()))
	}
	if lp.keyword("quiet") {
		lp.end()
		st.Until = &Cond{Kind: CondQuiet}
		return st
	}
	n := lp.ident("a node name or quiet")
	if lp.keyword("enters") {
		lp.end()
		st.Until = &Cond{Kind: CondEnters, Node: n}
		return st
	}
	v, val := lp.varValue()
	st.Until = &Cond{Kind: CondVar, Node: n, Var: v, Value: val}
	return st
}

// varValue parses VAR = VALUE (VALUE is the rest of the line).
func (lp *lineParser) varValue() (Ident, string) {
	t := lp.word("enters, or a variable name and = value")
	v := Ident{lp.pos(t), t.text}
	lp.want(tEq, "=")
	val := lp.rest()
	if val == "" {
		lp.fail(nil, "expected a value after =")
	}
	return v, val
}

func (lp *lineParser) expect(m Meta) Stmt {
	st := &ExpectStmt{Meta: m}
	t := lp.word("what to expect: safety, liveness, order, messages, message, no, or a node")
	switch t.text {
	case "safety", "liveness", "order":
		st.Kind, st.Prop = ExpectProp, t.text
		v := lp.word("holds or violated")
		if v.text != "holds" && v.text != "violated" {
			lp.fail(v, "expected holds or violated, found %s", describe(v))
		}
		st.Holds = v.text == "holds"
		lp.end()
		return st
	case "messages":
		st.Kind = ExpectMessages
		lp.want(tEq, "=")
		st.Count = lp.number("the number of algorithm messages sent so far")
		lp.end()
		return st
	case "no", "message":
		st.Kind = ExpectInFlight
		if t.text == "no" {
			st.No = true
			if !lp.keyword("message") {
				lp.fail(lp.peek(), "expected message after expect no, found %s", describe(lp.peek()))
			}
		}
		st.A = lp.ident("the sending node")
		lp.want(tArrow, "->")
		st.B = lp.ident("the receiving node")
		st.Value = lp.rest()
		return st
	}
	lp.k--
	st.A = lp.ident("safety, liveness, order, messages, message, no, or a node name")
	if lp.keyword("enters") {
		if !lp.keyword("before") {
			lp.fail(lp.peek(), "expected before, found %s", describe(lp.peek()))
		}
		st.Kind = ExpectBefore
		st.B = lp.ident("a node name")
		lp.end()
		return st
	}
	st.Kind = ExpectVar
	st.Var, st.Value = lp.varValue()
	return st
}

// schedule parses "schedule {", then one event per line up to a line "}".
func (lp *lineParser) schedule(m Meta) Stmt {
	lp.want(tLBrace, "{ after schedule")
	lp.end()
	st := &ScheduleStmt{Meta: m}
	p := lp.p
	for p.i < len(p.lines) {
		l := &p.lines[p.i]
		p.i++
		if p.skip(l) {
			continue
		}
		if l.toks[0].kind == tRBrace {
			st.Close = p.takeMeta(l, l.toks[0].off+1)
			if len(l.toks) > 1 {
				p.errs.add(Pos{p.file, l.num, l.toks[1].off + 1}, "expected end of line after }, found %s", describe(&l.toks[1]))
			}
			return st
		}
		elp := &lineParser{p: p, l: l}
		if e := elp.scheduleEvent(); e != nil {
			st.Events = append(st.Events, e)
		}
	}
	p.errs.add(m.Pos, "schedule { is not closed: expected a line with } after its events")
	return st
}

func (lp *lineParser) scheduleEvent() (e *EventStmt) {
	first := lp.peek()
	m := lp.p.takeMeta(lp.l, first.off+1)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bail); !ok {
				panic(r)
			}
			e = nil
		}
	}()
	if first.kind != tWord || !isEventWord(first.text) {
		lp.fail(first, "expected an event (request, exit, step, deliver, app, crash) or }, found %s: a schedule holds events only", describe(first))
	}
	return lp.event(m)
}

func isEventWord(s string) bool {
	switch s {
	case "request", "exit", "step", "deliver", "app", "crash", "recover":
		return true
	}
	return false
}

// isKeyword: keywords may not name nodes, since a line's first word
// decides what the line is.
func isKeyword(s string) bool {
	switch s {
	case "algorithm", "nodes", "clock", "requests", "numbers", "app-messages", "crashes",
		"channels", "channel", "voting-set", "run", "hold", "release", "schedule", "expect", "include", "until", "enters",
		"exits", "before", "quiet", "message", "messages", "no", "safety", "liveness", "order",
		"holds", "violated", "recoveries", "recovers":
		return true
	}
	return isEventWord(s)
}

// String renders an event as the canonical line the printer writes.
func (e *EventStmt) String() string {
	var s string
	switch e.Kind {
	case EvDeliver, EvApp:
		s = fmt.Sprintf("%s %s->%s", e.Kind, e.A.Name, e.B.Name)
	default:
		s = e.Kind.String() + " " + e.A.Name
	}
	if e.Text != "" {
		s += " " + e.Text
	}
	return s
}
