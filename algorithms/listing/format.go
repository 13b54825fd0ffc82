package listing

import (
	"strconv"
	"strings"
)

// Format returns f in canonical form: declarations at the left margin,
// blocks indented four columns deeper than their header's statement,
// labels before their statements ("P4: send(...)"), one space around
// operators and after commas, ASCII operators, a blank line before each
// process and handler. Formatting a formatted listing changes nothing.
func Format(f *File) string {
	var w fmtWriter
	if f.Name != "" {
		w.line(0, "", "algorithm "+f.Name, "")
	}
	for i, d := range f.Decls {
		switch d := d.(type) {
		case *Comment:
			if i+1 < len(f.Decls) && isBody(f.Decls[i+1]) && (i == 0 || !isComment(f.Decls[i-1])) {
				w.blank()
			}
			w.line(0, "", "", d.Text)
		case *Servers:
			w.line(0, "", "servers "+strconv.Itoa(d.K), d.Comment)
		case *Option:
			w.line(0, "", d.Name+" "+d.Value, d.Comment)
		case *When:
			if i == 0 || !isComment(f.Decls[i-1]) {
				w.blank()
			}
			w.line(0, "", "when "+ExprString(d.Cond)+":", d.Comment)
			w.block(d.Body, 4)
		case *Message:
			s := "message " + d.Name
			if len(d.Fields) > 0 {
				s += "(" + strings.Join(d.Fields, ", ") + ")"
			}
			w.line(0, "", s, d.Comment)
		case *Var:
			w.line(0, "", "global "+varText(d), d.Comment)
		case *Process:
			if i == 0 || !isComment(f.Decls[i-1]) {
				w.blank()
			}
			w.line(0, "", "process "+d.Name+":", d.Comment)
			w.block(d.Body, 4)
		case *Handler:
			if i == 0 || !isComment(f.Decls[i-1]) {
				w.blank()
			}
			args := append([]string{d.Kind}, d.Source)
			if d.Source == "" {
				args = args[:1]
			}
			if d.Event != "receive" {
				w.line(0, "", "on "+d.Event+":", d.Comment)
			} else {
				w.line(0, "", "on receive("+strings.Join(append(args, d.Args...), ", ")+"):", d.Comment)
			}
			w.block(d.Body, 4)
		}
	}
	return w.String()
}

func isBody(d Decl) bool {
	switch d.(type) {
	case *Process, *Handler, *When:
		return true
	}
	return false
}

func isComment(d Decl) bool { _, ok := d.(*Comment); return ok }

func varText(v *Var) string {
	names := append([]string(nil), v.Names...)
	for i := range names {
		if i < len(v.Array) && v.Array[i] {
			names[i] += "[n]"
		}
	}
	s := v.Type.String() + " " + strings.Join(names, ", ")
	if v.Init != nil {
		s += " = " + ExprString(v.Init)
	}
	return s
}

type fmtWriter struct {
	strings.Builder
	started bool
}

func (w *fmtWriter) blank() {
	if w.started {
		w.WriteByte('\n')
	}
}

// line writes one line: indent, label, statement and comment.
func (w *fmtWriter) line(indent int, label, stmt, comment string) {
	w.started = true
	w.WriteString(strings.Repeat(" ", indent))
	if label != "" {
		w.WriteString(label + ": ")
	}
	w.WriteString(stmt)
	if comment != "" {
		if stmt != "" || label != "" {
			w.WriteString("  ")
		}
		w.WriteString("# " + comment)
	}
	w.WriteByte('\n')
}

// block writes statements whose lines start at column indent+1.
func (w *fmtWriter) block(list []Stmt, indent int) {
	for _, s := range list {
		ln := s.base()
		scol := indent // where the statement itself starts
		if ln.Label != "" {
			scol += len(ln.Label) + 2
		}
		switch s := s.(type) {
		case *CommentStmt:
			w.line(indent, "", "", s.Comment)
		case *Loop:
			w.line(indent, ln.Label, "loop forever:", ln.Comment)
			w.block(s.Body, scol+4)
		case *ForAll:
			w.line(indent, ln.Label, "for all "+s.Range.String()+":", ln.Comment)
			w.block(s.Body, scol+4)
		case *If:
			w.line(indent, ln.Label, "if "+ExprString(s.Cond)+":", ln.Comment)
			w.block(s.Then, scol+4)
			if s.ElsePos != (Pos{}) {
				w.line(scol, "", "else:", "")
				w.block(s.Else, scol+4)
			}
		default:
			w.line(indent, ln.Label, StmtString(s), ln.Comment)
		}
	}
}

// StmtString renders a simple statement on one line (a compound one by
// its header).
func StmtString(s Stmt) string {
	switch s := s.(type) {
	case *Section:
		if s.CS {
			return "CS"
		}
		return "NCS"
	case *Assign:
		if s.Index != nil {
			return s.Name + "[" + ExprString(s.Index) + "] = " + ExprString(s.Value)
		}
		return s.Name + " = " + ExprString(s.Value)
	case *Send:
		args := []string{s.Kind, ExprString(s.To)}
		for _, v := range s.Values {
			args = append(args, ExprString(v))
		}
		return "send(" + strings.Join(args, ", ") + ")"
	case *Receive:
		return "receive(" + strings.Join(append([]string{s.Kind, s.Source}, s.Names...), ", ") + ")"
	case *Await:
		return "await " + ExprString(s.Cond)
	case *Tick:
		return "tick"
	case *SetOp:
		if s.Add {
			return "add " + ExprString(s.Elem) + " to " + s.Set
		}
		return "remove " + ExprString(s.Elem) + " from " + s.Set
	case *Seq:
		parts := make([]string, len(s.List))
		for i, x := range s.List {
			parts[i] = StmtString(x)
		}
		return strings.Join(parts, "; ")
	case *LocalVar:
		return varText(s.Var)
	case *Loop:
		return "loop forever:"
	case *ForAll:
		return "for all " + s.Range.String() + ":"
	case *If:
		return "if " + ExprString(s.Cond) + ":"
	}
	return ""
}

// ExprString renders an expression as the formatter writes it.
func ExprString(e Expr) string {
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *IntLit:
		return strconv.Itoa(e.Value)
	case *BoolLit:
		return strconv.FormatBool(e.Value)
	case *Unary:
		if e.Op == "not" {
			return "not " + ExprString(e.X)
		}
		return "-" + ExprString(e.X)
	case *Binary:
		return ExprString(e.X) + " " + e.Op + " " + ExprString(e.Y)
	case *Paren:
		return "(" + ExprString(e.X) + ")"
	case *Tuple:
		return "(" + exprList(e.Elems) + ")"
	case *Call:
		return e.Name + "(" + exprList(e.Args) + ")"
	case *Index:
		return e.Name + "[" + ExprString(e.Index) + "]"
	case *Quant:
		s := "all "
		if e.Some {
			s = "some "
		}
		return s + e.Range.String() + ": " + ExprString(e.Cond)
	}
	return ""
}

func exprList(list []Expr) string {
	parts := make([]string, len(list))
	for i, x := range list {
		parts[i] = ExprString(x)
	}
	return strings.Join(parts, ", ")
}
