package iface

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// written says which registry algorithm each interface's reference is,
// state for state (its package's tests say so), and the interface type
// its student implements: dmelab new exercise starts an exercise on an
// algorithm that has none yet from its interface alone.
var written = map[string]struct{ algo, steps string }{
	"centralsteps":       {"central", "Steps"},
	"electionbullysteps": {"election-bully", "Steps"},
	"electionringsteps":  {"election-ring", "Steps"},
	"lamportsteps":       {"lamport", "Steps"},
	"maekawasteps":       {"maekawa", "Steps"},
	"permringsteps":      {"permission-ring", "Steps"},
	"ralamportsteps":     {"ra-lamport", "Steps"},
	"rasteps":            {"ra-benari", "Steps"},
	"rav1steps":          {"ra-v1", "ChooseSteps"},
	"rav2steps":          {"ra-v2", "ChooseSteps"},
	"rav3steps":          {"ra-v3", "HighestSteps"},
	"raymondsteps":       {"raymond", "Steps"},
	"suzukikasamisteps":  {"suzuki-kasami", "Steps"},
	"tokenringsteps":     {"token-ring", "Steps"},
}

// ForAlgorithm is the interface whose student writes algo, or nil.
func ForAlgorithm(algo string) *Interface {
	for _, name := range Names() {
		if written[name].algo == algo {
			return Lookup(name)
		}
	}
	return nil
}

// Runs is the registry algorithm whose steps i's harness runs: an
// exercise on another algorithm cannot use i.
func (i *Interface) Runs() string { return written[i.Name].algo }

// Skeleton is a starter file for the interface: type Node embedding the
// package's Vars, and every method of its steps type and every function
// of Funcs with its doc comment and an empty body. It reads the
// interface's package under root (the dmelab sources), so that it says
// what the package says.
func (i *Interface) Skeleton(root string) (string, error) {
	steps := written[i.Name].steps
	if !i.Node || steps == "" {
		return "", fmt.Errorf("interface %s has no handlers to write a skeleton of", i.Name)
	}
	it, err := stepsType(filepath.Join(root, "algorithms", i.Pkg()), steps)
	if err != nil {
		return "", fmt.Errorf("%s: %w", i.Import, err)
	}
	pkg := i.Pkg()
	var b strings.Builder
	fmt.Fprintf(&b, "// %s: write the handlers. Read the statement for the rules.\npackage student\n\nimport %q\n\n", written[i.Name].algo, i.Import)
	fmt.Fprintf(&b, "// Node is one node. The harness owns its variables (%s.Vars).\ntype Node struct{ *%s.Vars }\n", pkg, pkg)
	for _, m := range it.Methods.List {
		ft, ok := m.Type.(*ast.FuncType)
		if !ok || len(m.Names) == 0 {
			return "", fmt.Errorf("%s embeds an interface: write the skeleton by hand", steps)
		}
		qualify(ft, pkg)
		var sig bytes.Buffer
		if err := format.Node(&sig, token.NewFileSet(), ft); err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\n%sfunc (%s Node) %s%s {\n%s}\n", comment(m.Doc), receiver(ft), m.Names[0].Name, strings.TrimPrefix(sig.String(), "func"), body(ft.Results))
	}
	for _, name := range slices.Sorted(maps.Keys(i.Funcs)) {
		fmt.Fprintf(&b, "\n// %s: see exercise.md.\n%s {\n\t// TODO\n\treturn nil\n}\n", name, i.Funcs[name])
	}
	src, err := format.Source([]byte(b.String()))
	return string(src), err
}

// stepsType finds the interface type called name in the package in dir.
func stepsType(dir, name string) (*ast.InterfaceType, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		return nil, errors.New("no Go files: is the root the dmelab sources?")
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			if g, ok := d.(*ast.GenDecl); ok {
				for _, s := range g.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == name {
						if it, ok := ts.Type.(*ast.InterfaceType); ok {
							return it, nil
						}
					}
				}
			}
		}
	}
	return nil, fmt.Errorf("no interface type %s", name)
}

// qualify writes the package's own exported types in ft as pkg.T, as the
// student's file names them.
func qualify(ft *ast.FuncType, pkg string) {
	ast.Inspect(ft, func(n ast.Node) bool {
		f, ok := n.(*ast.Field)
		if !ok {
			return true
		}
		f.Type = qualified(f.Type, pkg)
		return false
	})
}

// qualified is t with every exported identifier prefixed by pkg.
func qualified(t ast.Expr, pkg string) ast.Expr {
	switch x := t.(type) {
	case *ast.Ident:
		if x.IsExported() {
			return &ast.SelectorExpr{X: ast.NewIdent(pkg), Sel: x}
		}
	case *ast.ArrayType:
		x.Elt = qualified(x.Elt, pkg)
	case *ast.StarExpr:
		x.X = qualified(x.X, pkg)
	case *ast.MapType:
		x.Key, x.Value = qualified(x.Key, pkg), qualified(x.Value, pkg)
	}
	return t
}

// receiver is the receiver's name: n, as the exercises write it, unless
// a parameter has that name.
func receiver(ft *ast.FuncType) string {
	for _, f := range ft.Params.List {
		for _, p := range f.Names {
			if p.Name == "n" {
				return "node"
			}
		}
	}
	return "n"
}

// comment is the doc comment d as the skeleton's, or "".
func comment(d *ast.CommentGroup) string {
	if d == nil {
		return ""
	}
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(d.Text()), "\n") {
		b.WriteString(strings.TrimRight("// "+l, " ") + "\n")
	}
	return b.String()
}

// body is a handler's empty body: a TODO, and a zero result if it has one.
func body(results *ast.FieldList) string {
	if results == nil || len(results.List) == 0 {
		return "\t// TODO\n"
	}
	zero := "nil"
	if id, ok := results.List[0].Type.(*ast.Ident); ok {
		switch {
		case id.Name == "bool":
			zero = "false"
		case id.Name == "string":
			zero = `""`
		case strings.HasPrefix(id.Name, "int") || strings.HasPrefix(id.Name, "uint"):
			zero = "0"
		}
	}
	return "\t// TODO\n\treturn " + zero + "\n"
}
