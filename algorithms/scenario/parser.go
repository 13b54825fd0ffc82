package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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
		} else if t := l.toks[0]; t.kind == tWord {
			if f.broken == nil {
				f.broken = map[string]bool{}
			}
			f.broken[t.text] = true
			if w, ok := closest(t.text, statementWords); ok {
				f.broken[w] = true // "node N1 N2" is the nodes line, misspelled
			}
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
	// A character no statement uses: as is when it prints, else quoted
	// as Go writes it ('\x1b', '\x00', '\xff' for a byte that is not
	// UTF-8), never raw (a terminal would act on it).
	if r, size := utf8.DecodeRuneInString(t.text); r == utf8.RuneError && size == 1 {
		return fmt.Sprintf(`'\x%02x'`, t.text[0])
	} else if odd(r) {
		return strconv.QuoteRune(r)
	}
	return t.text
}

// want takes the next token, which must be of kind k; what says what was
// expected, for the error.
func (lp *lineParser) want(k tokKind, what string) *token {
	t := lp.peek()
	if t == nil || t.kind != k {
		if t != nil && (t.kind == tWord || t.kind == tInt) && (k == tEq || k == tArrow) {
			lp.fail(t, "missing %s before %s: write %q", what, describe(t), lp.inserted(t, what))
		}
		lp.fail(t, "expected %s, found %s", what, describe(t))
	}
	lp.k++
	return t
}

// inserted is the line with s inserted before t: what the student
// probably meant when s is missing there.
func (lp *lineParser) inserted(t *token, s string) string {
	before := strings.TrimRight(lp.l.code[:t.off], " \t")
	if s == "->" {
		return collapse(before + s + lp.l.code[t.off:])
	}
	return collapse(before + " " + s + " " + lp.l.code[t.off:])
}

// replaced is the line with t replaced by s.
func (lp *lineParser) replaced(t *token, s string) string {
	return collapse(lp.l.code[:t.off] + s + lp.l.code[t.off+len(t.text):])
}

// line is the whole line, spaces collapsed.
func (lp *lineParser) line() string { return collapse(lp.l.code) }

// upTo is the line up to and including the tokens taken so far.
func (lp *lineParser) upTo() string {
	if lp.k == 0 {
		return ""
	}
	t := lp.l.toks[lp.k-1]
	return collapse(lp.l.code[:t.off+len(t.text)])
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
	if lp.peek() == nil && lp.k > 0 {
		example := lp.upTo() + " N1"
		if lp.l.toks[lp.k-1].kind == tArrow {
			example = lp.upTo() + "N2"
		}
		lp.fail(nil, "expected %s after %q, e.g. %q", what, lp.upTo(), example)
	}
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

const statementHelp = "a setting (algorithm, nodes, clock, requests, numbers, app-messages, crashes, recoveries, channels, channel, voting-set), include, an event (request, exit, step, deliver, app, crash, recover), run, hold, release, schedule or expect"

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
		lp.fail(first, "a line starts with the word of a statement: %s; found %s", statementHelp, describe(first))
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
	case "numbers", "app-messages", "crashes", "recoveries":
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
	case "channel":
		st := &ChannelStmt{Meta: m}
		st.A = lp.ident("the sending node")
		lp.want(tArrow, "->")
		st.B = lp.ident("the receiving node")
		t := lp.word("fifo or unordered")
		if t.text != "fifo" && t.text != "unordered" {
			lp.fail(t, "expected fifo or unordered, found %s", describe(t))
		}
		lp.end()
		st.FIFO = t.text == "fifo"
		return st
	case "voting-set":
		return lp.votingSet(m)
	case "request", "exit", "step", "deliver", "app", "crash", "recover":
		lp.k--
		return lp.event(m)
	case "run":
		return lp.run(m)
	case "hold", "release":
		st := &HoldStmt{Meta: m, Release: first.text == "release"}
		st.A = lp.ident("the sending node")
		lp.want(tArrow, "->")
		st.B = lp.ident("the receiving node")
		st.TextPos = lp.pos(lp.peek())
		st.Text = lp.rest()
		return st
	case "schedule":
		return lp.schedule(m)
	case "expect":
		return lp.expect(m)
	case "include":
		t := lp.peek()
		path := lp.rest()
		if path == "" {
			lp.fail(nil, "expected the file to include, e.g. include preamble.scn")
		}
		if strings.ContainsAny(path, "\"'") {
			lp.fail(t, "write the file name without quotes, e.g. include preamble.scn")
		}
		return &IncludeStmt{m, path}
	}
	// NODE requests / exits / crashes: the friendlier spelling of an event.
	if t := lp.peek(); t != nil && t.kind == tWord && isName(first.text) {
		kinds := map[string]EventKind{"requests": EvRequest, "exits": EvExit, "crashes": EvCrash, "recovers": EvRecover}
		if k, ok := kinds[t.text]; ok {
			lp.k++
			lp.end()
			return &EventStmt{Meta: m, Kind: k, A: Ident{lp.pos(first), first.text}}
		}
	}
	lp.unknownStatement(first)
	return nil
}

// unknownStatement reports a line whose first word is no statement, saying
// what the student probably meant.
func (lp *lineParser) unknownStatement(first *token) {
	if w, ok := closest(first.text, statementWords); ok {
		lp.fail(first, "unknown statement %s: did you mean %q?", describe(first), lp.replaced(first, w))
	}
	// NODE VERB: the node-first spellings of events, and conditions
	// written as if they were events.
	if t := lp.peek(); t != nil && t.kind == tWord && isName(first.text) && !isKeyword(first.text) {
		n := first.text
		if t.text == "enters" || t.text == "enter" || t.text == "in" {
			lp.fail(first, "%q is a condition, not an event: write \"run until %s enters\" to run until %s is in the critical section, or \"expect %s phase = in-cs\" to check that it is", collapse(lp.l.code), n, n, n)
		}
		if w, ok := closest(t.text, []string{"requests", "exits", "crashes", "recovers"}); ok {
			lp.fail(t, "did you mean \"%s %s\" (or \"%s %s\")?", n, w, strings.TrimSuffix(w, "s"), n)
		}
		if w, ok := closest(t.text, []string{"request", "exit", "crash", "recover"}); ok {
			lp.fail(t, "did you mean \"%s %s\" (or \"%ss %s\")?", w, n, w, n)
		}
	}
	lp.fail(first, "unknown statement %s; a line starts with %s", describe(first), statementHelp)
}
