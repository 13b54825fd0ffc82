package scenario

import (
	"fmt"
	"strconv"
)

// Parse reads a scenario's syntax. It reports every syntax error it can
// find (one per line at most: after an error the rest of the line is
// skipped) as an ErrorList, and never panics. It does not look at the
// algorithm or the node names: Check does.
func Parse(filename string, src []byte) (*File, error) {
	p := &parser{file: filename, lines: scanLines(string(src))}
	f := &File{Name: filename}
	for p.i < len(p.lines) {
		l := &p.lines[p.i]
		p.i++
		if p.skip(l) {
			continue
		}
		lp := &lineParser{p: p, l: l}
		if s := lp.statement(); s != nil {
			f.Stmts = append(f.Stmts, s)
		}
	}
	f.Tail = trimTrailingBlanks(p.lead)
	if len(f.Stmts) == 0 {
		f.Tail = trimBlanks(f.Tail)
	} else {
		m := f.Stmts[0].meta()
		m.Lead = trimLeadingBlanks(m.Lead)
	}
	p.errs.sort()
	if len(p.errs) > 0 {
		return f, p.errs
	}
	return f, nil
}

type parser struct {
	file  string
	lines []srcLine
	i     int
	errs  ErrorList
	lead  []string // comment and blank lines waiting for their statement
}

// skip collects blank and comment-only lines into the pending lead and
// reports whether l was one.
func (p *parser) skip(l *srcLine) bool {
	if l.code != "" {
		return false
	}
	if l.comment == "" {
		if len(p.lead) > 0 && p.lead[len(p.lead)-1] == "" {
			return true
		}
		p.lead = append(p.lead, "")
		return true
	}
	p.lead = append(p.lead, l.comment)
	return true
}

// takeMeta hands the pending lead to the statement starting on l.
func (p *parser) takeMeta(l *srcLine, col int) Meta {
	m := Meta{Pos: Pos{p.file, l.num, col}, Lead: p.lead, Comment: l.comment}
	p.lead = nil
	return m
}

// trimBlanks drops blank lines at the start (of the file) and the end.
func trimBlanks(lead []string) []string {
	return trimTrailingBlanks(trimLeadingBlanks(lead))
}

func trimLeadingBlanks(lead []string) []string {
	for len(lead) > 0 && lead[0] == "" {
		lead = lead[1:]
	}
	if len(lead) == 0 {
		return nil
	}
	return lead
}

func trimTrailingBlanks(lead []string) []string {
	for len(lead) > 0 && lead[len(lead)-1] == "" {
		lead = lead[:len(lead)-1]
	}
	if len(lead) == 0 {
		return nil
	}
	return lead
}

// lineParser parses the tokens of one line.
type lineParser struct {
	p *parser
	l *srcLine
	k int
}

// bail is returned by the helpers after an error has been recorded; the
// statement is then dropped.
type bail struct{}

func (lp *lineParser) pos(t *token) Pos {
	if t == nil {
		return Pos{lp.p.file, lp.l.num, len(lp.l.code) + 1}
	}
	return Pos{lp.p.file, lp.l.num, t.off + 1}
}

func (lp *lineParser) peek() *token {
	if lp.k < len(lp.l.toks) {
		return &lp.l.toks[lp.k]
	}
	return nil
}

func (lp *lineParser) fail(t *token, format string, args ...any) {
	lp.p.errs.add(lp.pos(t), format, args...)
	panic(bail{})
}

func describe(t *token) string {
	if t == nil {
		return "end of line"
	}
	if t.kind == tWord || t.kind == tInt {
		return strconv.Quote(t.text)
	}
	return t.text
}

// want takes the next token, which must be of kind k; what says what was
// expected, for the error.
func (lp *lineParser) want(k tokKind, what string) *token {
	t := lp.peek()
	if t == nil || t.kind != k {
		lp.fail(t, "expected %s, found %s", what, describe(t))
	}
	lp.k++
	return t
}

func (lp *lineParser) word(what string) *token { return lp.want(tWord, what) }

// keyword takes the next token if it is the word w.
func (lp *lineParser) keyword(w string) bool {
	if t := lp.peek(); t != nil && t.kind == tWord && t.text == w {
		lp.k++
		return true
	}
	return false
}

func (lp *lineParser) ident(what string) Ident {
	t := lp.word(what)
	if !isName(t.text) {
		lp.fail(t, "%q is not a node name (a letter first, then letters, digits or _)", t.text)
	}
	return Ident{lp.pos(t), t.text}
}

func (lp *lineParser) number(what string) int {
	t := lp.want(tInt, what)
	v, err := strconv.Atoi(t.text)
	if err != nil || v > 1_000_000_000 {
		lp.fail(t, "%s is too large", t.text)
	}
	return v
}

func (lp *lineParser) end() {
	if t := lp.peek(); t != nil {
		lp.fail(t, "expected end of line, found %s", describe(t))
	}
}

// rest returns the raw text from the next token to the end of the line,
// white space collapsed, and consumes it.
func (lp *lineParser) rest() string {
	t := lp.peek()
	if t == nil {
		return ""
	}
	lp.k = len(lp.l.toks)
	return collapse(lp.l.code[t.off:])
}

const statementHelp = "a setting (algorithm, nodes, clock, requests, numbers, app-messages, crashes, channels, voting-set), an event (request, exit, step, deliver, app, crash), run, schedule or expect"

// statement parses the statement starting on lp.l (for schedule, the
// block's following lines too).
func (lp *lineParser) statement() (s Stmt) {
	first := lp.peek()
	m := lp.p.takeMeta(lp.l, first.off+1)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bail); !ok {
				panic(r)
			}
			s = nil
		}
	}()
	if first.kind != tWord {
		if first.kind == tRBrace {
			lp.fail(first, "} without a schedule { to close")
		}
		lp.fail(first, "expected a statement: %s; found %s", statementHelp, describe(first))
	}
	lp.k++
	switch first.text {
	case "algorithm":
		t := lp.word("an algorithm name (see dmelab list)")
		lp.end()
		return &AlgorithmStmt{m, Ident{lp.pos(t), t.text}}
	case "nodes":
		st := &NodesStmt{Meta: m}
		for lp.peek() != nil {
			st.Names = append(st.Names, lp.ident("a node name"))
		}
		if len(st.Names) == 0 {
			lp.fail(nil, "expected node names after nodes, e.g. nodes N1 N2 N3")
		}
		return st
	case "clock":
		n := lp.ident("a node name")
		lp.want(tEq, "=")
		v := lp.number("the initial Lamport clock (a number)")
		lp.end()
		return &ClockStmt{m, n, v}
	case "requests":
		st := &RequestsStmt{Meta: m}
		if t := lp.peek(); t != nil && t.kind == tWord {
			n := lp.ident("a node name")
			st.Node = &n
			lp.want(tEq, "=")
		}
		st.Count = lp.number("how many times the application calls enter() (a number)")
		lp.end()
		return st
	case "numbers", "app-messages", "crashes":
		v := lp.number("a number")
		lp.end()
		return &OptionStmt{m, first.text, v}
	case "channels":
		t := lp.word("fifo or unordered")
		if t.text != "fifo" && t.text != "unordered" {
			lp.fail(t, "expected fifo or unordered, found %s", describe(t))
		}
		lp.end()
		return &ChannelsStmt{m, t.text == "fifo"}
	case "voting-set":
		return lp.votingSet(m)
	case "request", "exit", "step", "deliver", "app", "crash":
		lp.k--
		return lp.event(m)
	case "run":
		return lp.run(m)
	case "schedule":
		return lp.schedule(m)
	case "expect":
		return lp.expect(m)
	case "include":
		lp.fail(first, "include is not supported: write the preamble into the file")
	}
	// NODE requests / exits / crashes: the friendlier spelling of an event.
	if t := lp.peek(); t != nil && t.kind == tWord && isName(first.text) {
		kinds := map[string]EventKind{"requests": EvRequest, "exits": EvExit, "crashes": EvCrash}
		if k, ok := kinds[t.text]; ok {
			lp.k++
			lp.end()
			return &EventStmt{Meta: m, Kind: k, A: Ident{lp.pos(first), first.text}}
		}
	}
	lp.fail(first, "unknown statement %s; expected %s", describe(first), statementHelp)
	return nil
}

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
// app A->B | crash A.
func (lp *lineParser) event(m Meta) *EventStmt {
	t := lp.word("an event")
	st := &EventStmt{Meta: m}
	switch t.text {
	case "request", "exit", "crash":
		st.Kind = map[string]EventKind{"request": EvRequest, "exit": EvExit, "crash": EvCrash}[t.text]
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
		lp.fail(t, "expected an event (request, exit, step, deliver, app, crash), found %s", describe(t))
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
	case "request", "exit", "step", "deliver", "app", "crash":
		return true
	}
	return false
}

// isKeyword: keywords may not name nodes, since a line's first word
// decides what the line is.
func isKeyword(s string) bool {
	switch s {
	case "algorithm", "nodes", "clock", "requests", "numbers", "app-messages", "crashes",
		"channels", "voting-set", "run", "schedule", "expect", "include", "until", "enters",
		"exits", "before", "quiet", "message", "messages", "no", "safety", "liveness", "order",
		"holds", "violated":
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
