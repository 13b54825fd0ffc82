package stepwire

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every steps package's Guest functions (those whose name starts with
// Guest: the guest's side a grading's main package calls) carry
// //go:noinline, so that the wire's generic instantiations are not
// compiled again in every grading (the package doc says why).
func TestGuestsAreNotInlined(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "*steps", "*.go"))
	require.NoError(t, err)
	fset := token.NewFileSet()
	guests := map[string]bool{} // package dir → has a Guest
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		require.NoError(t, err)
		dir := filepath.Base(filepath.Dir(f))
		if _, ok := guests[dir]; !ok {
			guests[dir] = false
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Guest") {
				continue
			}
			guests[dir] = true
			noinline := false
			if fn.Doc != nil {
				for _, c := range fn.Doc.List {
					noinline = noinline || c.Text == "//go:noinline"
				}
			}
			assert.True(t, noinline, "%s: %s is not marked //go:noinline", fset.Position(fn.Pos()), fn.Name.Name)
		}
	}
	require.GreaterOrEqual(t, len(guests), 11, "the steps packages")
	for dir, has := range guests {
		assert.True(t, has, "%s has no Guest", dir)
	}
}
