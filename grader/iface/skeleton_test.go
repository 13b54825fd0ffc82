package iface

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
)

// Every interface says which registry algorithm it is, so that an
// exercise can start from it.
func TestEveryInterfaceHasAnAlgorithm(t *testing.T) {
	for _, name := range Names() {
		w, ok := written[name]
		require.True(t, ok, "%s is not in written", name)
		assert.NotNil(t, registry.Lookup(w.algo), name)
		assert.Equal(t, name, ForAlgorithm(w.algo).Name)
	}
	assert.Nil(t, ForAlgorithm("ra-benari-flagfirst"))
}

// A skeleton parses, declares Node and every handler with the package's
// doc comment, qualifies the package's types and returns zero values.
func TestSkeleton(t *testing.T) {
	for _, name := range Names() {
		src, err := Lookup(name).Skeleton("../..")
		require.NoError(t, err, name)
		_, err = parser.ParseFile(token.NewFileSet(), "starter.go", src, 0)
		require.NoError(t, err, "%s:\n%s", name, src)
		assert.Contains(t, src, "type Node struct{ *"+Lookup(name).Pkg()+".Vars }", name)
	}
	sk, err := ForAlgorithm("suzuki-kasami").Skeleton("../..")
	require.NoError(t, err)
	assert.Contains(t, sk, "// OnToken(): the token has come (LN and Q are loaded): enter.\nfunc (n Node) OnToken() {\n\t// TODO\n}\n")
	assert.Contains(t, sk, "func (n Node) OnRequest(from, num int) {")
	m, err := Lookup("maekawasteps").Skeleton("../..")
	require.NoError(t, err)
	assert.Contains(t, m, "func VotingSets(n int) [][]int {\n\t// TODO\n\treturn nil\n}")
	_, err = Lookup("centralsteps").Skeleton(t.TempDir())
	assert.ErrorContains(t, err, "no Go files")
}
