package validate

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"dmelab/grader/exercise"
)

// The statement shows students the names they call and write:
// `n.SendRequest(to, num)` in a code span, `func (n Node) P4(N int)` in a
// fenced go block. Signatures checks each of those against the Go the
// student works with: the starter's declarations and the exported
// functions and methods of the dmelab packages the starter imports (the
// interface: rasteps.Vars.SendRequest(to, num int)). A statement that
// says `SendRequest(N, num)` when the method is SendRequest(to, num) is
// reported, with its position, as is a name nothing declares.
//
// What is checked:
//   - a declaration (a code span or a fenced go block holding
//     `func (n Node) P4(N int)`) of an exported name: the name must be
//     the starter's or the interface's, with the same parameter names;
//   - a call in a code span (`n.SendReply(to)`, `OnRequest(from, t)`)
//     of an exported name, bare or on a starter receiver (`n.`) or an
//     imported package: the name must exist, take as many arguments, and
//     each argument written as a plain name must be the parameter's name
//     (an expression such as `n.MyNum` stands for a value and is not
//     compared);
//   - a call in a fenced go block: the number of arguments only (it is
//     code, its arguments are values);
//   - the starter's own comments (`// TODO: n.SendRequest(to, num)`), as
//     code spans.
//
// Calls on anything else (`strings.Cut(s, ":")`) are not the exercise's
// and are left alone.

// signature is one declaration of a name.
type signature struct {
	owner    string   // "Node", "rasteps.Vars", "rasteps" (a function)
	params   []string // parameter names, "_" for an unnamed one
	variadic bool
}

func (s signature) String() string {
	p := strings.Join(s.params, ", ")
	if s.variadic {
		p += "..."
	}
	return fmt.Sprintf("%s(%s)", s.owner, p)
}

// api is what the starter and its interface declare.
type api struct {
	sigs map[string][]signature // by exported name
	// roots are the names a call may be made on: the starter's
	// receivers (n) and its imported dmelab packages (rasteps).
	roots map[string]bool
	root  string // the dmelab module's directory
}

// Signatures checks the names and parameter lists the statement (and the
// starter's comments) show against the starter and the dmelab packages it
// imports, found under root (the dmelab module). Each problem starts with
// its position (NAME/exercise.md:LINE or NAME/starter.go:LINE). A listing
// exercise has no Go to compare with: its statement's listing is checked
// by grading (the starter and the reference compile, or validate says
// where they do not).
func Signatures(ex *exercise.Exercise, root string) []string {
	if ex.IsListing() {
		return nil
	}
	fset := token.NewFileSet()
	starterSrc, err := os.ReadFile(ex.Starter())
	if err != nil {
		return []string{fmt.Sprintf("%s/starter.go: %v", ex.Name, err)}
	}
	starter, err := parser.ParseFile(fset, "starter.go", starterSrc, parser.ParseComments)
	if err != nil {
		return []string{fmt.Sprintf("%s/starter.go: does not parse: %v", ex.Name, err)}
	}
	a := &api{sigs: map[string][]signature{}, roots: map[string]bool{}, root: root}
	a.addFile(starter, "")
	for _, imp := range starter.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		rel, ok := strings.CutPrefix(path, "dmelab/")
		if !ok {
			continue
		}
		pkg := filepath.Base(path)
		if imp.Name != nil {
			pkg = imp.Name.Name
		}
		a.roots[pkg] = true
		if err := a.addPackage(filepath.Join(root, filepath.FromSlash(rel)), pkg); err != nil {
			return []string{fmt.Sprintf("%s/starter.go: import %q: %v", ex.Name, path, err)}
		}
	}

	var probs []string
	// The starter's comments, each line as a code span; a plain name that
	// is a parameter of the function the comment documents or sits in is
	// a value there (`// TODO: n.SendGrant(from)` in OnRequest(from)).
	for _, cg := range starter.Comments {
		values := map[string]bool{}
		for _, d := range starter.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && (fd.Doc == cg || fd.Pos() <= cg.Pos() && cg.End() <= fd.End()) {
				for _, l := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
					if l == nil {
						continue
					}
					for _, f := range l.List {
						for _, n := range f.Names {
							values[n.Name] = true
						}
					}
				}
			}
		}
		for _, c := range cg.List {
			start := fset.Position(c.Pos())
			for i, l := range strings.Split(c.Text, "\n") {
				for _, at := range callLike.FindAllStringIndex(l, -1) {
					col := at[0] + 1 // a comment's later lines are read from their start
					if i == 0 {
						col += start.Column - 1
					}
					probs = append(probs, a.comment(l[at[0]:at[1]], fmt.Sprintf("%s/starter.go:%d:%d", ex.Name, start.Line+i, col), values)...)
				}
			}
		}
	}

	md, err := os.ReadFile(filepath.Join(ex.Dir, "exercise.md"))
	if err != nil {
		return append(probs, fmt.Sprintf("%s/exercise.md: %v", ex.Name, err))
	}
	// The statement is the end of exercise.md; its lines count from there.
	body := []byte(ex.Statement)
	first := 1
	if i := strings.LastIndex(string(md), ex.Statement); i >= 0 {
		first += strings.Count(string(md[:i]), "\n")
	}
	lineOf := func(off int) int { return first + strings.Count(string(body[:off]), "\n") }
	colOf := func(off int) int { return off - strings.LastIndexByte(string(body[:off]), '\n') }
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(body))
	gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.CodeSpan:
			var b strings.Builder
			off := -1
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*gast.Text); ok {
					if off < 0 {
						off = t.Segment.Start
					}
					b.Write(t.Segment.Value(body))
				} else if t, ok := c.(*gast.String); ok {
					b.Write(t.Value)
				}
			}
			if off >= 0 {
				probs = append(probs, a.span(b.String(), fmt.Sprintf("%s/exercise.md:%d:%d", ex.Name, lineOf(off), colOf(off)))...)
			}
			return gast.WalkSkipChildren, nil
		case *gast.FencedCodeBlock:
			if lang := string(n.Language(body)); lang != "go" || n.Lines().Len() == 0 {
				return gast.WalkSkipChildren, nil
			}
			var b strings.Builder
			var cols []int // where each line of the block starts in its line of exercise.md
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				b.Write(seg.Value(body))
				cols = append(cols, seg.Start-(strings.LastIndexByte(string(body[:seg.Start]), '\n')+1))
			}
			probs = append(probs, a.block(b.String(), ex.Name+"/exercise.md", lineOf(n.Lines().At(0).Start), cols)...)
			return gast.WalkSkipChildren, nil
		}
		return gast.WalkContinue, nil
	})
	return probs
}

// callLike finds call-shaped text in a comment: n.SendRequest(to, num).
var callLike = regexp.MustCompile(`\b(?:[A-Za-z_]\w*\.)*[A-Z]\w*\([^()]*\)`)

// addFile adds the exported functions and methods of f; pkg qualifies
// their owners ("" for the starter).
func (a *api) addFile(f *ast.File, pkg string) {
	q := func(s string) string {
		if pkg == "" {
			return s
		}
		return pkg + "." + s
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !fd.Name.IsExported() {
			continue
		}
		s := signature{owner: pkg}
		if pkg == "" {
			s.owner = "func"
		}
		if fd.Recv != nil && len(fd.Recv.List) > 0 {
			r := fd.Recv.List[0]
			t := r.Type
			if st, ok := t.(*ast.StarExpr); ok {
				t = st.X
			}
			// A generic receiver (Self[S]) names its type the same way.
			switch g := t.(type) {
			case *ast.IndexExpr:
				t = g.X
			case *ast.IndexListExpr:
				t = g.X
			}
			id, ok := t.(*ast.Ident)
			if !ok || !id.IsExported() {
				continue
			}
			s.owner = q(id.Name)
			if pkg == "" && len(r.Names) > 0 {
				a.roots[r.Names[0].Name] = true
			}
		}
		s.params, s.variadic = params(fd.Type)
		a.sigs[fd.Name.Name] = append(a.sigs[fd.Name.Name], s)
	}
}

// addPackage adds the exported API of the package in dir (its non-test
// files), and that of the internal packages it imports: a student
// interface's Vars embeds their types (stepwire.Self), whose methods
// (MyID, N) a student calls as its own.
func (a *api) addPackage(dir, pkg string) error {
	return a.addPackageDepth(dir, pkg, 1)
}

func (a *api) addPackageDepth(dir, pkg string, depth int) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no Go files in the module")
	}
	sort.Strings(files)
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		a.addFile(f, pkg)
		if depth == 0 {
			continue
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			rel, ok := strings.CutPrefix(path, "dmelab/")
			if !ok || !strings.Contains(rel, "/internal/") || seen[path] {
				continue
			}
			seen[path] = true
			if err := a.addPackageDepth(filepath.Join(a.root, filepath.FromSlash(rel)), filepath.Base(path), depth-1); err != nil {
				return err
			}
		}
	}
	return nil
}

func params(ft *ast.FuncType) (names []string, variadic bool) {
	if ft.Params == nil {
		return nil, false
	}
	for _, f := range ft.Params.List {
		if _, ok := f.Type.(*ast.Ellipsis); ok {
			variadic = true
		}
		if len(f.Names) == 0 {
			names = append(names, "_")
		}
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
	}
	return names, variadic
}

// span checks a code span (or call-shaped comment text) at pos.
func (a *api) span(code, pos string) []string {
	code = strings.TrimSpace(code)
	if strings.HasPrefix(code, "func") {
		if f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+code, parser.SkipObjectResolution); err == nil {
			return a.decls(f, code, pos)
		}
		if f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+code+" {}", parser.SkipObjectResolution); err == nil {
			return a.decls(f, code, pos)
		}
		return nil
	}
	e, err := parser.ParseExpr(code)
	if err != nil {
		return nil
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	return a.call(call, code, pos, inSpan)
}

// block checks a fenced go block whose first line is line of file (cols
// are where each of its lines starts in its line of file, from 0: a block
// in a list is indented). The block is Go, a file or declarations or
// statements: one that parses as none of them is a problem at its error's
// line and column in file (the error of the reading that got furthest),
// since students read it as the Go they write (pseudo-code is fenced as
// text).
func (a *api) block(code, file string, line int, cols []int) []string {
	var worst scanner.Error
	worstLine := 0
	for _, wrap := range []struct {
		pre, post string
		lines     int
	}{{"", "", 0}, {"package p\n", "", 1}, {"package p\nfunc _() {\n", "\n}", 2}} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "", wrap.pre+code+wrap.post, parser.SkipObjectResolution)
		if err != nil {
			var list scanner.ErrorList
			if errors.As(err, &list) && len(list) > 0 {
				e := *list[0]
				if l := e.Pos.Line - wrap.lines; l > worstLine || l == worstLine && e.Pos.Column >= worst.Pos.Column {
					worst, worstLine = e, l
				}
			}
			continue
		}
		var probs []string
		ast.Inspect(f, func(n ast.Node) bool {
			at := func() string {
				p := fset.Position(n.Pos())
				l := p.Line - wrap.lines
				col := p.Column
				if l >= 1 && l <= len(cols) {
					col += cols[l-1]
				}
				return fmt.Sprintf("%s:%d:%d", file, line+l-1, col)
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				probs = append(probs, a.decl(n, nodeText(fset, code, wrap.pre, n.Type.Params.Closing+1, n.Pos()), at())...)
			case *ast.CallExpr:
				probs = append(probs, a.call(n, nodeText(fset, code, wrap.pre, n.End(), n.Pos()), at(), inBlock)...)
			}
			return true
		})
		return probs
	}
	if worstLine < 1 {
		return nil
	}
	col := worst.Pos.Column
	if worstLine <= len(cols) {
		col += cols[worstLine-1]
	}
	if lines := strings.Count(strings.TrimRight(code, "\n"), "\n") + 1; worstLine > lines {
		worstLine = lines // the end of the block: a bracket left open
		col = 0
	}
	at := fmt.Sprintf("%s:%d", file, line+worstLine-1)
	if col > 0 {
		at += fmt.Sprintf(":%d", col)
	}
	return []string{fmt.Sprintf("%s: this go block is not Go: %s (a block fenced as go shows students Go they can write, checked against the starter; fence pseudo-code as text)", at, worst.Msg)}
}

// nodeText is the source of [from, to) in code (wrapped in pre).
func nodeText(fset *token.FileSet, code, pre string, to, from token.Pos) string {
	src := pre + code
	f := fset.File(from)
	if f == nil {
		return ""
	}
	a, b := f.Offset(from), f.Offset(to)
	if a < 0 || b > len(src) || a > b {
		return ""
	}
	return src[a:b]
}

func (a *api) decls(f *ast.File, code, pos string) []string {
	var probs []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			probs = append(probs, a.decl(fd, code, pos)...)
		}
	}
	return probs
}

// decl checks a declaration of an exported name.
func (a *api) decl(fd *ast.FuncDecl, code, pos string) []string {
	name := fd.Name.Name
	if !fd.Name.IsExported() {
		return nil
	}
	known := a.sigs[name]
	if len(known) == 0 {
		return []string{fmt.Sprintf("%s: `%s` declares %s, which neither the starter nor the package it imports declares", pos, code, name)}
	}
	got, variadic := params(fd.Type)
	for _, s := range known {
		if s.variadic == variadic && equal(s.params, got) {
			return nil
		}
	}
	return []string{fmt.Sprintf("%s: `%s` does not match the declaration: %s (write the parameters as it names them)", pos, code, a.where(name))}
}

// argCheck says how a call's arguments are compared with the
// parameters: not at all (code, whose arguments are values), or by name
// for each argument written as a plain name that is not one of values.
type argCheck struct {
	names  bool
	values map[string]bool
	// bare: report a bare call (no receiver) of an unknown name; comments
	// hold pseudo-code such as Request(pi).
	bare bool
}

var (
	inSpan  = argCheck{names: true, bare: true}
	inBlock = argCheck{bare: true}
)

// comment checks call-shaped text from a starter comment.
func (a *api) comment(code, pos string, values map[string]bool) []string {
	e, err := parser.ParseExpr(code)
	if err != nil {
		return nil
	}
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	return a.call(c, code, pos, argCheck{names: true, values: values})
}

// call checks a call of an exported name.
func (a *api) call(c *ast.CallExpr, code, pos string, how argCheck) []string {
	var name string
	switch f := c.Fun.(type) {
	case *ast.Ident:
		name = f.Name
		if len(a.sigs[name]) == 0 && !how.bare {
			return nil
		}
	case *ast.SelectorExpr:
		root := f.X
		for {
			if s, ok := root.(*ast.SelectorExpr); ok {
				root = s.X
				continue
			}
			break
		}
		id, ok := root.(*ast.Ident)
		if !ok || !a.roots[id.Name] {
			return nil
		}
		name = f.Sel.Name
	default:
		return nil
	}
	if !ast.IsExported(name) {
		return nil
	}
	known := a.sigs[name]
	if len(known) == 0 {
		return []string{fmt.Sprintf("%s: `%s` calls %s, which neither the starter nor the package it imports declares", pos, code, name)}
	}
	for _, s := range known {
		if fits(s, c.Args, c.Ellipsis.IsValid(), how) {
			return nil
		}
	}
	return []string{fmt.Sprintf("%s: `%s` does not match the declaration: %s (write the parameters as it names them)", pos, code, a.where(name))}
}

// fits says whether args match s.
func fits(s signature, args []ast.Expr, spread bool, how argCheck) bool {
	switch {
	case s.variadic && !spread:
		if len(args) < len(s.params)-1 {
			return false
		}
	case len(args) != len(s.params):
		return false
	}
	if !how.names {
		return true
	}
	for i, arg := range args {
		id, ok := arg.(*ast.Ident)
		if !ok || i >= len(s.params) || s.params[i] == "_" || how.values[id.Name] {
			continue
		}
		if id.Name != s.params[i] {
			return false
		}
	}
	return true
}

// where says how name is declared: "rasteps.Vars declares
// SendRequest(to, num)", "the starter's Node declares P4(N)".
func (a *api) where(name string) string {
	var ds []string
	for _, s := range a.sigs[name] {
		p := strings.Join(s.params, ", ")
		if s.variadic {
			p += "..."
		}
		owner := s.owner
		switch {
		case owner == "func":
			owner = "the starter"
		case !strings.Contains(owner, "."):
			owner = "the starter's " + owner
		}
		ds = append(ds, fmt.Sprintf("%s declares %s(%s)", owner, name, p))
	}
	return strings.Join(ds, "; ")
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != "_" && b[i] != "_" {
			return false
		}
	}
	return true
}
