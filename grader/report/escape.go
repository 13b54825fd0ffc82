package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Every string of a Result is treated as untrusted: compile messages and
// the log come from the student's program, and even the step labels and
// variables may be rendered by code the student wrote. So each string is
// passed through one of these before it reaches Markdown, and the HTML
// rendering adds its own escaping on top (see html.go).

// clean drops what must never reach a page: invalid UTF-8, control
// characters other than tab and newline (terminal escapes, NUL), and the
// bidirectional overrides that make text read differently from what it is.
func clean(s string) string {
	ok := true
	for _, r := range s {
		if bad(r) {
			ok = false
			break
		}
	}
	if ok && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '\r':
		case bad(r):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func bad(r rune) bool {
	if r == '\n' || r == '\t' {
		return false
	}
	return unicode.IsControl(r) || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// oneLine is clean with every run of white space (newlines included)
// collapsed to one space, for table cells and list items.
func oneLine(s string) string { return strings.Join(strings.Fields(clean(s)), " ") }

// text escapes s as inline Markdown text on one line: every character
// that could start emphasis, a link, an HTML tag, an entity, a
// strikethrough or a table cell boundary is backslash-escaped, and so is
// a first character that would start a heading, a list, a quote or a
// rule; s then renders as itself.
func text(s string) string {
	s = oneLine(s)
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '|', '&', '~':
			b.WriteByte('\\')
		case '#', '+', '-', '=', '>':
			if i == 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	out := b.String()
	// "1. x" or "1) x" at the start would begin a list.
	if j := strings.IndexFunc(out, func(r rune) bool { return r < '0' || r > '9' }); j > 0 && (out[j] == '.' || out[j] == ')') {
		out = out[:j] + "\\" + out[j:]
	}
	return out
}

// code renders s as an inline code span on one line. The delimiter is one
// backtick longer than the longest run inside, so s cannot close it; in a
// table cell '|' must still be escaped (GFM splits cells first).
func code(s string, inTable bool) string {
	s = oneLine(s)
	if s == "" {
		return ""
	}
	n := longestRun(s, '`') + 1
	fence := strings.Repeat("`", n)
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// fenced renders s as a fenced code block with the given info string; the
// fence is longer than any run of backticks in s, so no line of s can end
// the block early.
func fenced(info, s string) string {
	s = strings.TrimRight(clean(s), "\n")
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return fence + info + "\n" + s + "\n" + fence + "\n"
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// points formats a score: at most two decimals, no trailing zeros.
func points(v float64) string { return strconv.FormatFloat(round2(v), 'f', -1, 64) }

// round2 rounds to two decimals; NaN and infinities, which JSON cannot
// carry, become 0.
func round2(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return math.Round(v*100) / 100
}

// MaxFault bounds a node's fault in feedback: what a student's code
// panicked with is shown up to this many bytes (Visible).
const MaxFault = 300

// Visible renders free text that a student's code chose (what it panicked
// with, so a node's fault) for any place in the feedback: a table cell, a
// sentence, a schedule's comment, a JSON string. The result is one line:
// tab, newline and carriage return are written as \t, \n and \r, every
// other control character and the characters that reorder or break lines
// (bidirectional controls, U+2028, U+2029) as \xNN or \uNNNN, invalid
// UTF-8 as U+FFFD; and it is at most limit bytes, cut at a character
// (never inside an escape) with "…" when longer. Text without any of
// these is returned as it is. Markdown and HTML escaping still apply on
// top, where the text is rendered.
func Visible(s string, limit int) string {
	const ellipsis = "…"
	limit = max(limit, len(ellipsis))
	var b strings.Builder
	cut := 0 // b's length at the last piece after which "…" still fits
	for _, r := range s {
		var piece string
		switch {
		case r == '\t':
			piece = `\t`
		case r == '\n':
			piece = `\n`
		case r == '\r':
			piece = `\r`
		case r < 0x80 && unicode.IsControl(r):
			piece = fmt.Sprintf(`\x%02x`, r)
		case unicode.IsControl(r) || reorders(r):
			piece = fmt.Sprintf(`\u%04x`, r)
		default: // an invalid byte arrives here as U+FFFD
			piece = string(r)
		}
		if b.Len()+len(piece) > limit {
			return b.String()[:cut] + ellipsis
		}
		b.WriteString(piece)
		if b.Len() <= limit-len(ellipsis) {
			cut = b.Len()
		}
	}
	return b.String()
}

// reorders reports the characters that make text read differently from
// what it is or break it into lines where no newline is: the bidirectional
// marks, embeddings, overrides and isolates, and the line and paragraph
// separators.
func reorders(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E ||
		r >= 0x2066 && r <= 0x2069 || r == 0x2028 || r == 0x2029
}
