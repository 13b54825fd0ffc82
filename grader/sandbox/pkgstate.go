package sandbox

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"

	"dmelab/grader/report"
)

// StateOutsideNode finds the package variables a Go submission writes
// from its functions: state kept outside the node's variables, which the
// statements forbid. The harness may run any call on a fresh instance of
// the code and remembers each answer by its request, so such a variable
// holds what some other run left there, or nothing: the code's answers
// then differ from run to run, and the feedback shows steps that seem
// impossible ("highestNum = 2 (highestNum was 0, requestedNum = 1)").
// Said with the feedback of a grading that failed something, the student
// knows where to look; a cache of values worked out from the inputs
// alone is harmless, and the message says so.
//
// It is a reading of the source alone (go/parser's identifier
// resolution, no type checking): a write is an assignment to the
// variable, to an element or a field of it, ++ or --, or delete or clear
// of it, in any function but init (which sets up what every instance
// starts with). A method called on the variable is not counted: its
// receiver may not change. A file that does not parse has nothing to
// say here (the compiler says why). One problem for each variable, at
// its first write, in the order of the file.
func StateOutsideNode(filename string, src []byte) []report.Problem {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, 0)
	if err != nil {
		return nil
	}
	vars := map[*ast.Object]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.Name != "_" && n.Obj != nil {
					vars[n.Obj] = true
				}
			}
		}
	}
	if len(vars) == 0 {
		return nil
	}
	type write struct {
		pos  token.Pos
		fn   string
		name string
	}
	first := map[*ast.Object]write{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Recv == nil && fd.Name.Name == "init" {
			continue
		}
		note := func(e ast.Expr) {
			id := written(e)
			if id == nil || !vars[id.Obj] {
				return
			}
			if w, ok := first[id.Obj]; !ok || id.Pos() < w.pos {
				first[id.Obj] = write{id.Pos(), fd.Name.Name, id.Name}
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					note(l)
				}
			case *ast.IncDecStmt:
				note(n.X)
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear") && id.Obj == nil && len(n.Args) > 0 {
					note(n.Args[0])
				}
			}
			return true
		})
	}
	ws := make([]write, 0, len(first))
	for _, w := range first {
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].pos < ws[j].pos })
	lines := strings.Split(string(src), "\n")
	var out []report.Problem
	for _, w := range ws {
		p := fset.Position(w.pos)
		pr := report.Problem{Line: p.Line, Col: p.Column, Msg: fmt.Sprintf(
			"%s writes the package variable %s: if %s keeps a node's state from one call to the next, move it into the node's variables. "+
				"The grader may run any call on a fresh copy of your code and remembers each answer, so what %s holds may be lost, or left over from another test, "+
				"and your steps can then answer differently from one test to the next. (A cache of values worked out from the inputs alone is fine.)", w.fn, w.name, w.name, w.name)}
		if p.Line <= len(lines) {
			pr.Source = strings.TrimRight(lines[p.Line-1], "\r")
		}
		out = append(out, pr)
	}
	return out
}

// written is the identifier an assignment to e writes through: x in x,
// x[i], x.f, x[i].f, *x and (x); nil for anything else (a call's
// result, a literal).
func written(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return nil
		}
	}
}
