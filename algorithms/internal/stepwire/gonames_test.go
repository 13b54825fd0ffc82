package stepwire

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A state prints as the seeds' word (RELEASED) in the state tables and
// scenarios, and as its constant (Released) in a fault, which quotes the
// student's code.
func TestStateNames(t *testing.T) {
	for s, want := range map[State][2]string{Released: {"RELEASED", "Released"}, Wanted: {"WANTED", "Wanted"}, Held: {"HELD", "Held"}, 7: {"State(7)", "State(7)"}} {
		assert.Equal(t, want, [2]string{s.String(), s.GoName()})
	}
}

// stateNames is what one package says of its State: the names of its
// constants in order and the words String and GoName give them.
type stateNames struct {
	consts, shown, goNames []string
	alias                  bool // State is stepwire's
}

// Every steps package's faults name states as the student's code does:
// its State (its own or stepwire's) has a GoName that gives each constant
// its name, no fault text spells a state as String does (RELEASED), and
// no fault formats a State value itself (whose %s is String's word)
// rather than its GoName.
func TestFaultsNameStatesAsTheCode(t *testing.T) {
	sw := parseStates(t, ".", nil)
	require.Equal(t, own, sw.consts)
	assert.Equal(t, own, sw.goNames, "stepwire's GoName")

	files, err := filepath.Glob(filepath.Join("..", "..", "*steps", "*.go"))
	require.NoError(t, err)
	byDir := map[string][]string{}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			byDir[filepath.Dir(f)] = append(byDir[filepath.Dir(f)], f)
		}
	}
	require.GreaterOrEqual(t, len(byDir), 11, "the steps packages")
	withStates := 0
	for dir, files := range byDir {
		pkg := filepath.Base(dir)
		st := parseStates(t, dir, files)
		switch {
		case st.alias:
			st.shown, st.goNames = sw.shown, sw.goNames
		case st.consts == nil:
			continue // no State
		default:
			assert.Equal(t, st.consts, st.goNames, "%s: GoName names the State constants", pkg)
			assert.Len(t, st.shown, len(st.consts), "%s: String names the State constants", pkg)
		}
		withStates++
		var words []string
		for i, w := range st.shown {
			if i < len(st.goNames) && w != st.goNames[i] {
				words = append(words, regexp.QuoteMeta(w))
			}
		}
		require.NotEmpty(t, words, "%s: String and GoName say the same", pkg)
		shown := regexp.MustCompile(`\b(` + strings.Join(words, "|") + `)\b`)
		for _, f := range files {
			checkFaults(t, f, shown)
		}
	}
	assert.GreaterOrEqual(t, withStates, 8, "the steps packages with a State")
}

// parseStates reads dir's State (files, or all of dir's non-test files
// when nil).
func parseStates(t *testing.T, dir string, files []string) stateNames {
	if files == nil {
		all, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, f := range all {
			if !strings.HasSuffix(f, "_test.go") {
				files = append(files, f)
			}
		}
	}
	var st stateNames
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if s, ok := spec.(*ast.TypeSpec); ok && s.Name.Name == "State" && s.Assign != 0 {
						sel, ok := s.Type.(*ast.SelectorExpr)
						st.alias = ok && sel.Sel.Name == "State"
					}
				}
				st.consts = append(st.consts, stateConsts(t, fset, d)...)
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) != 1 || types(d.Recv.List[0].Type) != "State" {
					continue
				}
				switch d.Name.Name {
				case "String":
					st.shown = namedArgs(d)
				case "GoName":
					st.goNames = namedArgs(d)
				}
			}
		}
	}
	return st
}

// stateConsts is the names a const block d declares as State constants:
// a block whose first spec is "X State = iota" names them all; aliases of
// stepwire's ("const Released, Wanted, Held = stepwire.Released, ...")
// must keep stepwire's names.
func stateConsts(t *testing.T, fset *token.FileSet, d *ast.GenDecl) []string {
	if d.Tok != token.CONST {
		return nil
	}
	for _, spec := range d.Specs {
		s := spec.(*ast.ValueSpec)
		for i, v := range s.Values {
			sel, ok := v.(*ast.SelectorExpr)
			if !ok || i >= len(s.Names) {
				continue
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "stepwire" && slices.Contains(own, sel.Sel.Name) {
				assert.Equal(t, sel.Sel.Name, s.Names[i].Name, "%s: stepwire's state under another name", fset.Position(v.Pos()))
			}
		}
	}
	first := d.Specs[0].(*ast.ValueSpec)
	if id, ok := first.Type.(*ast.Ident); !ok || id.Name != "State" || len(first.Values) != 1 {
		return nil
	}
	if v, ok := first.Values[0].(*ast.Ident); !ok || v.Name != "iota" {
		return nil
	}
	var names []string
	for i, spec := range d.Specs {
		s := spec.(*ast.ValueSpec)
		if i > 0 && s.Values != nil {
			break
		}
		for _, n := range s.Names {
			names = append(names, n.Name)
		}
	}
	return names
}

// own is the names of stepwire's State constants.
var own = []string{"Released", "Wanted", "Held"}

// types is a receiver's type name (State for s State or s *State).
func types(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// namedArgs is the names a method's Named call gives (its string
// arguments after the type's name).
func namedArgs(d *ast.FuncDecl) []string {
	var names []string
	ast.Inspect(d, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !strings.HasSuffix(callee(call), "Named") || len(call.Args) < 2 {
			return true
		}
		for _, a := range call.Args[2:] {
			if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				names = append(names, s)
			}
		}
		return false
	})
	return names
}

func callee(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			return x.Name + "." + f.Sel.Name
		}
		return f.Sel.Name
	}
	return ""
}

// checkFaults requires that file f spells no state as shown outside a
// String method, and formats no State value (v.State, or a parameter of
// type State) in a fmt.Sprintf.
func checkFaults(t *testing.T, f string, shown *regexp.Regexp) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, f, nil, 0)
	require.NoError(t, err)
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if ok && fn.Name.Name == "String" {
			continue
		}
		states := map[string]bool{} // parameters of type State
		if ok {
			for _, p := range fn.Type.Params.List {
				if id, ok := p.Type.(*ast.Ident); ok && id.Name == "State" {
					for _, n := range p.Names {
						states[n.Name] = true
					}
				}
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					s, _ := strconv.Unquote(n.Value)
					assert.NotRegexp(t, shown, s, "%s: a fault spells a state as the state tables do, not as the student's code", fset.Position(n.Pos()))
				}
			case *ast.CallExpr:
				if callee(n) != "fmt.Sprintf" {
					return true
				}
				for _, a := range n.Args[1:] {
					bare := false
					switch a := a.(type) {
					case *ast.SelectorExpr:
						bare = a.Sel.Name == "State"
					case *ast.Ident:
						bare = states[a.Name]
					}
					assert.False(t, bare, "%s: a fault formats a State value (String's word), not its GoName", fset.Position(a.Pos()))
				}
			}
			return true
		})
	}
}
