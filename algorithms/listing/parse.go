package listing

import (
	"slices"
	"strconv"
	"strings"
)

// Parse reads a listing. It returns the tree it could build and every
// syntax error (an ErrorList), never panicking on any input.
func Parse(src string) (*File, error) {
	var errs ErrorList
	p := &parser{lines: scan(src, &errs), errs: &errs}
	f := p.file()
	return f, errs.Err()
}

type parser struct {
	lines []line
	i     int
	errs  *ErrorList
	// the line being parsed and the cursor in its tokens
	l   *line
	k   int
	bad bool // an error was reported on this line: skip the rest of it
	// exprEnd is the cursor just after the last expression read: a word
	// there may be a misspelled operator (a adn b)
	exprEnd int
	depth   int   // of the blocks being read, bounded by maxDepth
	ifs     []*If // the ifs whose then-blocks are being read
}

// maxDepth bounds how deep blocks nest, as maxLineTokens bounds an
// expression: the parser, the compiler and a step's loops recurse once a
// level.
const maxDepth = 24

func (p *parser) errorf(pos Pos, format string, args ...any) {
	if !p.bad {
		p.errs.add(pos, format, args...)
	}
	p.bad = true
}

// start makes line i the current one.
func (p *parser) start(i int) {
	// A line cut short was reported: what is missing is no new error.
	p.l, p.k, p.bad, p.exprEnd = &p.lines[i], 0, p.lines[i].cut, -1
}

func (p *parser) peek() tok {
	if p.k < len(p.l.toks) {
		return p.l.toks[p.k]
	}
	return tok{kind: tOp, text: "", pos: Pos{p.l.num, p.l.end}} // just after the line's last character
}

func (p *parser) next() tok { t := p.peek(); p.k++; return t }

func (p *parser) is(text string) bool {
	t := p.peek()
	return t.text == text && (t.kind == tOp || t.kind == tIdent)
}

func (p *parser) accept(text string) bool {
	if p.is(text) {
		p.k++
		return true
	}
	return false
}

func (p *parser) expect(text string) Pos {
	t := p.peek()
	if !p.accept(text) {
		var words []string
		if isWord(text) {
			words = append(words, text)
		}
		p.errorf(t.pos, "expected %q, found %s%s", text, describe(t), p.hint(t, p.afterExpr(words...)...))
	}
	return t.pos
}

// hint is "; did you mean W?" when t is a word that is not a keyword and
// is close to one of words (misspelled or in another letter case: sedn,
// Send, ncs), or "". Words of one letter are taken for names.
func (p *parser) hint(t tok, words ...string) string {
	if w := near(t, words...); w != "" {
		return "; did you mean " + w + "?"
	}
	return ""
}

// near is the word of words t misspells, or "" (see hint).
func near(t tok, words ...string) string {
	if t.kind != tIdent || keywords[t.text] || len(t.text) < 2 {
		return ""
	}
	return nearest(t.text, words)
}

// respell reads the current token as the keyword of words it misspells
// when the line has the shape of that keyword's header (it ends with ":",
// or for loop goes on with forever), after reporting it with msg (which
// ends with "found %s"): the lines of the header's block are then read as
// its block, not each reported as indented too deep.
func (p *parser) respell(msg string, words ...string) {
	t := p.peek()
	w := near(t, words...)
	if w == "" || !(w == "loop" && p.k+1 < len(p.l.toks) && p.l.toks[p.k+1].text == "forever" || endsHeader(p.l)) {
		return
	}
	p.errorf(t.pos, msg+"; did you mean %s?", describe(t), w)
	p.l.toks[p.k].text = w
}

// endsHeader reports whether l's last token is ":", as a header's is.
func endsHeader(l *line) bool {
	return len(l.toks) > 0 && l.toks[len(l.toks)-1].text == ":"
}

// afterExpr adds to words the operators spelled as words that may follow
// an expression, when the cursor is just after one.
func (p *parser) afterExpr(words ...string) []string {
	if p.k == p.exprEnd && p.k > 0 {
		return append(words, "and", "or", "mod")
	}
	return words
}

func isWord(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

func (p *parser) ident(what string) (string, Pos) {
	t := p.peek()
	if t.kind != tIdent || keywords[t.text] {
		p.errorf(t.pos, "expected %s, found %s", what, describe(t))
		return "", t.pos
	}
	p.k++
	return t.text, t.pos
}

// end checks that the line has nothing more.
func (p *parser) end() {
	if t := p.peek(); t.text != "" {
		p.errorf(t.pos, "unexpected %s where the line should end%s", describe(t), p.hint(t, p.afterExpr()...))
	}
}

func describe(t tok) string {
	if t.text == "" {
		return "the end of the line"
	}
	return strconv.Quote(t.text)
}

// keywords cannot name variables.
var keywords = map[string]bool{
	"algorithm": true, "message": true, "global": true, "process": true, "on": true,
	"loop": true, "forever": true, "for": true, "all": true, "other": true, "in": true,
	"if": true, "else": true, "await": true, "send": true, "receive": true, "add": true,
	"remove": true, "to": true, "from": true, "and": true, "or": true, "not": true,
	"true": true, "false": true, "NCS": true, "CS": true, "tick": true, "mod": true,
	"servers": true, "int": true, "bool": true, "node": true, "set": true, "queue": true,
	"kind": true, "when": true,
}

var types = map[string]Type{"int": Int, "bool": Bool, "node": Node, "set": Set, "queue": Queue, "kind": Kind}

// declWords start a declaration; stmtWords start a statement.
var (
	declWords = []string{"algorithm", "servers", "channels", "clocks", "self", "message", "global", "process", "on", "when"}
	stmtWords = []string{"loop", "for", "if", "else", "send", "receive", "await", "add", "remove", "NCS", "CS", "tick",
		"int", "bool", "node", "set", "queue", "kind"}
	typeWords = []string{"int", "bool", "node", "set", "queue", "kind"}
)

const (
	declExpected = "expected algorithm, servers, channels, clocks, self, message, global, process, on or when, found %s"
	stmtExpected = "expected a statement (an assignment, send, receive, await, add, remove, NCS, CS, if, for all, loop forever), found %s"
)

// options are the values each option declaration takes.
var options = map[string]string{"channels": "fifo", "clocks": "ticked", "self": "direct"}

func (p *parser) file() *File {
	f := &File{}
	for p.i < len(p.lines) {
		i := p.i
		p.start(i)
		p.i++
		if p.l.col != p.lines[0].col && len(p.l.toks) > 0 {
			p.errorf(Pos{p.l.num, p.l.col}, "unexpected indentation: declarations start at column %d", p.lines[0].col)
		}
		if p.l.label != "" {
			p.errorf(p.l.labelPos, "step %s outside a process", p.l.label)
		}
		if len(p.l.toks) == 0 {
			f.Decls = append(f.Decls, &Comment{Pos{p.l.num, p.l.hash}, p.l.comment})
			continue
		}
		comment := p.l.comment
		if d := p.decl(f); d != nil {
			switch d := d.(type) {
			case *Message:
				d.Comment = comment
			case *Var:
				d.Comment = comment
			case *Process:
				d.Comment = comment
			case *Handler:
				d.Comment = comment
			case *Servers:
				d.Comment = comment
			case *Option:
				d.Comment = comment
			case *When:
				d.Comment = comment
			}
			f.Decls = append(f.Decls, d)
		}
	}
	if f.Name == "" {
		p.errs.add(Pos{1, 1}, `the listing does not say its name: start it with "algorithm NAME"`)
	}
	return f
}

func (p *parser) decl(f *File) Decl {
	p.respell(declExpected, "process", "on", "when")
	t := p.next()
	switch t.text {
	case "algorithm":
		name := strings.TrimSpace(strings.TrimPrefix(p.l.rest, "algorithm"))
		if !validName(name) {
			p.errorf(t.pos, "algorithm needs a name of letters, digits and dashes, as in \"algorithm ra-v3\"")
		} else if f.Name != "" {
			p.errorf(t.pos, "a second algorithm line (the listing is %s)", f.Name)
		}
		f.Name, f.NamePos = name, t.pos
		p.k = len(p.l.toks)
		return nil
	case "servers":
		k := p.next()
		n, err := strconv.Atoi(k.text)
		if k.kind != tInt || err != nil {
			p.errorf(k.pos, "servers needs a number of nodes, as in servers 1")
		}
		p.end()
		return &Servers{Pos: t.pos, K: n}
	case "channels", "clocks", "self":
		v := p.next()
		if v.text != options[t.text] || v.kind != tIdent {
			p.errorf(v.pos, "expected %s %s, found %s%s", t.text, options[t.text], describe(v), p.hint(v, options[t.text]))
		}
		p.end()
		return &Option{Pos: t.pos, Name: t.text, Value: options[t.text]}
	case "when":
		w := &When{Pos: t.pos, Cond: p.expr()}
		p.expect(":")
		p.end()
		w.Body = p.block(p.l.scol)
		return w
	case "message":
		m := &Message{Pos: t.pos}
		m.Name, _ = p.ident("a message kind")
		if p.accept("(") {
			for !p.bad {
				n, _ := p.ident("a field name")
				m.Fields = append(m.Fields, n)
				if !p.accept(",") {
					break
				}
			}
			p.expect(")")
		}
		p.end()
		return m
	case "global":
		v := p.varDecl(t.pos)
		v.Global = true
		return v
	case "process":
		pr := &Process{Pos: t.pos}
		if n := p.peek(); n.kind == tIdent {
			pr.Name = p.next().text // main, receive: keywords may name processes
		} else {
			p.errorf(n.pos, "expected the process's name, found %s", describe(n))
		}
		p.expect(":")
		p.end()
		pr.Body = p.block(p.l.scol)
		return pr
	case "on":
		h := &Handler{Pos: t.pos, Event: "receive"}
		if p.is("enter") || p.is("exit") || p.is("start") {
			h.Event = p.next().text
			p.expect(":")
			p.end()
			h.Body = p.block(p.l.scol)
			return h
		}
		if t := p.peek(); !p.is("receive") {
			if hint := p.hint(t, "receive", "enter", "exit", "start"); hint != "" {
				p.errorf(t.pos, "expected receive, enter, exit or start, found %s%s", describe(t), hint)
			}
		}
		p.expect("receive")
		p.expect("(")
		h.Kind, h.KindPos = p.ident("a message kind")
		if p.accept(",") {
			h.Source, _ = p.ident("the sender's name")
			for p.accept(",") {
				n, _ := p.ident("a name for a field")
				h.Args = append(h.Args, n)
			}
		}
		p.expect(")")
		p.expect(":")
		p.end()
		h.Body = p.block(p.l.scol)
		return h
	}
	p.errorf(t.pos, declExpected+"%s", describe(t), p.hint(t, declWords...))
	return nil
}

func validName(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// varDecl reads "TYPE name, name [= value]" after "global".
func (p *parser) varDecl(pos Pos) *Var {
	v := &Var{Pos: pos}
	t := p.next()
	v.Type = types[t.text]
	if v.Type == 0 {
		p.errorf(t.pos, "expected a type (int, bool, node, set, queue or kind), found %s%s", describe(t), p.hint(t, typeWords...))
		return v
	}
	for !p.bad {
		n, _ := p.ident("a variable name")
		v.Names = append(v.Names, n)
		if p.is("[") {
			p.next()
			for len(v.Array) < len(v.Names)-1 {
				v.Array = append(v.Array, false)
			}
			v.Array = append(v.Array, true)
			if k := p.next(); k.text != "n" {
				p.errorf(k.pos, "an array has one entry per node: declare it %s[n], found %s", n, describe(k))
			}
			p.expect("]")
		}
		if !p.accept(",") {
			break
		}
	}
	for v.Array != nil && len(v.Array) < len(v.Names) {
		v.Array = append(v.Array, false)
	}
	if p.accept("=") {
		v.Init = p.expr()
		if t := p.peek(); t.text == "," {
			p.errorf(t.pos, `a declaration gives one value, at its end, to all its names ("global int a, b = 0"): declare names that start differently on lines of their own`)
		}
	}
	p.end()
	return v
}

// block reads the lines indented deeper than col: one statement per line
// at the block's own column (that of its first line), with the blocks of
// compound statements deeper still.
func (p *parser) block(col int) []Stmt {
	var out []Stmt
	bcol := 0
	if p.depth++; p.depth > maxDepth {
		if p.i < len(p.lines) && p.lines[p.i].col > col {
			l := p.lines[p.i]
			p.errs.add(Pos{l.num, l.col}, "blocks nested more than %d deep: a step of the seeds nests two or three", maxDepth)
		}
		for p.i < len(p.lines) && p.lines[p.i].col > col {
			p.i++ // the block is skipped, with the blocks inside it
		}
		p.depth--
		return nil
	}
	defer func() { p.depth-- }()
	for p.i < len(p.lines) && p.lines[p.i].col > col {
		i := p.i
		p.start(i)
		p.i++
		if len(p.l.toks) == 0 {
			s := &CommentStmt{}
			s.Pos, s.Comment = Pos{p.l.num, p.l.hash}, p.l.comment
			out = append(out, s)
			continue
		}
		if bcol == 0 {
			bcol = p.l.col
		} else if p.l.tabbed {
			// its tab was reported; where it sits is a guess (see scan)
		} else if p.l.col != bcol && p.l.toks[0].text == "else" {
			if i, ok := lastIf(out); ok {
				// Said once: the else and its block are read as the
				// if's, so that its lines are not misplaced too.
				p.errs.add(Pos{p.l.num, p.l.col}, "else lines up with its if (line %d), at column %d", i.Pos.Line, i.Pos.Col)
				i.ElsePos = p.next().pos
				p.elseIf()
				p.expect(":")
				p.end()
				// Its block is what is deeper than the if, as for an
				// else in its place: the lines after it at the if's
				// column stay the if's neighbours.
				i.Else = p.block(max(p.l.col, i.Pos.Col))
				continue
			} else if k := len(p.ifs); k > 0 && p.ifs[k-1].Else == nil {
				i := p.ifs[k-1] // the else is in the block of its if
				p.errorf(Pos{p.l.num, p.l.col}, "else lines up with its if (line %d), at column %d", i.Pos.Line, i.Pos.Col)
			} else {
				p.errorf(Pos{p.l.num, p.l.col}, "else without an if just above it at the same column")
			}
		} else if p.l.col != bcol {
			p.errorf(Pos{p.l.num, p.l.col}, "this line is indented to column %d, but its block's lines start at column %d", p.l.col, bcol)
		}
		if s := p.stmt(); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// body reads the block of the compound statement (what) on line l: the
// lines that start right of its statement's column. A labelled header
// whose next lines start right of its label but not of its statement (a
// label indented with the code, as in some textbooks: "  P4: send" under
// "P3: for all …") is told once, at the first such line, and those
// lines are read as its block, so that each is not misplaced too.
func (p *parser) body(l *line, what string) []Stmt {
	b := p.block(l.scol)
	if len(b) > 0 || p.i >= len(p.lines) {
		return b
	}
	next := p.lines[p.i]
	if len(next.toks) == 0 || next.col <= l.col || next.col > l.scol {
		return b
	}
	p.errs.add(Pos{next.num, next.col}, "the block of the %q on line %d starts at column %d, but a block's lines, labels included, start right of column %d, where that %q starts (write each label at the line's start and indent what follows it, as the notes do)", what, l.num, next.col, l.scol, what)
	return p.block(l.col)
}

// elseIf reports an "else if", which a listing writes as an else whose
// block is an if.
func (p *parser) elseIf() {
	if t := p.peek(); t.text == "if" {
		p.errorf(t.pos, `a listing has no "else if": write "else:" and the if on the line below it, indented`)
	}
}

// lastIf is the last of a block's statements read so far, if it is an
// if without an else (comments after it aside).
func lastIf(out []Stmt) (*If, bool) {
	for k := len(out) - 1; k >= 0; k-- {
		switch s := out[k].(type) {
		case *CommentStmt:
			continue
		case *If:
			return s, s.Else == nil
		}
		break
	}
	return nil, false
}

// stmt reads the current line's statement (and, for a compound one, its
// block).
func (p *parser) stmt() Stmt {
	l := p.l
	ln := Line{Pos: l.toks[0].pos, Label: l.label, LabelPos: l.labelPos, Comment: l.comment}
	col := l.scol
	p.respell(stmtExpected, "loop", "for", "if", "else")
	t := p.peek()
	switch t.text {
	case "loop":
		p.next()
		p.expect("forever")
		p.accept(":")
		p.end()
		return &Loop{Line: ln, Body: p.body(l, "loop forever")}
	case "for":
		p.next()
		p.expect("all")
		s := &ForAll{Line: ln, Range: p.nodeRange("the loop's variable")}
		p.expect(":")
		p.end()
		s.Body = p.body(l, "for all")
		return s
	case "if":
		p.next()
		s := &If{Line: ln, Cond: p.expr()}
		p.expect(":")
		p.end()
		p.ifs = append(p.ifs, s)
		s.Then = p.body(l, "if")
		p.ifs = p.ifs[:len(p.ifs)-1]
		// Comments between the then-block and its else end the block
		// (they sit at the else's column): they are kept in it.
		j := p.i
		for j < len(p.lines) && len(p.lines[j].toks) == 0 {
			j++
		}
		if j > p.i && j < len(p.lines) && p.lines[j].toks[0].text == "else" {
			for ; p.i < j; p.i++ {
				s.Then = append(s.Then, &CommentStmt{Line: Line{Pos: Pos{p.lines[p.i].num, p.lines[p.i].hash}, Comment: p.lines[p.i].comment}})
			}
		}
		if p.i < len(p.lines) && (p.lines[p.i].col == col || p.lines[p.i].col == l.col) && len(p.lines[p.i].toks) > 0 &&
			(p.lines[p.i].toks[0].text == "else" || near(p.lines[p.i].toks[0], "else") != "" && endsHeader(&p.lines[p.i])) {
			p.start(p.i)
			p.i++
			p.respell(stmtExpected, "else")
			s.ElsePos = p.next().pos
			if p.l.label != "" {
				p.errorf(p.l.labelPos, "a label before else: label the statements in its block")
			}
			p.elseIf()
			p.expect(":")
			p.end()
			s.Else = p.body(l, "if")
		}
		return s
	case "else":
		p.errorf(t.pos, "else without an if just above it at the same column")
		return nil
	}
	if _, ok := types[t.text]; ok && t.kind == tIdent {
		return &LocalVar{Line: ln, Var: p.varDecl(t.pos)}
	}
	first := p.simple(ln)
	if !p.is(";") {
		p.end()
		return first
	}
	seq := &Seq{Line: ln, List: []Stmt{first}}
	for p.accept(";") && !p.bad {
		t := p.peek()
		if t.text == "" {
			p.errorf(t.pos, `nothing after ";", which joins the statements of one step: drop it`)
			break
		}
		seq.List = append(seq.List, p.simple(Line{Pos: t.pos}))
	}
	p.end()
	return seq
}

// simple reads one simple statement.
func (p *parser) simple(ln Line) Stmt {
	t := p.next()
	switch t.text {
	case "NCS", "CS":
		return &Section{Line: ln, CS: t.text == "CS"}
	case "tick":
		return &Tick{Line: ln}
	case "await":
		return &Await{Line: ln, Cond: p.expr()}
	case "send":
		s := &Send{Line: ln}
		p.expect("(")
		s.Kind, s.KindPos = p.ident("a message kind")
		p.expect(",")
		s.To = p.expr()
		for p.accept(",") && !p.bad {
			s.Values = append(s.Values, p.expr())
		}
		p.expect(")")
		return s
	case "receive":
		s := &Receive{Line: ln}
		p.expect("(")
		s.Kind, s.KindPos = p.ident("a message kind")
		p.expect(",")
		s.Source, _ = p.ident("a variable for the sender")
		for p.accept(",") && !p.bad {
			n, _ := p.ident("a variable for a field")
			s.Names = append(s.Names, n)
		}
		p.expect(")")
		return s
	case "add", "remove":
		s := &SetOp{Line: ln, Add: t.text == "add"}
		s.Elem = p.expr()
		if s.Add {
			p.expect("to")
		} else {
			p.expect("from")
		}
		s.Set, _ = p.ident("a set")
		return s
	}
	if t.kind == tIdent && !keywords[t.text] && (p.is("=") || p.is("[")) {
		a := &Assign{Line: ln, Name: t.text}
		if p.accept("[") {
			a.Index = p.expr()
			p.expect("]")
		}
		p.expect("=")
		a.Value = p.expr()
		if c := p.peek(); c.text == "," {
			p.errorf(c.pos, `statements of one step are joined with ";", as in "%s = ...; ..."`, a.Name)
		}
		return a
	}
	if p.k == 1 && t.kind == tIdent && isLabel(t.text) {
		p.errorf(t.pos, `a step label ends with ":": write "%s: ..."`, t.text)
		return &CommentStmt{Line: ln}
	}
	if p.k == 1 && t.kind == tIdent && p.is(":") && strings.ContainsAny(t.text, "0123456789") {
		p.errorf(t.pos, "%s is not a step label: a label is a capital P, a number and an optional small letter (%s:)", t.text, labelFor(t.text))
		return &CommentStmt{Line: ln}
	}
	p.errorf(t.pos, stmtExpected+"%s", describe(t), p.hint(t, stmtWords...))
	return &CommentStmt{Line: ln}
}

// labelFor is the step label that s, written as a label but not one
// (p6a, P6A), likely means, or two examples.
func labelFor(s string) string {
	if l := "P" + strings.ToLower(s[1:]); (s[0] == 'p' || s[0] == 'P') && isLabel(l) {
		return l
	}
	return "P6:, P6a"
}

// Expressions, loosest first: or, and, not, comparisons, + and -, *,
// unary minus, operands.

func (p *parser) expr() Expr {
	x := p.left(p.and, "or")
	p.exprEnd = p.k
	return x
}

func (p *parser) and() Expr { return p.left(p.not, "and") }

// left reads operands of the next tighter level joined by any of ops,
// grouping to the left: a - b - c is (a - b) - c.
func (p *parser) left(operand func() Expr, ops ...string) Expr {
	x := operand()
	for {
		t := p.peek()
		if t.text == "" || !slices.Contains(ops, t.text) {
			return x
		}
		p.next()
		x = &Binary{Pos: t.pos, Op: t.text, X: x, Y: operand()}
	}
}

func (p *parser) not() Expr {
	if p.is("not") {
		pos := p.next().pos
		return &Unary{Pos: pos, Op: "not", X: p.not()}
	}
	return p.cmp()
}

var cmpOps = map[string]bool{"=": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true, "<<": true, "in": true}

func (p *parser) cmp() Expr {
	x := p.sum()
	if t := p.peek(); cmpOps[t.text] {
		p.next()
		x = &Binary{Pos: t.pos, Op: t.text, X: x, Y: p.sum()}
		if t2 := p.peek(); cmpOps[t2.text] {
			p.errorf(t2.pos, "comparisons do not chain: write (a %s b) and (b %s c)", t.text, t2.text)
		}
	}
	return x
}

func (p *parser) sum() Expr { return p.left(p.prod, "+", "-") }

func (p *parser) prod() Expr { return p.left(p.unary, "*", "mod") }

func (p *parser) unary() Expr {
	if p.is("-") {
		pos := p.next().pos
		return &Unary{Pos: pos, Op: "-", X: p.unary()}
	}
	return p.operand()
}

func (p *parser) operand() Expr {
	t := p.next()
	switch {
	case t.kind == tInt:
		n, _ := strconv.Atoi(t.text)
		return &IntLit{Pos: t.pos, Value: n}
	case t.text == "true" || t.text == "false":
		return &BoolLit{Pos: t.pos, Value: t.text == "true"}
	case t.text == "all" || t.text == "some" && p.quantifies():
		return p.quant(t)
	case t.kind == tIdent && (!keywords[t.text] || t.text == "tick" && p.is("(")):
		if p.accept("[") {
			x := &Index{Pos: t.pos, Name: t.text, Index: p.expr()}
			p.expect("]")
			return x
		}
		if !p.is("(") {
			return &Ident{Pos: t.pos, Name: t.text}
		}
		p.next()
		c := &Call{Pos: t.pos, Name: t.text}
		for !p.is(")") && !p.bad {
			c.Args = append(c.Args, p.expr())
			if !p.accept(",") {
				break
			}
		}
		p.expect(")")
		return c
	case t.text == "(":
		x := p.expr()
		if !p.is(",") {
			p.expect(")")
			return &Paren{Pos: t.pos, X: x}
		}
		tu := &Tuple{Pos: t.pos, Elems: []Expr{x}}
		for p.accept(",") && !p.bad {
			tu.Elems = append(tu.Elems, p.expr())
		}
		p.expect(")")
		return tu
	}
	p.errorf(t.pos, "expected a value, found %s", describe(t))
	return &IntLit{Pos: t.pos}
}

// quantifies reports whether "some" starts a quantifier: the word after
// it names the variable ("some j: ...", "some other node j: ...") rather
// than going on with "some" as a variable ("some and x").
func (p *parser) quantifies() bool {
	t := p.peek()
	return t.kind == tIdent && (!keywords[t.text] || t.text == "other" || t.text == "node")
}

// quant reads "all [other] [node] j [in S]: cond" after all or some.
// nodeRange parses "[other] [node] j" or "j in S" (see Range); what
// names the variable in an error.
func (p *parser) nodeRange(what string) Range {
	var r Range
	r.Other = p.accept("other")
	if p.is("node") || p.is("Node") {
		p.next()
	}
	v := p.peek()
	r.Var, _ = p.ident(what)
	// "othr node j", "other nod j": a word too many, the first misspelled
	if t := p.peek(); t.kind == tIdent && (!keywords[t.text] || t.text == "node") && !p.bad {
		words, say := []string{"other", "node"}, "other, node or "+what
		if r.Other {
			words, say = words[1:], "node or "+what
		}
		if hint := p.hint(v, words...); hint != "" {
			p.errorf(v.pos, "expected %s, found %s before %s%s", say, describe(v), describe(t), hint)
		}
	}
	if !r.Other && p.accept("in") {
		r.Set, _ = p.ident("a set")
	}
	return r
}

func (p *parser) quant(t tok) Expr {
	q := &Quant{Pos: t.pos, Some: t.text == "some", Range: p.nodeRange("the variable that goes through the nodes")}
	p.expect(":")
	q.Cond = p.expr()
	return q
}
