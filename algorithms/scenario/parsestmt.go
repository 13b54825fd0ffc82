package scenario

import (
	"fmt"
	"strings"
)

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
			lp.fail(nil, "\"step %s\" needs the step's words as the trace writes them, e.g. \"step %s P2\" (the beginning is enough when only one step begins so); or write \"run\" to let the default policy take the steps", st.A.Name, st.A.Name)
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
			st.TextPos = lp.pos(lp.peek())
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
	if t := lp.peek(); !lp.keyword("until") {
		if t.kind == tWord && editDistance(t.text, "until") <= 2 {
			lp.fail(t, "did you mean %q?", lp.replaced(t, "until"))
		}
		lp.fail(t, "run takes nothing, or until and a condition: write \"run\" (until nothing is left to do), or %s", condForms("run until", "N1"))
	}
	if lp.peek() == nil {
		lp.fail(nil, "\"run until\" needs a condition: %s", condForms("run until", "N1"))
	}
	if lp.keyword("quiet") {
		lp.end()
		st.Until = &Cond{Kind: CondQuiet}
		return st
	}
	if t := lp.peek(); t.kind == tWord && t.text != "quiet" && editDistance(t.text, "quiet") <= 1 {
		lp.fail(t, "did you mean %q?", lp.replaced(t, "quiet"))
	}
	n := lp.ident("a node name or quiet")
	if lp.keyword("enters") {
		lp.end()
		st.Until = &Cond{Kind: CondEnters, Node: n}
		return st
	}
	v, val := lp.varValue("run until", n)
	st.Until = &Cond{Kind: CondVar, Node: n, Var: v, Value: val}
	return st
}

// condForms lists the conditions "run until" takes, for node n.
func condForms(prefix, n string) string {
	return fmt.Sprintf("\"%s %s enters\", \"%s %s phase = in-cs\" (or any variable = value) or \"%s quiet\"", prefix, n, prefix, n, prefix)
}

// aboutCS reports whether the rest of the line speaks of the critical
// section ("in CS", "in the critical section").
func (lp *lineParser) aboutCS() bool {
	for _, t := range lp.l.toks[lp.k:] {
		switch strings.ToLower(t.text) {
		case "cs", "critical", "in-cs", "incs":
			return true
		}
	}
	return false
}

// varValue parses VAR = VALUE (VALUE is the rest of the line) after
// "run until NODE" or "expect NODE" (ctx names which).
func (lp *lineParser) varValue(ctx string, n Ident) (Ident, string) {
	t := lp.peek()
	if t == nil {
		if ctx == "expect" {
			lp.fail(nil, "\"expect %s\" needs more: \"expect %s enters before N2\", or a variable and its value such as \"expect %s phase = in-cs\"", n.Name, n.Name, n.Name)
		}
		lp.fail(nil, "\"run until %s\" needs more: \"run until %s enters\", or a variable and its value such as \"run until %s phase = in-cs\"", n.Name, n.Name, n.Name)
	}
	if t.kind != tWord {
		lp.fail(t, "expected a variable name before %s, e.g. \"%s %s phase = in-cs\"", describe(t), ctx, n.Name)
	}
	next := lp.k + 1
	if next >= len(lp.l.toks) || lp.l.toks[next].kind != tEq {
		// Not VAR = VALUE: say what the student probably meant.
		switch {
		case t.text == "phase" && next < len(lp.l.toks):
			lp.fail(&lp.l.toks[next], "missing = before %s: write %q (phase is one of %s)", describe(&lp.l.toks[next]), lp.inserted(&lp.l.toks[next], "="), phaseValues)
		case lp.aboutCS() && ctx == "expect":
			lp.fail(t, "to expect %s in the critical section, write \"expect %s phase = in-cs\"", n.Name, n.Name)
		case lp.aboutCS():
			lp.fail(t, "to run until %s is in the critical section, write \"run until %s enters\"", n.Name, n.Name)
		case editDistance(t.text, "enters") <= 2 || t.text == "entered":
			lp.fail(t, "did you mean %q?", lp.replaced(t, "enters"))
		case next < len(lp.l.toks):
			u := &lp.l.toks[next]
			if u.kind == tWord || u.kind == tInt {
				lp.fail(u, "missing = before %s: write %q", describe(u), lp.inserted(u, "="))
			}
			lp.fail(u, "expected = after %s, e.g. \"%s %s %s = VALUE\"", t.text, ctx, n.Name, t.text)
		default:
			if ctx == "expect" {
				lp.fail(nil, "\"%s\" needs = and the value, e.g. \"%s = VALUE\"", lp.line(), lp.line())
			}
			lp.fail(nil, "\"%s\" needs = and the value, e.g. \"%s = VALUE\"; or write %s", lp.line(), lp.line(), condForms(ctx, n.Name))
		}
	}
	lp.k++
	v := Ident{lp.pos(t), t.text}
	lp.want(tEq, "=")
	val := lp.rest()
	if val == "" {
		if v.Name == "phase" {
			lp.fail(nil, "expected the value after =: phase is one of %s", phaseValues)
		}
		lp.fail(nil, "expected the value after =, e.g. \"%s %s %s = VALUE\"", ctx, n.Name, v.Name)
	}
	return v, val
}

func (lp *lineParser) expect(m Meta) Stmt {
	st := &ExpectStmt{Meta: m}
	if lp.peek() == nil {
		lp.fail(nil, "\"expect\" needs what to expect, e.g. \"expect safety holds\", \"expect N1 phase = in-cs\", \"expect N1 enters before N2\", \"expect messages = 4\" or \"expect message N1->N2 reply\"")
	}
	t := lp.word("what to expect: safety, liveness, order, messages, message, no, or a node")
	if !isKeyword(t.text) {
		// A misspelled property: expect saftey holds.
		if u := lp.peek(); u != nil && u.kind == tWord {
			if _, ok := closest(u.text, []string{"holds", "violated"}); ok || u.text == "holds" || u.text == "violated" {
				if w, ok := closest(t.text, []string{"safety", "liveness", "order"}); ok {
					lp.fail(t, "did you mean %q?", lp.replaced(t, w))
				}
			}
		}
		if w, ok := closest(t.text, []string{"messages", "message"}); ok {
			lp.fail(t, "did you mean %q?", lp.replaced(t, w))
		}
	}
	switch t.text {
	case "safety", "liveness", "order":
		st.Kind, st.Prop = ExpectProp, t.text
		v := lp.peek()
		if v == nil || v.kind != tWord || v.text != "holds" && v.text != "violated" {
			if v != nil && v.kind == tWord {
				if w, ok := closest(v.text, []string{"holds", "violated"}); ok {
					lp.fail(v, "did you mean %q?", lp.replaced(v, w))
				}
			}
			lp.fail(v, "expected holds or violated, found %s: write \"expect %s holds\" or \"expect %s violated\"", describe(v), t.text, t.text)
		}
		lp.k++
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
				if u := lp.peek(); u != nil {
					lp.fail(u, "missing message: write %q", lp.inserted(u, "message"))
				}
				lp.fail(nil, "expected message after expect no, e.g. \"expect no message N1->N2\"")
			}
		}
		st.A = lp.ident("the sending node")
		lp.want(tArrow, "->")
		st.B = lp.ident("the receiving node")
		st.ValuePos = lp.pos(lp.peek())
		st.Value = lp.rest()
		return st
	}
	lp.k--
	st.A = lp.ident("safety, liveness, order, messages, message, no, or a node name")
	if lp.keyword("enters") {
		if !lp.keyword("before") {
			if u := lp.peek(); u != nil && u.kind == tWord && isName(u.text) && !isKeyword(u.text) {
				lp.fail(u, "missing before: write %q", lp.inserted(u, "before"))
			}
			lp.fail(lp.peek(), "\"expect %s enters\" needs another node: write \"expect %s enters before N2\" (%s enters the critical section before N2 does), or \"expect %s phase = in-cs\" (%s is in it now)", st.A.Name, st.A.Name, st.A.Name, st.A.Name, st.A.Name)
		}
		st.Kind = ExpectBefore
		st.B = lp.ident("a node name")
		lp.end()
		return st
	}
	st.Kind = ExpectVar
	st.Var, st.Value = lp.varValue("expect", st.A)
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
		if first.kind == tWord {
			if w, ok := closest(first.text, []string{"request", "exit", "step", "deliver", "app", "crash", "recover"}); ok {
				lp.fail(first, "unknown event %s: did you mean %q?", describe(first), lp.replaced(first, w))
			}
		}
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
