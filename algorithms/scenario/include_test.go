package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memFS reads included files from a map, as the grader and the tests do.
type memFS map[string]string

func (m memFS) read(name string) ([]byte, error) {
	s, ok := m[name]
	if !ok {
		return nil, fmt.Errorf("no file %s", name)
	}
	return []byte(s), nil
}

func TestIncludeExpands(t *testing.T) {
	fs := memFS{
		"dir/pre.scn":        "# the set-up\nalgorithm central\ninclude more/nodes.scn\n",
		"dir/more/nodes.scn": "nodes S A B\n",
	}
	main := "include pre.scn  # shared\nrequest A\nrun\nexpect A enters before B\nexpect messages = 6\n"
	s, err := LoadFiles("dir/main.scn", []byte(main), fs.read)
	require.NoError(t, err)
	assert.Equal(t, []string{"S", "A", "B"}, s.Setup.Names)
	assert.Equal(t, "central", s.Setup.Alg.Name)
	r := Run(s, Options{})
	require.True(t, r.OK(), r.Report())

	// The printer keeps include lines: fmt does not inline preambles.
	f, err := Parse("dir/main.scn", []byte(main))
	require.NoError(t, err)
	assert.Equal(t, main, Format(f))
}

func TestIncludeErrors(t *testing.T) {
	fs := memFS{
		"loop.scn":  "include loop2.scn\n",
		"loop2.scn": "include loop.scn\n",
		"bad.scn":   "algorithm central\nnodes A B\nrequest\n",
	}
	for _, tc := range []struct{ src, want string }{
		{"include missing.scn\n", "m.scn:1:1: include missing.scn: no file missing.scn"},
		{"include loop.scn\n", "loop2.scn:1:1: include loop.scn: the file includes itself (m.scn → loop.scn → loop2.scn → loop.scn)"},
		{"include bad.scn\n", "bad.scn:3:8: expected"},
		{"include\n", "m.scn:1:8: expected the file to include"},
	} {
		_, err := LoadFiles("m.scn", []byte(tc.src), fs.read)
		require.Error(t, err, tc.src)
		assert.Contains(t, err.Error(), tc.want, tc.src)
	}
	// Without a reader (the playground), include is a clear error.
	_, err := Load("m.scn", []byte("include pre.scn\n"))
	assert.ErrorContains(t, err, "m.scn:1:1: include pre.scn: files can only be included")
}

func TestChannelStatement(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"channel A->C fifo\n", "unknown node C"},
		{"channel A->A fifo\n", "no channel to itself"},
		{"channel A->B fifo\nchannel A->B unordered\n", "channel A->B is given twice"},
		{"channel A->B sometimes\n", "expected fifo or unordered"},
		{"channel A B fifo\n", "missing -> before \"B\": write \"channel A->B fifo\""},
	} {
		_, err := Load("c.scn", []byte("algorithm central\nnodes A B\n"+tc.src))
		require.Error(t, err, tc.src)
		assert.Contains(t, err.Error(), tc.want, tc.src)
	}
	s, err := Load("c.scn", []byte("algorithm lamport\nnodes A B C\nchannel B->A unordered\n"))
	require.NoError(t, err)
	w, err := s.Setup.World()
	require.NoError(t, err)
	assert.False(t, w.FIFO(1, 0))
	assert.True(t, w.FIFO(0, 1))
}

// "N3 recovers" is the friendlier spelling of "recover N3"; recoveries is
// a budget like crashes.
func TestRecoverStatement(t *testing.T) {
	f, err := Parse("r.scn", []byte("algorithm election-bully\nnodes A B\ncrashes 1\nrecoveries 1\ncrash B\nB recovers\n"))
	require.NoError(t, err)
	assert.Equal(t, "algorithm election-bully\nnodes A B\ncrashes 1\nrecoveries 1\ncrash B\nrecover B\n", Format(f))
	s, err := Check(f)
	require.NoError(t, err)
	r := Run(s, Options{})
	require.Nil(t, r.Stopped, r.Report())
	assert.Equal(t, "recover B", r.Steps[1].Event)

	_, err = Load("r.scn", []byte("algorithm election-bully\nnodes A B\ncrashes 1\ncrash B\nrecover B\n"))
	assert.ErrorContains(t, err, "r.scn:5:1: recovery 1, but recoveries is 0")
	_, err = Load("r.scn", []byte("algorithm election-bully\nnodes A B\nrecoveries 9\n"))
	assert.ErrorContains(t, err, "recoveries must be at most 3")
}

// TestLoadFilesReportsTogether: a syntax error in an included preamble and
// an undeclared node in the including file come in one list, and the
// settings the broken preamble may hold are not called missing.
func TestLoadFilesReportsTogether(t *testing.T) {
	files := map[string]string{
		"pre.scn":  "algorithm ra-lamport\nnodes N1 N2\nclock N1 3\n",
		"main.scn": "include pre.scn\nrequest N3\nrun until N1 enters\n",
	}
	read := func(name string) ([]byte, error) { return []byte(files[name]), nil }
	_, err := LoadFiles("main.scn", []byte(files["main.scn"]), read)
	require.Error(t, err)
	assert.Equal(t, "main.scn:2:9: unknown node N3: the nodes are N1 N2 (to use N3, add it to the nodes line)\n"+
		"pre.scn:3:10: missing = before \"3\": write \"clock N1 = 3\"", err.Error())
}

// Includes that fan out (each file including the next forty times, a
// "billion laughs") are bounded by what they bring in, not only by their
// depth: the error says the bound and the chain of includes that passed
// it, at once. Each file is read once however often it is included, and
// a broken one's syntax errors are said once.
func TestIncludeFanOutIsBounded(t *testing.T) {
	fs := memFS{"main.scn": "algorithm central\nnodes N1 N2\ninclude l0.scn\nrequest N1\n", "l6.scn": "request N2\n"}
	for i := 0; i < 6; i++ {
		fs[fmt.Sprintf("l%d.scn", i)] = strings.Repeat(fmt.Sprintf("include l%d.scn\n", i+1), 40)
	}
	reads := map[string]int{}
	read := func(name string) ([]byte, error) { reads[name]++; return fs.read(name) }
	_, err := LoadFiles("main.scn", []byte(fs["main.scn"]), read)
	require.Error(t, err)
	assert.Equal(t, "l5.scn:26:1: include l6.scn: more than 10,000 files included, each counted every time it is included "+
		"(main.scn → l0.scn → l1.scn → l2.scn → l3.scn → l4.scn → l5.scn → l6.scn): include each file once", err.Error())
	for name, n := range reads {
		assert.Equal(t, 1, n, name)
	}

	// Fewer, bigger files: their bytes are bounded (b.scn's 640 bytes and
	// 31 copies of big.scn's 128 KiB fit in 4 MiB, a 32nd does not).
	fs = memFS{"big.scn": strings.Repeat("# a comment of sixty-four bytes with its end of line, 128 KiB..\n", 2048), "b.scn": strings.Repeat("include big.scn\n", 40)}
	_, err = LoadFiles("m.scn", []byte("include b.scn\n"), fs.read)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b.scn:32:1: include big.scn: the included files come to more than 4 MiB, each counted every time it is included (m.scn → b.scn → big.scn)")

	// A broken file included twice: its error once.
	fs = memFS{"bad.scn": "request\n"}
	_, err = LoadFiles("m.scn", []byte("algorithm central\nnodes A B\ninclude bad.scn\ninclude bad.scn\n"), fs.read)
	require.Error(t, err)
	assert.Equal(t, `bad.scn:1:8: expected a node name after "request", e.g. "request N1"`, err.Error())
}
