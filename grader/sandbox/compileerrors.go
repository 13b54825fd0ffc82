package sandbox

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"dmelab/grader/report"
)

var (
	errLine = regexp.MustCompile(`^(\S+?\.go):(\d+)(?::(\d+))?: (.*)$`)
	// misfit is the compiler's complaint, in the generated main package,
	// that the student's Node lacks a method of the interface or has it
	// with another signature.
	misfit = regexp.MustCompile(`does not implement (\S+) \((missing method|wrong type for method) (\w+)\)`)
	// misfitFunc: a package-level function of the interface (iface.Funcs)
	// declared with another signature.
	misfitFunc = regexp.MustCompile(`^cannot use (\w+) \(value of type (func\(.*)\) as (\S+) value in `)
)

// compileErrors turns go build's output into problems positioned in the
// student's file. An error's indented lines (the compiler's "have ...",
// "want ...") join its message. Errors in the generated main package mean
// the file does not fit the interface: a missing method or a wrong
// signature is said once, in the student's terms, at the method's line
// where the file declares it; any other is reported for the whole file
// (line 0), without the generated file's path.
func compileErrors(out, filename string, src []byte, funcs map[string]string) []report.Problem {
	lines := strings.Split(string(src), "\n")
	var ps []report.Problem
	generated := map[int]bool{} // ps's indexes of generated-file errors
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "\t") && len(ps) > 0 {
			if more := strings.TrimSpace(l); more != "" {
				ps[len(ps)-1].Msg += "; " + strings.ReplaceAll(more, "student.", "")
			}
			continue
		}
		m := errLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		msg := strings.ReplaceAll(m[4], "student.", "")
		// go build names overlaid files by their replacement's path: the
		// temporary student.go beside the generated main.go.
		if filepath.Base(m[1]) == "student.go" {
			p := report.Problem{Line: line, Col: col, Msg: msg}
			if line >= 1 && line <= len(lines) {
				p.Source = strings.TrimRight(lines[line-1], "\r")
			}
			ps = append(ps, p)
			continue
		}
		generated[len(ps)] = true
		ps = append(ps, report.Problem{Msg: msg})
	}
	_ = filename
	return fitProblems(ps, generated, src, lines, funcs)
}

// fitProblems rewrites the generated-file errors among ps (see
// compileErrors), dropping repeats: the harness uses the student's Node
// in two places, and the compiler says the same at each. funcs are the
// interface's package-level functions, with their signatures as the
// starter writes them.
func fitProblems(ps []report.Problem, generated map[int]bool, src []byte, lines []string, funcs map[string]string) []report.Problem {
	var methods map[string]declared
	seen := map[string]bool{}
	var kept []report.Problem
	for i, p := range ps {
		if !generated[i] {
			kept = append(kept, p)
			continue
		}
		// m: the interface, what is wrong, the name; haveWant: the
		// compiler's "have ...; want ...", if it said them.
		m := misfit.FindStringSubmatch(p.Msg)
		_, haveWant, _ := strings.Cut(p.Msg, "; have ")
		if f := misfitFunc.FindStringSubmatch(p.Msg); f != nil && funcs[f[1]] != "" {
			m = []string{"", f[3], "wrong type for function", f[1]}
			haveWant = f[2] + "; want func" + strings.TrimPrefix(funcs[f[1]], "func "+f[1])
		}
		if m == nil {
			p.Msg = "the file does not fit the exercise's interface: " + p.Msg
		} else {
			if methods == nil {
				methods = methodLines(src)
			}
			iface, kind, name := m[1], m[2], m[3]
			decl, declared := methods[name]
			switch {
			case kind == "missing method" && declared && !decl.method:
				p.Msg = fmt.Sprintf("%s is a function, but the exercise's interface (%s) needs it as a method of Node: func (n Node) %s(...), as in the starter", name, iface, name)
			case kind == "missing method":
				p.Msg = fmt.Sprintf("Node has no method %s, which the exercise's interface (%s) needs: keep the starter's func (n Node) %s(...)", name, iface, name)
				declared = false
			default:
				p.Msg = fmt.Sprintf("%s does not have the signature the exercise's interface (%s) needs", name, iface)
				if haveWant != "" {
					p.Msg += ": have " + haveWant
				}
			}
			if declared {
				p.Line, p.Col = decl.Line, decl.Column
				if decl.Line >= 1 && decl.Line <= len(lines) {
					p.Source = strings.TrimRight(lines[decl.Line-1], "\r")
				}
			}
		}
		if !seen[p.Msg] {
			seen[p.Msg] = true
			kept = append(kept, p)
		}
	}
	return kept
}

// declared is where the file declares a function or method.
type declared struct {
	token.Position
	method bool
}

// methodLines maps each function and method the file declares to its
// position (a method wins over a function of its name; nothing if the
// file does not parse: then the compiler's own errors come first).
func methodLines(src []byte) map[string]declared {
	ds := map[string]declared{}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "student.go", src, parser.SkipObjectResolution)
	if err != nil {
		return ds
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if old, ok := ds[fd.Name.Name]; ok && old.method {
			continue
		}
		ds[fd.Name.Name] = declared{fset.Position(fd.Name.Pos()), fd.Recv != nil}
	}
	return ds
}
