package sandbox

import (
	"go/ast"
	"go/token"
)

// The file's own types as StateOutsideNode reads them: from the file's
// declarations, composite literals, make and new, & and the results of
// its functions, without type checking (the harness's packages are not
// at hand where the note is made). What a variable's type is decides
// which of the file's methods a call on it runs, and whether what it
// hands on shares the variable's memory.

// root is the identifier e is rooted at (x in x, x[i], x.f, x[i].f, *x,
// x[i:j] and (x)), with the steps from it and whether one indexes; nil
// for anything else (a call's result, a literal).
func root(e ast.Expr) (id *ast.Ident, steps int, index bool) {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x, steps, index
		case *ast.IndexExpr:
			e, index = x.X, true
		case *ast.IndexListExpr:
			e, index = x.X, true
		case *ast.SliceExpr:
			e, index = x.X, true
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
			continue
		default:
			return nil, 0, false
		}
		steps++
	}
}

// params is a function's parameters, in order (nil for an unnamed one).
func params(fd *ast.FuncDecl) []*ast.Object {
	var ps []*ast.Object
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			ps = append(ps, nil)
		}
		for _, n := range f.Names {
			ps = append(ps, n.Obj)
		}
	}
	return ps
}

func receiver(fd *ast.FuncDecl) *ast.Object {
	if fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
		return nil
	}
	return fd.Recv.List[0].Names[0].Obj
}

// typeName is the name of the type t is or points to ("" for a type of
// another package or one without a name).
func typeName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// lookup is the method of the file x.name calls: the one of x's type
// (or of a type it embeds); nil when x's type is not known.
func (a *pkgState) lookup(x ast.Expr, name string) []*ast.FuncDecl {
	t := a.typeOf(x, 0)
	if t == nil {
		return nil
	}
	for depth := 0; depth < 4; depth++ {
		if _, ok := deref(t).(*ast.SelectorExpr); ok {
			return nil // another package's type
		}
		tn := typeName(t)
		if m := a.methods[tn][name]; m != nil {
			return []*ast.FuncDecl{m}
		}
		st, ok := under(t).(*ast.StructType)
		if !ok {
			return nil
		}
		var next ast.Expr
		for _, f := range st.Fields.List {
			if len(f.Names) == 0 && a.methods[typeName(f.Type)][name] != nil {
				next = f.Type
			}
		}
		if next == nil {
			return nil
		}
		t = next
	}
	return nil
}

// typeOf is the type of e as the file writes it, when the file's
// declarations tell it: a variable's or parameter's declared type, or
// its initial value's (a composite literal, make, new, &, a conversion,
// a call of the file's function), a field's, an element's; nil when not
// known.
func (a *pkgState) typeOf(e ast.Expr, depth int) ast.Expr {
	if depth > 10 {
		return nil
	}
	depth++
	switch x := e.(type) {
	case *ast.ParenExpr:
		return a.typeOf(x.X, depth)
	case *ast.Ident:
		if x.Obj == nil || x.Obj.Kind != ast.Var {
			return nil
		}
		switch d := x.Obj.Decl.(type) {
		case *ast.Field:
			if el, ok := d.Type.(*ast.Ellipsis); ok {
				return &ast.ArrayType{Elt: el.Elt}
			}
			return d.Type
		case *ast.ValueSpec:
			if d.Type != nil {
				return d.Type
			}
			for i, n := range d.Names {
				if n.Obj == x.Obj && len(d.Values) == len(d.Names) {
					return a.typeOf(d.Values[i], depth)
				}
			}
		case *ast.AssignStmt:
			for i, l := range d.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Obj == x.Obj && len(d.Lhs) == len(d.Rhs) && d.Rhs[i] != e {
					return a.typeOf(d.Rhs[i], depth)
				}
			}
		}
	case *ast.SelectorExpr:
		st, ok := under(deref(under(a.typeOf(x.X, depth)))).(*ast.StructType)
		if !ok {
			return nil
		}
		for _, f := range st.Fields.List {
			if len(f.Names) == 0 && typeName(f.Type) == x.Sel.Name {
				return f.Type
			}
			for _, n := range f.Names {
				if n.Name == x.Sel.Name {
					return f.Type
				}
			}
		}
	case *ast.IndexExpr:
		switch t := under(deref(under(a.typeOf(x.X, depth)))).(type) {
		case *ast.ArrayType:
			return t.Elt
		case *ast.MapType:
			return t.Value
		}
	case *ast.SliceExpr:
		switch t := under(deref(under(a.typeOf(x.X, depth)))).(type) {
		case *ast.ArrayType:
			return &ast.ArrayType{Elt: t.Elt}
		}
	case *ast.StarExpr:
		if p, ok := under(a.typeOf(x.X, depth)).(*ast.StarExpr); ok {
			return p.X
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if t := a.typeOf(x.X, depth); t != nil {
				return &ast.StarExpr{X: t}
			}
		}
	case *ast.CompositeLit:
		return x.Type
	case *ast.CallExpr:
		switch fn := ast.Unparen(x.Fun).(type) {
		case *ast.Ident:
			if fn.Obj == nil && len(x.Args) > 0 {
				switch fn.Name {
				case "make":
					return x.Args[0]
				case "new":
					return &ast.StarExpr{X: x.Args[0]}
				}
				return nil
			}
			if fn.Obj != nil && fn.Obj.Kind == ast.Typ {
				return fn
			}
			if g := a.funcs[fn.Obj]; g != nil && g.Type.Results != nil && len(g.Type.Results.List) == 1 && len(g.Type.Results.List[0].Names) <= 1 {
				return g.Type.Results.List[0].Type
			}
		case *ast.ArrayType, *ast.MapType, *ast.StarExpr:
			return fn
		}
	}
	return nil
}

// under is the type a named type of the file is declared as (t itself
// for any other).
func under(t ast.Expr) ast.Expr {
	for range 10 {
		switch x := t.(type) {
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			if x.Obj == nil || x.Obj.Kind != ast.Typ {
				return t
			}
			ts, ok := x.Obj.Decl.(*ast.TypeSpec)
			if !ok {
				return t
			}
			t = ts.Type
		default:
			return t
		}
	}
	return t
}

func deref(t ast.Expr) ast.Expr {
	if p, ok := t.(*ast.StarExpr); ok {
		return p.X
	}
	return t
}

// isRef says whether a value of type t (as the file writes it) reaches
// other storage: a pointer, a map or a slice.
func isRef(t ast.Expr) bool {
	switch x := under(t).(type) {
	case *ast.StarExpr, *ast.MapType, *ast.Ellipsis:
		return true
	case *ast.ArrayType:
		return x.Len == nil
	}
	return false
}

func isPtr(t ast.Expr) bool {
	_, ok := under(t).(*ast.StarExpr)
	return ok
}
