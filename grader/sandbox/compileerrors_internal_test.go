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

// A method whose name is the interface's but for its case, or for one
// letter, is told at its line as the method that must be renamed, with
// why (Go exports only capitalised names), and the compiler's have and
// want: not as a method the file lacks. A near name that could be one of
// several (P1: P2 and P11 alike), or a function or another type's
// method, is not taken for it.
func TestCompileErrorsOfAMisspeltMethod(t *testing.T) {
	src := `package central

import "dmelab/algorithms/centralsteps"

type Node struct{ *centralsteps.Vars }

type other struct{}

func (n Node) onGrant() {}

func (n *Node) OnRelaese(from int) {}

func (n Node) Ontry() {}

func (o other) Exits() {}

func (n Node) P2()  {}
func (n Node) P11() {}
`
	missing := func(name, have string) string {
		s := "/tmp/dmelab-build-3/main.go:11:23: cannot use (*student.Node)(nil) (value of type *central.Node) as centralsteps.Steps value in variable declaration: *central.Node does not implement centralsteps.Steps (missing method " + name + ")\n"
		if have != "" {
			s += "\t\thave " + have + "()\n\t\twant " + name + "()\n"
		}
		return s
	}
	out := "# dmelab/grader/internal/sub/s89\n" + missing("OnGrant", "onGrant") + missing("OnRelease", "") + missing("OnTry", "Ontry") + missing("Exit", "") + missing("P1", "")
	ps := compileErrors(out, "central.go", []byte(src), nil)
	require.Equal(t, []report.Problem{
		{Line: 9, Col: 15, Source: "func (n Node) onGrant() {}",
			Msg: "your method onGrant (line 9) must be named OnGrant: Go exports a method only when its name starts with a capital letter, and the exercise's interface (centralsteps.Steps) needs it exported (have onGrant(); want OnGrant())"},
		{Line: 11, Col: 16, Source: "func (n *Node) OnRelaese(from int) {}",
			Msg: "your method OnRelaese (line 11) must be named OnRelease, which the exercise's interface (centralsteps.Steps) needs"},
		{Line: 13, Col: 15, Source: "func (n Node) Ontry() {}",
			Msg: "your method Ontry (line 13) must be named OnTry: Go's names are case-sensitive, and the exercise's interface (centralsteps.Steps) needs this one (have Ontry(); want OnTry())"},
		{Msg: "Node has no method Exit, which the exercise's interface (centralsteps.Steps) needs: keep the starter's func (n Node) Exit(...)"},
		{Msg: "Node has no method P1, which the exercise's interface (centralsteps.Steps) needs: keep the starter's func (n Node) P1(...)"},
	}, ps)
}

// oneEdit is a letter added, removed, changed, or two swapped.
func TestOneEdit(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"OnGrant", "OnGrant", false}, {"OnGrant", "OnGrnt", true}, {"OnGrnt", "OnGrant", true}, {"OnGrant", "OnGrand", true},
		{"OnGrant", "OnGarnt", true}, {"OnGrant", "OnGrantt", true}, {"OnGrant", "nGrantO", false}, {"OnGrant", "OnGrn", false},
		{"P1", "P11", true}, {"P1", "P23", false}, {"", "a", true}, {"ab", "ba", true}, {"abc", "bca", false},
	} {
		assert.Equal(t, c.want, oneEdit(c.a, c.b), "%q %q", c.a, c.b)
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

// A failed build under the student's package header is the student's
// feedback, but not when a tool says the machine failed (a full disk):
// that is the grader's to retry, and its paths are the server's.
func TestBuildFailureIsTheFilesOnlyWhenItIs(t *testing.T) {
	msg, ok := buildFailure("# dmelab/grader/internal/sub/s1/student\n<autogenerated>:1: dmelab/grader/internal/sub/s1/student.big: symbol too large (1099511627776 bytes > 2000000000 bytes)\n", "mine.go")
	require.True(t, ok)
	assert.Equal(t, "the build of the file failed: big: symbol too large (1099511627776 bytes > 2000000000 bytes)", msg)
	for _, out := range []string{
		"# dmelab/grader/internal/sub/s1/student\nwrite ../go-build123/b001/_pkg_.a: no space left on device\n",
		"# dmelab/grader/internal/sub/s1/student\ncompile: signal: killed\n",
		"go: no package header at all\n",
	} {
		_, ok := buildFailure(out, "mine.go")
		assert.False(t, ok, out)
	}
}
