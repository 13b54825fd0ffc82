package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/iface"
)

// A syntax error is told once, at its place, as the compiler tells it:
// the parser's further errors on the same line (it tries to carry on
// past a missing parenthesis) follow from the first and would read as
// four mistakes where the student made one.
func TestSyntaxErrorToldOnceALine(t *testing.T) {
	r := Precheck("p.go", []byte("package ra\n\nfunc broken( {\n\nfunc other( {\n"), iface.Lookup("rasteps"))
	require.NotNil(t, r)
	var lines []int
	for _, p := range r.Problems {
		lines = append(lines, p.Line)
	}
	assert.Equal(t, []int{3, 5}, lines, "%v", r.Problems)
	assert.Equal(t, 14, r.Problems[0].Col)
	assert.Contains(t, r.Problems[0].Msg, "expected ')'")
}
