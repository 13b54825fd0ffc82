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
