package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Words are the listing language's words, by how the editor shows them.
type Words struct {
	// Keywords cannot name a variable (the parser's keywords), except
	// the types and the constants true and false.
	Keywords []string `json:"keywords"`
	// Contextual words are keywords only in their place, and may name
	// variables elsewhere: "on start:", "channels fifo", "some j: …",
	// "for all other Node j".
	Contextual []string `json:"contextual"`
	Types      []string `json:"types"`
	// Constants are the names the compiler defines (myID, n, clock…).
	Constants []string `json:"constants"`
	// Functions are what may be called, as in max(a, b) or T = tick().
	Functions []string `json:"functions"`
}

// JSON is w as the committed file holds it.
func (w Words) JSON() []byte {
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, f := range []struct {
		name  string
		words []string
	}{{"keywords", w.Keywords}, {"contextual", w.Contextual}, {"types", w.Types}, {"constants", w.Constants}, {"functions", w.Functions}} {
		ws, _ := json.Marshal(f.words)
		fmt.Fprintf(&b, "  %q: %s", f.name, ws)
		if i < 4 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

var word = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Extract reads the words from package listing's source in dir: the
// parser's keywords, types and options (maps of parse.go), every word the
// parser's methods compare a token with, the constants the compiler
// knows (reserved, and scope.names's list) and the functions scope.call
// handles. It fails when one of these is missing, so that a change of the
// source's shape shows here rather than as words the editor forgets.
func Extract(dir string) (Words, error) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return Words{}, err
	}
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return Words{}, err
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return Words{}, err
		}
		files = append(files, f)
	}
	maps := map[string][]string{} // a top-level map literal's string keys and values
	var names, calls, parsed []string
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
						continue
					}
					if cl, ok := vs.Values[0].(*ast.CompositeLit); ok {
						if _, isMap := cl.Type.(*ast.MapType); isMap {
							for _, e := range cl.Elts {
								kv := e.(*ast.KeyValueExpr)
								maps[vs.Names[0].Name] = append(maps[vs.Names[0].Name], strs(kv.Key)...)
								maps[vs.Names[0].Name+".values"] = append(maps[vs.Names[0].Name+".values"], strs(kv.Value)...)
							}
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil || d.Body == nil {
					continue
				}
				switch {
				case d.Name.Name == "names" && recv(d) == "scope":
					ast.Inspect(d.Body, func(n ast.Node) bool {
						if cl, ok := n.(*ast.CompositeLit); ok && names == nil {
							for _, e := range cl.Elts {
								names = append(names, strs(e)...)
							}
						}
						return true
					})
				case d.Name.Name == "call" && recv(d) == "scope":
					ast.Inspect(d.Body, func(n ast.Node) bool {
						if cc, ok := n.(*ast.CaseClause); ok {
							for _, e := range cc.List {
								calls = append(calls, strs(e)...)
							}
						}
						return true
					})
				case recv(d) == "parser":
					parsed = append(parsed, parserWords(d.Body)...)
				}
			}
		}
	}
	for _, m := range []string{"keywords", "types", "options", "reserved"} {
		if len(maps[m]) == 0 {
			return Words{}, fmt.Errorf("%s: no map %s of words", dir, m)
		}
	}
	switch {
	case len(names) == 0:
		return Words{}, fmt.Errorf("%s: scope.names lists no names", dir)
	case len(calls) == 0:
		return Words{}, fmt.Errorf("%s: scope.call handles no function", dir)
	case len(parsed) == 0:
		return Words{}, fmt.Errorf("%s: the parser compares tokens with no word", dir)
	}

	var w Words
	w.Types = set(maps["types"])
	w.Constants = set(append(names, maps["reserved"]...))
	w.Functions = set(calls)
	taken := append(slices.Clone(w.Types), w.Constants...)
	w.Keywords = minus(set(maps["keywords"]), taken)
	taken = append(taken, w.Keywords...)
	w.Contextual = minus(set(append(append(parsed, maps["options"]...), maps["options.values"]...)), taken)
	return w, nil
}

// parserWords are the words a parser method compares a token with: in
// p.is, p.accept and p.expect, in a case, or on either side of == or !=.
func parserWords(body *ast.BlockStmt) []string {
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "is" || sel.Sel.Name == "accept" || sel.Sel.Name == "expect") {
				for _, a := range n.Args {
					out = append(out, strs(a)...)
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				out = append(out, strs(e)...)
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				out = append(out, strs(n.X)...)
				out = append(out, strs(n.Y)...)
			}
		}
		return true
	})
	return out
}

// strs is e's value if e is a string literal that is a word.
func strs(e ast.Expr) []string {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil || !word.MatchString(s) {
		return nil
	}
	return []string{s}
}

// recv is the name of d's receiver type, without its star.
func recv(d *ast.FuncDecl) string {
	t := d.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func set(ws []string) []string {
	out := slices.Clone(ws)
	slices.Sort(out)
	return slices.Compact(out)
}

func minus(ws, drop []string) []string {
	return slices.DeleteFunc(ws, func(w string) bool { return slices.Contains(drop, w) })
}
