package sandbox

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// Stateless reports whether a student's file (one that passed Precheck)
// declares no package-level variable but the blank one (var _ T = x,
// which no code can read). Its code then keeps nothing from one call to
// the next: a call's variables come with the request, the allowed
// standard packages (iface.Std) hold nothing a program can write, and the
// interface package exports no variable. Such a module need not be
// started afresh to isolate one test from another (see SetStateless).
// A file that does not parse is not stateless.
func Stateless(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.Name != "_" {
					return false
				}
			}
		}
	}
	return true
}
