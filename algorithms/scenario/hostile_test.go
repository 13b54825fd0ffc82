package scenario

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// raw reports the first byte of s a terminal would act on or could not
// show: a control character or a byte that is not UTF-8.
func raw(s string) (rune, bool) {
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") || r != '\n' && !unicode.IsPrint(r) && r != ' ' {
			return r, true
		}
	}
	return 0, false
}

// A control byte (an escape sequence, NUL) or a byte that is not UTF-8
// is told as Go writes it, '\x1b', never echoed raw: a terminal would act
// on it. Wherever it stands in a scenario, no error holds one raw.
func TestControlBytesAreQuoted(t *testing.T) {
	for in, want := range map[string]string{
		"\x1b[31mRED":  `s.scn:2:10: expected a node name, found '\x1b'`,
		"\x00":         `s.scn:2:10: expected a node name, found '\x00'`,
		"\xff":         `s.scn:2:10: expected a node name, found '\xff'`,
		"\u202e":       `s.scn:2:10: expected a node name, found '\u202e'`,
		"\x7f":         `s.scn:2:10: expected a node name, found '\x7f'`,
		"(":            `s.scn:2:10: expected a node name, found (`,
		"\x1b]0;pwn\a": `s.scn:2:10: expected a node name, found '\x1b'`,
	} {
		_, err := Load("s.scn", []byte("algorithm central\nnodes N1 "+in+" N2\nrun\n"))
		require.Error(t, err, "%q", in)
		assert.Equal(t, want, err.Error(), "%q", in)
	}

	src := "algorithm ra-lamport\nnodes N1 N2 N3\nrequests N1 = 2\nclock N1 = 3\nvoting-set N1 = {N1, N2}\nrequest N1\nstep N1 P2 send(request)\ndeliver N1->N2 request\nschedule {\n  exit N1\n}\nrun until N1 enters\nexpect N1 phase = in-cs\nexpect no message N2->N3\nexpect safety holds\ninclude pre.scn # shared\n"
	for _, bad := range []string{"\x1b", "\x00", "\xff", "\x1b[2J", "\u202e"} {
		for i := 0; i <= len(src); i++ {
			in := src[:i] + bad + src[i:]
			_, err := LoadFiles("s.scn", []byte(in), func(name string) ([]byte, error) { return nil, fmt.Errorf("no file %s", name) })
			if err == nil {
				continue
			}
			if r, ok := raw(err.Error()); ok {
				t.Errorf("%q at %d: the error holds %q raw: %s", bad, i, r, err)
			}
		}
	}
}

// A scenario wrong on every line says its first ten errors and counts
// the rest, at the first of them; a value it echoes (a voting set of
// 100,000 members) is cut, saying how much was left out.
func TestErrorsAreCapped(t *testing.T) {
	src := "algorithm central\nnodes N1 N2\n" + strings.Repeat("request N3\n", 2000)
	_, err := Load("s.scn", []byte(src))
	require.Error(t, err)
	var list ErrorList
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 11)
	for k, e := range list[:10] {
		assert.Equal(t, fmt.Sprintf("s.scn:%d:9: unknown node N3: the nodes are N1 N2 (to use N3, add it to the nodes line)", k+3), e.Error())
	}
	assert.Equal(t, "s.scn:13:9: and 1,990 more errors, the next one here", list[10].Error())

	// Syntax errors and the checker's, cut each, merge into one list cut
	// so: the first ten of both, the rest counted.
	src = "algorithm central\nnodes N1 N2\n" + strings.Repeat("request N3\nrequest\n", 50)
	_, err = Load("s.scn", []byte(src))
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 11)
	assert.Equal(t, "s.scn:3:9: unknown node N3: the nodes are N1 N2 (to use N3, add it to the nodes line)", list[0].Error())
	assert.Equal(t, `s.scn:4:8: expected a node name after "request", e.g. "request N1"`, list[1].Error())
	assert.Equal(t, "s.scn:13:9: and 90 more errors, the next one here", list[10].Error())

	// Included files' errors too, after the scenario's own.
	fs := memFS{"pre.scn": strings.Repeat("request\n", 30)}
	_, err = LoadFiles("m.scn", []byte("algorithm central\nnodes N1 N2\ninclude pre.scn\n"+strings.Repeat("request N3\n", 30)), fs.read)
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 11)
	assert.Equal(t, "m.scn:14:9: and 50 more errors, the next one here", list[10].Error())

	// A long echo is cut.
	set := "{" + strings.Repeat("N1, ", 100000) + "N2}"
	_, err = Load("s.scn", []byte("algorithm maekawa\nnodes N1 N2\nvoting-set N1 = "+set+"\nvoting-set N2 = {N1, N2}\n"))
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 1600, err.Error())
	assert.Regexp(t, `… \([0-9,]+ more bytes\)`, err.Error())
}

// A file with old Mac line endings (a lone CR) reads as the lines it
// shows, as CRLF and LF files do, and its errors point at those lines.
func TestLoneCREndsALine(t *testing.T) {
	lf := "algorithm central\nnodes N1 N2\nrequest N2\nrun\nexpect N2 phase = in-cs\n"
	want, err := Load("s.scn", []byte(lf))
	require.NoError(t, err)
	for _, eol := range []string{"\r", "\r\n"} {
		src := strings.ReplaceAll(lf, "\n", eol)
		s, err := Load("s.scn", []byte(src))
		require.NoError(t, err, "%q", eol)
		assert.Equal(t, Format(want.File), Format(s.File), "%q", eol)
		assert.Equal(t, 5, s.Script[len(s.Script)-1].meta().Pos.Line, "%q", eol)

		_, err = Load("s.scn", []byte(strings.ReplaceAll(lf+"request N3\n", "\n", eol)))
		assert.EqualError(t, err, "s.scn:6:9: unknown node N3: the nodes are N1 N2 (to use N3, add it to the nodes line)", "%q", eol)
		// The browser's lines are the scanner's: a column after an "é"
		// converts on line 6 as in the LF file.
		d := Diagnostics(src+"réquest N3"+eol, err)
		assert.Equal(t, Diagnostics(lf+"réquest N3\n", err), d, "%q", eol)
		assert.Equal(t, 8, d[0].Col)
	}
	// Mixed: each ending counts once.
	s, err := Load("s.scn", []byte("algorithm central\r\nnodes N1 N2\rrequest N2\n\rrun\n"))
	require.NoError(t, err)
	assert.Equal(t, 5, s.Script[len(s.Script)-1].meta().Pos.Line)
}

// Why a script stopped is told as a parse error is (ErrorList.add): a
// control byte the scenario wrote is escaped ('\x1b' read as \x1b, never
// raw: the report goes to a terminal, the playground and the API), and
// its long words (a node's name of 5,000 letters, a step's text) are cut,
// saying how much was left out. Before, a release or a "run until" echoed
// the escape sequence raw, and an exit of a long-named node ran to 15 KB.
func TestStopsAreQuotedAndCut(t *testing.T) {
	long := "N" + strings.Repeat("x", 5000)
	for _, c := range []struct{ name, src, want string }{
		{"release", "algorithm ra-v1\nnodes N1 N2\nhold N1->N2 request\nrelease N1->N2 \x1b[2J\n",
			`release N1->N2 \x1b[2J: nothing was held with these words (held: "N1->N2 request")`},
		{"run until", "algorithm ra-v1\nnodes N1 N2\nrun until N1 myNum = \x1b[2J\n",
			`run until N1 myNum = \x1b[2J: nothing more can happen after step 10 (this run's 10 events, steps 1–10), and it never came true`},
		{"not possible", "algorithm ra-v1\nnodes N1 N2\nrequest N1\nstep N1 P9 \x1b]0;pwn\a\n", ""},
		{"a long name", "algorithm ra-v1\nnodes " + long + " N2\nexit " + long + "\n", ""},
		{"a long step", "algorithm ra-v1\nnodes N1 N2\nstep N1 P2 " + strings.Repeat("x", 5000) + "\n", ""},
		{"a long release", "algorithm ra-v1\nnodes N1 N2\nrelease N1->N2 request " + strings.Repeat("x", 5000) + "\n", ""},
	} {
		s, err := Load("s.scn", []byte(c.src))
		require.NoError(t, err, c.name)
		res := Run(s, Options{})
		require.NotNil(t, res.Stopped, c.name)
		msg := res.Stopped.Msg
		if c.want != "" {
			assert.Equal(t, c.want, msg, c.name)
		}
		if r, ok := raw(msg); ok {
			t.Errorf("%s: the stop holds %q raw: %.200s", c.name, r, msg)
		}
		assert.LessOrEqual(t, len(msg), 1600, "%s: %.200s", c.name, msg)
		if len(c.src) > 5000 {
			assert.Regexp(t, `… \([0-9,]+ more bytes\)`, msg, c.name)
		}
		if _, ok := raw(res.Report()); ok {
			t.Errorf("%s: the report holds a raw control byte", c.name)
		}
	}
}

// The events a stop lists as possible, which the simulator wrote, are cut
// only with the whole message: twelve of 40 bytes are all there.
func TestStopListsArePossibleEventsWhole(t *testing.T) {
	res := runSrc(t, "algorithm ra-v1\nnodes N1 N2\nnumbers 12\nrequest N1\nexit N1\n")
	require.NotNil(t, res.Stopped)
	assert.Greater(t, len(res.Stopped.Msg), maxEcho)
	assert.NotContains(t, res.Stopped.Msg, "more bytes")
	assert.Contains(t, res.Stopped.Msg, `"step N1 P2 myNum = chooseNumber() = 12"`)
}
