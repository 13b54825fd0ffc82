package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

const misfitSrc = `package ra

import "dmelab/algorithms/rasteps"

type Node struct{ *rasteps.Vars }

func (n Node) P9(N int, x int) {
	n.SendReply(N)
}

func P8(N int) {}
`

// What go build says of a file whose P9 takes an extra argument, whose
// P8 is a function, and which lacks P11, with a student error whose
// have and want lines follow it.
const misfitOut = `# dmelab/grader/internal/sub/s0123
/tmp/dmelab-build-1/main.go:11:23: cannot use (*student.Node)(nil) (value of type *ra.Node) as rasteps.Steps value in variable declaration: *ra.Node does not implement rasteps.Steps (wrong type for method P9)
		have P9(int, int)
		want P9(int)
/tmp/dmelab-build-1/main.go:13:85: cannot use &node (value of type *ra.Node) as rasteps.Steps value in return statement: *ra.Node does not implement rasteps.Steps (wrong type for method P9)
		have P9(int, int)
		want P9(int)
/tmp/dmelab-build-1/main.go:11:23: cannot use (*student.Node)(nil) (value of type *ra.Node) as rasteps.Steps value in variable declaration: *ra.Node does not implement rasteps.Steps (missing method P8)
/tmp/dmelab-build-1/main.go:11:23: cannot use (*student.Node)(nil) (value of type *ra.Node) as rasteps.Steps value in variable declaration: *ra.Node does not implement rasteps.Steps (missing method P11)
/tmp/dmelab-build-1/main.go:12:2: something else the harness could not compile
/tmp/dmelab-build-1/student.go:8:14: too many arguments in call to n.SendReply
	have (int, number)
	want (int)
`

// Each misfit is said once, in the student's terms, at the method's line
// where there is one; the compiler's have and want lines are kept.
func TestCompileErrorsOfAMisfit(t *testing.T) {
	ps := compileErrors(misfitOut, "ra.go", []byte(misfitSrc), nil)
	require.Equal(t, []report.Problem{
		{Line: 7, Col: 15, Msg: "P9 does not have the signature the exercise's interface (rasteps.Steps) needs: have P9(int, int); want P9(int)", Source: "func (n Node) P9(N int, x int) {"},
		{Line: 11, Col: 6, Msg: "P8 is a function, but the exercise's interface (rasteps.Steps) needs it as a method of Node: func (n Node) P8(...), as in the starter", Source: "func P8(N int) {}"},
		{Msg: "Node has no method P11, which the exercise's interface (rasteps.Steps) needs: keep the starter's func (n Node) P11(...)"},
		{Msg: "the file does not fit the exercise's interface: something else the harness could not compile"},
		{Line: 8, Col: 14, Msg: "too many arguments in call to n.SendReply; have (int, number); want (int)", Source: "\tn.SendReply(N)"},
	}, ps)
	for _, p := range ps {
		assert.NotContains(t, p.Msg, "main.go")
		assert.NotContains(t, p.Msg, "student.")
	}
}

// A file that does not parse has no method lines: the misfit is still
// said, for the whole file.
func TestCompileErrorsOfAnUnparsedFile(t *testing.T) {
	ps := compileErrors(misfitOut, "ra.go", []byte("package ra\nfunc (n Node) P9( {\n"), nil)
	require.NotEmpty(t, ps)
	assert.Equal(t, 0, ps[0].Line)
	assert.Contains(t, ps[0].Msg, "P9 does not have the signature")
}

// A package-level function of the interface (Maekawa's VotingSets) with
// another signature: once, at its line, with the starter's signature.
func TestCompileErrorsOfAFunction(t *testing.T) {
	src := "package mk\n\nfunc VotingSets(n int, k int) [][]int { return nil }\n"
	out := `# dmelab/grader/internal/sub/s4567
/tmp/dmelab-build-2/main.go:10:5: cannot use student.VotingSets (value of type func(n int, k int) [][]int) as maekawasteps.Sets value in variable declaration
/tmp/dmelab-build-2/main.go:14:30: cannot use student.VotingSets (value of type func(n int, k int) [][]int) as maekawasteps.Sets value in argument to maekawasteps.Guest
`
	ps := compileErrors(out, "mk.go", []byte(src), map[string]string{"VotingSets": "func VotingSets(n int) [][]int"})
	require.Equal(t, []report.Problem{{Line: 3, Col: 6,
		Msg:    "VotingSets does not have the signature the exercise's interface (maekawasteps.Sets) needs: have func(n int, k int) [][]int; want func(n int) [][]int",
		Source: "func VotingSets(n int, k int) [][]int { return nil }"}}, ps)
}
