package scenario

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"clock N1 114\n", "f.scn:1:10: missing = before \"114\": write \"clock N1 = 114\""},
		{"nodes\n", "f.scn:1:6: expected node names after nodes, e.g. nodes N1 N2 N3"},
		{"nodes N1 2x\n", "f.scn:1:10: \"2x\" is not a node name (a letter first, then letters, digits or _)"},
		{"frobnicate N1\n", "f.scn:1:1: unknown statement \"frobnicate\"; a line starts with a setting"},
		{"  = 3\n", "f.scn:1:3: a line starts with the word of a statement"},
		{"deliver N1 N2 reply\n", "f.scn:1:12: missing -> before \"N2\": write \"deliver N1->N2 reply\""},
		{"step N1\n", "f.scn:1:8: \"step N1\" needs the step's words as the trace writes them, e.g. \"step N1 P2\""},
		{"expect safety fine\n", "f.scn:1:15: expected holds or violated, found \"fine\""},
		{"expect N1 state\n", "f.scn:1:16: \"expect N1 state\" needs = and the value, e.g. \"expect N1 state = VALUE\""},
		{"expect N1 state =\n", "f.scn:1:18: expected the value after =, e.g. \"expect N1 state = VALUE\""},
		{"expect messages = many\n", "f.scn:1:19: expected the number of algorithm messages sent so far, found \"many\""},
		{"run until\n", "f.scn:1:10: \"run until\" needs a condition: \"run until N1 enters\", \"run until N1 phase = in-cs\""},
		{"run fast\n", "f.scn:1:5: run takes nothing, or until and a condition: write \"run\""},
		{"channels lossy\n", "f.scn:1:10: expected fifo or unordered, found \"lossy\""},
		{"voting-set N1 = N1 N2\n", "f.scn:1:17: expected {, found \"N1\""},
		{"schedule {\nrequest N1\n", "f.scn:1:1: schedule { is not closed"},
		{"schedule {\nrun\n}\n", "f.scn:2:1: expected an event (request, exit, step, deliver, app, crash) or }, found \"run\""},
		{"}\n", "f.scn:1:1: } without a schedule { to close"},
		{"request N1 now\n", "f.scn:1:12: expected end of line, found \"now\""},
		{"include \"pre.scn\"\n", "f.scn:1:9: write the file name without quotes"},
		{"requests N1 = 99999999999\n", "f.scn:1:15: 99999999999 is too large"},
	} {
		_, err := Parse("f.scn", []byte(tc.src))
		require.Error(t, err, tc.src)
		assert.Contains(t, err.Error(), tc.want, tc.src)
	}
}

// TestParseSeveralErrors: one error per bad line, in order, the good lines
// still parsed.
func TestParseSeveralErrors(t *testing.T) {
	src := "algorithm ra-lamport\nnodes N1 N2\nclock N1 3\nrequest N1\nexpect N1 state HELD\n}\n"
	f, err := Parse("x.scn", []byte(src))
	var list ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 3)
	assert.Equal(t, "x.scn:3:10", list[0].Pos.String())
	assert.Equal(t, "x.scn:5:17", list[1].Pos.String())
	assert.Equal(t, "x.scn:6:1", list[2].Pos.String())
	assert.Len(t, f.Stmts, 3)
	assert.Equal(t, 3, strings.Count(err.Error(), "\n")+1)
}

func TestParseForms(t *testing.T) {
	src := `algorithm ra-lamport   # which one
nodes N3  N5 N6
N5 requests
N5 exits
N6 crashes
deliver N3 -> N5   request@1
app N3->N5
run until N5 enters
run until N5 state = HELD
run until quiet
expect N5 enters before N6
expect no message N3->N5
expect message N3->N5 reply
expect messages = 4
expect liveness violated
`
	f, err := Parse("f", []byte(src))
	require.NoError(t, err)
	want := []string{
		"algorithm ra-lamport", "nodes N3 N5 N6", "request N5", "exit N5", "crash N6",
		"deliver N3->N5 request@1", "app N3->N5", "run until N5 enters", "run until N5 state = HELD",
		"run until quiet", "expect N5 enters before N6", "expect no message N3->N5",
		"expect message N3->N5 reply", "expect messages = 4", "expect liveness violated",
	}
	require.Len(t, f.Stmts, len(want))
	for i, s := range f.Stmts {
		assert.Equal(t, want[i], StmtString(s))
	}
	assert.Equal(t, "# which one", f.Stmts[0].meta().Comment)
	assert.Equal(t, Pos{"f", 6, 1}, f.Stmts[5].meta().Pos)
}

// TestNeverPanics feeds the parser and checker mangled versions of every
// example: truncated at every line, with random bytes. The fuzzer does
// the same at length.
func TestNeverPanics(t *testing.T) {
	for _, path := range allScenarios(t) {
		src := read(t, path)
		lines := strings.SplitAfter(string(src), "\n")
		for k := range lines {
			cut := strings.Join(lines[:k], "")
			_, _ = Load(path, []byte(cut))
			_, _ = Load(path, []byte(cut+"schedule {\n"+strings.Join(lines[k:], "")))
		}
	}
}

// TestByteOrderMark: a file saved with a byte-order mark reads as the
// same file without it, with the same columns.
func TestByteOrderMark(t *testing.T) {
	const src = "# a comment first\nalgorithm central\nnodes N1 N2\nrequest N2\nexpect N2 phase = wantng\n"
	plain, err := Parse("s.scn", []byte(src))
	require.NoError(t, err)
	marked, err := Parse("s.scn", []byte("\ufeff"+src))
	require.NoError(t, err)
	assert.Equal(t, Format(plain), Format(marked))

	_, err = Parse("s.scn", []byte("\ufeffalgorithm central\nnodes N1 N2\nrequest N9 N9\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "s.scn:3:")
	assert.NotContains(t, err.Error(), "s.scn:1:")
}
