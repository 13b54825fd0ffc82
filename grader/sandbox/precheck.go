// Package sandbox builds a student's Go file into a WebAssembly module and
// runs it under wazero with no filesystem, network, environment or clock,
// bounded memory, bounded CPU time per call and in total, and capped
// output.
//
// The design keeps everything that decides a grade outside the sandbox.
// The module is a reactor (-buildmode=c-shared) that exports one function:
// answer a request (one call of one of the student's steps, with the
// node's variables) by running the student's code. The host runs the
// explorer and the schedules natively, with the harness owning every
// node's state, and calls into the module only for the body of a step.
// Hidden schedules therefore never enter the sandbox at all; the
// student's code sees nothing but the inputs of its own steps; every
// answer is checked on the host against the step contract; and answers
// are memoised by request, so a request asked again gets the answer it
// got before and each distinct step runs once, which keeps grading fast
// even in wazero's interpreter. (A package variable can still make a new
// request's answer depend on those before it; hidden tests and searches
// start from a fresh instance.)
//
// Before anything is compiled, Precheck refuses what the allow-list does
// not permit, with the line of the offending import or construct.
package sandbox

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"

	"dmelab/grader/iface"
	"dmelab/grader/report"
)

// MaxSource is the largest file the grader accepts.
const MaxSource = 64 << 10

// Refusal is what Precheck found: Problems positioned in the student's
// file, and whether the file was refused (forbidden import or construct)
// rather than malformed (syntax errors, wrong shape).
type Refusal struct {
	Problems []report.Problem
	Refused  bool
}

// Precheck parses src and refuses, before any compiler sees it: imports
// outside the interface's allow-list (cgo included, whatever name the
// import binds: dot and blank imports too), compiler directives in
// comments (//go:linkname, //go:embed, //go:wasmimport, //go:build,
// //line, // +build), go statements, and package main. It also checks the
// shape the interface needs (type Node struct{ *P.Vars } and the
// functions it names). It returns nil when the file may be built.
func Precheck(filename string, src []byte, in *iface.Interface) *Refusal {
	lines := strings.Split(string(src), "\n")
	quote := func(line int) string {
		if line >= 1 && line <= len(lines) {
			return strings.TrimRight(lines[line-1], "\r")
		}
		return ""
	}
	r := &Refusal{}
	add := func(refuse bool, p token.Position, format string, args ...any) {
		r.Problems = append(r.Problems, report.Problem{Line: p.Line, Col: p.Column, Msg: fmt.Sprintf(format, args...), Source: quote(p.Line)})
		r.Refused = r.Refused || refuse
	}
	if len(src) > MaxSource {
		add(true, token.Position{}, "the file is %d bytes; the grader accepts at most %d", len(src), MaxSource)
		return r
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.AllErrors)
	if err != nil {
		if list, ok := err.(scanner.ErrorList); ok {
			// One error a line, as the compiler reports them: the
			// parser's later errors on a line follow from its first.
			list.RemoveMultiples()
			for i, e := range list {
				if i == 10 {
					break
				}
				add(false, e.Pos, "%s", e.Msg)
			}
		} else {
			add(false, token.Position{}, "%v", err)
		}
		return r
	}
	if f.Name.Name == "main" {
		add(false, fset.Position(f.Name.Pos()), "package main is the harness's; keep the starter's package clause")
	}
	allowed := in.Allowed()
	local := in.Pkg()
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		pos := fset.Position(imp.Pos())
		switch {
		case path == "C":
			add(true, pos, `import "C" is not allowed: cgo does not exist in the sandbox`)
		case !allowed[path]:
			add(true, pos, "import %q is not allowed: the sandbox has no files, network, processes or clock; allowed imports: %s%s", path, in.AllowedList(), printHint(path))
		case path == in.Import && imp.Name != nil:
			local = imp.Name.Name
		}
	}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if d := directive(c.Text); d != "" {
				add(true, fset.Position(c.Pos()), "the directive %s is not allowed: compiler directives could reach past the sandbox's allow-list", d)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			add(true, fset.Position(g.Pos()), "go statements are not allowed: each step is one atomic action of one process, and the harness runs the processes")
		}
		return true
	})
	shape(f, fset, in, local, add)
	if len(r.Problems) == 0 {
		return nil
	}
	return r
}

// printHint tells a student who imported a package to print while
// debugging (a Println left in is the commonest refusal of an honest
// file) what prints instead: the builtin println, whose output the
// feedback shows ("What your program printed").
func printHint(path string) string {
	switch path {
	case "fmt", "log":
		return "; to print while debugging, use the built-in println(...): the feedback shows what it prints in the public tests"
	}
	return ""
}

// directive returns the directive a comment holds, or "". A comment
// that begins "//line " or "/*line " is a line directive only when what
// follows has a colon (file:line): without one the compiler ignores it,
// and it is prose ("//line up the replies"), which refusing would cost
// an honest file its grade.
func directive(text string) string {
	for _, p := range []string{"//go:", "//line ", "/*line ", "//export ", "//extern "} {
		if strings.HasPrefix(text, p) {
			if strings.HasSuffix(p, "line ") && !strings.Contains(text[len(p):], ":") {
				return ""
			}
			return strings.Fields(text)[0]
		}
	}
	if t := strings.TrimSpace(strings.TrimPrefix(text, "//")); strings.HasPrefix(t, "+build") {
		return "+build"
	}
	return ""
}

// shape checks what the interface needs the file to declare.
func shape(f *ast.File, fset *token.FileSet, in *iface.Interface, local string, add func(bool, token.Position, string, ...any)) {
	want := fmt.Sprintf("type Node struct{ *%s.Vars }", local)
	var node *ast.TypeSpec
	funcs := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == "Node" {
					node = ts
				}
			}
		case *ast.FuncDecl:
			if d.Recv == nil {
				funcs[d.Name.Name] = true
			}
		}
	}
	start := token.Position{} // the file as a whole
	if in.Node {
		switch {
		case node == nil:
			add(false, start, "the file must declare %s, as the starter does: the harness owns the variables", want)
		case !isNodeShape(node, local):
			add(false, fset.Position(node.Pos()), "Node must be declared exactly as %s: the harness owns the variables, so Node may not add fields of its own", want)
		}
	}
	for fn, sig := range in.Funcs {
		if !funcs[fn] {
			add(false, start, "the file must declare %s", sig)
		}
	}
}

// isNodeShape reports whether ts is struct{ *local.Vars }.
func isNodeShape(ts *ast.TypeSpec, local string) bool {
	st, ok := ts.Type.(*ast.StructType)
	if !ok || ts.TypeParams != nil || ts.Assign.IsValid() || len(st.Fields.List) != 1 {
		return false
	}
	fd := st.Fields.List[0]
	if len(fd.Names) != 0 || fd.Tag != nil {
		return false
	}
	star, ok := fd.Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	if id, ok := star.X.(*ast.Ident); ok && local == "." {
		return id.Name == "Vars" // a dot import
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == local && sel.Sel.Name == "Vars"
}
