package sandbox

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
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
// resolution, no type checking; the types it needs are read from the
// file's own declarations). A write is an assignment to the variable,
// to an element or a field of it, ++ or --, delete, clear or copy into
// it, in any function but init (which sets up what every instance starts
// with). A write may also go through something else, said with the
// note: a method of the file that changes its receiver, called on the
// variable or on a field or element of it (var q fifo; q.push(x)); a
// function of the file that changes what its argument points to, given
// the variable or its address (add(seen, x), bump(&count)); a local that
// points into the variable or shares its elements (p := &count; *p++);
// a sorting or deleting function of sort, slices or maps given it, or
// errors.As given its address. A method of the file that only reads its
// receiver, or one with a struct value receiver, is no write; nor is a method
// of another package's type (a strings.Builder's), whose code is not
// there to read.
//
// A variable no step touches (neither a method nor a function a method
// refers to reads or writes it) holds no node's state: a cache that only
// VotingSets and its helpers use is not told. A file that does not parse
// has nothing to say here (the compiler says why). One problem for each
// variable, at its first write, in the order of the file.
func StateOutsideNode(filename string, src []byte) []report.Problem {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, 0)
	if err != nil {
		return nil
	}
	a := newPkgState(fset, f)
	if len(a.vars) == 0 {
		return nil
	}
	a.run()
	touched := a.touchedBySteps()
	ws := make([]pkgWrite, 0, len(a.first))
	for obj, w := range a.first {
		if touched[obj] {
			ws = append(ws, w)
		}
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].pos < ws[j].pos })
	lines := strings.Split(string(src), "\n")
	var out []report.Problem
	for _, w := range ws {
		p := fset.Position(w.pos)
		name := w.name
		if w.via != "" {
			name += ", " + w.via
		}
		pr := report.Problem{Line: p.Line, Col: p.Column, Msg: fmt.Sprintf(
			"%s writes the package variable %s: if %s keeps a node's state from one call to the next, move it into the node's variables. "+
				"The grader may run any call on a fresh copy of your code and remembers each answer, so what %s holds may be lost, or left over from another test, "+
				"and your steps can then answer differently from one test to the next. (A cache of values worked out from the inputs alone is fine.)", w.fn, name, w.name, w.name)}
		if p.Line <= len(lines) {
			pr.Source = strings.TrimRight(lines[p.Line-1], "\r")
		}
		out = append(out, pr)
	}
	return out
}

// pkgWrite is the first write of a package variable: where, in which
// function, and through what when not by the variable's own name.
type pkgWrite struct {
	pos  token.Pos
	fn   string
	name string
	via  string
}

// pkgState is what StateOutsideNode knows of one file.
type pkgState struct {
	fset    *token.FileSet
	file    *ast.File
	vars    map[*ast.Object]bool
	funcs   map[*ast.Object]*ast.FuncDecl       // the file's functions
	methods map[string]map[string]*ast.FuncDecl // type name → method name → method
	byName  map[string][]*ast.FuncDecl          // method name → methods of any type
	imports map[string]string                   // name in the file → import path
	changes map[*ast.Object]token.Pos           // parameters (receivers too) a function writes through, at the write
	first   map[*ast.Object]pkgWrite            // package variable → its first write
	changed bool
}

func newPkgState(fset *token.FileSet, f *ast.File) *pkgState {
	a := &pkgState{fset: fset, file: f, vars: map[*ast.Object]bool{}, funcs: map[*ast.Object]*ast.FuncDecl{},
		methods: map[string]map[string]*ast.FuncDecl{}, byName: map[string][]*ast.FuncDecl{}, imports: map[string]string{},
		changes: map[*ast.Object]token.Pos{}, first: map[*ast.Object]pkgWrite{}}
	for _, im := range f.Imports {
		path, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		a.imports[name] = path
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				for _, n := range s.(*ast.ValueSpec).Names {
					if n.Name != "_" && n.Obj != nil {
						a.vars[n.Obj] = true
					}
				}
			}
		case *ast.FuncDecl:
			if d.Recv == nil {
				if d.Name.Obj != nil {
					a.funcs[d.Name.Obj] = d
				}
				continue
			}
			if len(d.Recv.List) == 0 {
				continue
			}
			t := typeName(d.Recv.List[0].Type)
			if a.methods[t] == nil {
				a.methods[t] = map[string]*ast.FuncDecl{}
			}
			a.methods[t][d.Name.Name] = d
			a.byName[d.Name.Name] = append(a.byName[d.Name.Name], d)
		}
	}
	return a
}

// run reads every function until what each writes through its
// parameters is known (a function's callees may come after it).
func (a *pkgState) run() {
	for range 2 + len(a.funcs) + len(a.byName) {
		a.changed = false
		for _, d := range a.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv == nil && fd.Name.Name == "init" {
				continue
			}
			a.scan(fd)
		}
		if !a.changed {
			return
		}
	}
}

// touchedBySteps is the package variables read or written by a method
// or by a function a method refers to (directly or not).
func (a *pkgState) touchedBySteps() map[*ast.Object]bool {
	seen := map[*ast.FuncDecl]bool{}
	var queue []*ast.FuncDecl
	for _, d := range a.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Body != nil {
			seen[fd] = true
			queue = append(queue, fd)
		}
	}
	touched := map[*ast.Object]bool{}
	for len(queue) > 0 {
		fd := queue[0]
		queue = queue[1:]
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Obj != nil {
				if a.vars[id.Obj] {
					touched[id.Obj] = true
				}
				if g := a.funcs[id.Obj]; g != nil && g.Body != nil && !seen[g] {
					seen[g] = true
					queue = append(queue, g)
				}
			}
			return true
		})
	}
	return touched
}

// fnScan reads one function: its parameters and receiver, and the locals
// that point into a package variable or a parameter (p := &v, s := v.items).
type fnScan struct {
	a      *pkgState
	fd     *ast.FuncDecl
	params map[*ast.Object]bool
	alias  map[*ast.Object]aliasOf
}

// aliasOf is what a local points into: writing through the local writes
// into src, or into what src points to when deref.
type aliasOf struct {
	src   ast.Expr
	deref bool
	local *ast.Ident
}

func (a *pkgState) scan(fd *ast.FuncDecl) {
	s := &fnScan{a: a, fd: fd, params: map[*ast.Object]bool{}, alias: map[*ast.Object]aliasOf{}}
	for _, fl := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
		if fl == nil {
			continue
		}
		for _, fld := range fl.List {
			for _, n := range fld.Names {
				if n.Obj != nil {
					s.params[n.Obj] = true
				}
			}
		}
	}
	// The locals first, twice for a local set from another (q := p).
	for range 2 {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						s.local(l, n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, l := range n.Names {
						s.local(l, n.Values[i])
					}
				}
			case *ast.RangeStmt:
				// for _, x := range v: x shares what v's elements point to.
				if id, ok := n.Value.(*ast.Ident); ok && id.Obj != nil && s.reaches(n.X) && isRef(a.typeOf(&ast.IndexExpr{X: n.X}, 0)) {
					s.alias[id.Obj] = aliasOf{src: n.X, deref: true, local: id}
				}
			}
			return true
		})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				s.hit(l, false, token.NoPos, "", token.NoPos, 0)
			}
		case *ast.IncDecStmt:
			s.hit(n.X, false, token.NoPos, "", token.NoPos, 0)
		case *ast.CallExpr:
			s.call(n)
		}
		return true
	})
}

// local notes l as pointing into what e is rooted at when e is an
// address (&v.f) or a map, slice or pointer (v.items).
func (s *fnScan) local(l, e ast.Expr) {
	id, ok := l.(*ast.Ident)
	if !ok || id.Obj == nil || s.a.vars[id.Obj] || s.params[id.Obj] {
		return
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if s.reaches(u.X) {
			s.alias[id.Obj] = aliasOf{src: u.X, local: id}
		}
		return
	}
	if !s.reaches(e) {
		return
	}
	if r, _, _ := root(e); r != nil && s.alias[r.Obj].src != nil || isRef(s.a.typeOf(e, 0)) {
		s.alias[id.Obj] = aliasOf{src: e, deref: true, local: id}
	}
}

// reaches says whether e is rooted at something a write through it
// would be told of: a package variable, a parameter or such a local.
func (s *fnScan) reaches(e ast.Expr) bool {
	r, _, _ := root(e)
	if r == nil || r.Obj == nil {
		return false
	}
	_, al := s.alias[r.Obj]
	return s.a.vars[r.Obj] || s.params[r.Obj] || al
}

// call handles a call that may write what it is given: a builtin, a
// function or method of the file that writes through its parameter or
// receiver, or a function of another package.
func (s *fnScan) call(c *ast.CallExpr) {
	arg := func(i int, origin token.Pos, via string) {
		if i >= len(c.Args) {
			return
		}
		e := ast.Unparen(c.Args[i])
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			s.hit(u.X, false, origin, via, token.NoPos, 0)
			return
		}
		s.hit(e, true, origin, via, token.NoPos, 0)
	}
	via := func(origin token.Pos) string {
		return fmt.Sprintf("through %s (which writes it at line %d)", types.ExprString(c.Fun), s.a.fset.Position(origin).Line)
	}
	switch fn := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		if fn.Obj == nil {
			switch fn.Name {
			case "delete", "clear", "copy":
				arg(0, token.NoPos, "")
			}
			return
		}
		if g := s.a.funcs[fn.Obj]; g != nil {
			for i, p := range params(g) {
				if at, ok := s.a.changes[p]; ok {
					arg(i, at, via(at))
				}
			}
		}
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok && x.Obj == nil {
			if path, ok := s.a.imports[x.Name]; ok {
				s.foreign(c, path, fn.Sel.Name)
				return
			}
		}
		ms := s.a.lookup(fn.X, fn.Sel.Name)
		if ms == nil && s.a.typeOf(fn.X, 0) == nil && s.reaches(fn.X) {
			// x's type is not known: any method of the file so named.
			ms = s.a.byName[fn.Sel.Name]
		}
		for _, m := range ms {
			if recv := receiver(m); recv != nil {
				if at, ok := s.a.changes[recv]; ok {
					_, ptr := m.Recv.List[0].Type.(*ast.StarExpr)
					// A pointer method on x writes x; one on a pointer
					// (or on a map or slice type) writes what x points to.
					s.hit(fn.X, !ptr || isPtr(s.a.typeOf(fn.X, 0)), at, via(at), token.NoPos, 0)
				}
			}
			for i, p := range params(m) {
				if at, ok := s.a.changes[p]; ok {
					arg(i, at, via(at))
				}
			}
		}
	}
}

// writers are the functions of the standard library that change the
// slice or map given as their first argument, or what the pointer given
// as an argument points to (errors.As's target).
var writers = map[string]bool{
	"sort.Ints": true, "sort.Strings": true, "sort.Float64s": true, "sort.Slice": true, "sort.SliceStable": true, "sort.Sort": true, "sort.Stable": true,
	"slices.Sort": true, "slices.SortFunc": true, "slices.SortStableFunc": true, "slices.Reverse": true, "slices.Delete": true,
	"slices.DeleteFunc": true, "slices.Compact": true, "slices.CompactFunc": true, "slices.Replace": true,
	"maps.Copy": true, "maps.DeleteFunc": true,
}

// pointerWriter says whether a function of the standard library writes
// through a pointer it is given (the statements allow none of fmt
// and sync/atomic; a file may import them all the same).
func pointerWriter(path, name string) bool {
	switch path {
	case "errors":
		return name == "As"
	case "fmt":
		return strings.Contains(strings.ToLower(name), "scan")
	case "sync/atomic":
		return !strings.HasPrefix(name, "Load")
	}
	return false
}

// foreign handles a call of another package's function that changes
// its first argument (sort.Ints(v)), or writes through an address it is
// given (fmt.Sscan(s, &v)).
func (s *fnScan) foreign(c *ast.CallExpr, path, name string) {
	via := "through " + types.ExprString(c.Fun)
	if writers[path+"."+name] && len(c.Args) > 0 {
		s.hit(c.Args[0], true, token.NoPos, via, token.NoPos, 0)
	}
	if !pointerWriter(path, name) {
		return
	}
	for _, e := range c.Args {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
			s.hit(u.X, false, token.NoPos, via, token.NoPos, 0)
		}
	}
}

// hit is a write of e (of what e points to when deref). A package
// variable it is rooted at is written; a parameter of the function is
// when the write reaches its caller's value (through a pointer, map or
// slice); a local that points into another writes that. origin is where
// the write itself is (a callee's line), via what it goes through; at is
// where to point (the local's name for a write through a local).
func (s *fnScan) hit(e ast.Expr, deref bool, origin token.Pos, via string, at token.Pos, depth int) {
	r, steps, index := root(e)
	if r == nil || r.Obj == nil || depth > 8 {
		return
	}
	if deref {
		steps++
	}
	if at == token.NoPos {
		at = r.Pos()
	}
	if origin == token.NoPos {
		origin = r.Pos()
	}
	switch {
	case s.a.vars[r.Obj]:
		if w, ok := s.a.first[r.Obj]; !ok || at < w.pos {
			s.a.first[r.Obj] = pkgWrite{at, s.fd.Name.Name, r.Name, via}
		}
	case s.params[r.Obj]:
		if steps == 0 || !index && !isRef(s.a.typeOf(r, 0)) {
			return
		}
		if _, ok := s.a.changes[r.Obj]; !ok {
			s.a.changes[r.Obj] = origin
			s.a.changed = true
		}
	default:
		al, ok := s.alias[r.Obj]
		if !ok || steps == 0 {
			return
		}
		if via == "" {
			via = fmt.Sprintf("through %s (set from it at line %d)", r.Name, s.a.fset.Position(al.local.Pos()).Line)
		}
		s.hit(al.src, al.deref, origin, via, at, depth+1)
	}
}
