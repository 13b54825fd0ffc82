package exercise

import (
	"fmt"
	"slices"
	"strings"
)

// yamlHint looks, line by line, for the mistakes an author makes in a
// front matter that YAML's parser refuses: a tab that indents a line, a
// value with ": " in it or one that starts with a character YAML reads as
// syntax (` @ * & ! %), a quote that ends before the value does or is
// never closed, a list or mapping left open, a key with no ':', a list on
// its key's line, a key indented unlike the keys it belongs with. yaml.v3
// says these with its own words ("mapping values are not allowed in this
// context"), often at another line than the mistake's, and with no
// column; a hint says what is wrong at its line and column, and what to
// write instead.
//
// It is called only once the parser has refused the text, so a line it
// reads as a mistake is one: what is valid YAML but unusual in a front
// matter (a scalar continued on the next line, a flow list over several
// lines, a block scalar) is passed over, not judged. It returns the
// first mistake found, its line counting from 1 in text, or ok false
// when it finds none (the parser's own message is then said).
func yamlHint(text string) (line, col int, msg string, ok bool) {
	var (
		levels   []yamlLevel
		opens    = -1    // the column of the key above with no value: a deeper block may follow
		plain    = false // the line above ended with a plain value: a deeper line may continue it
		block    = -1    // inside a block scalar (|, >): lines deeper than this are its text
		flow     []rune  // the brackets open across lines
		flowLine int
		flowCol  int
	)
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for n, raw := range lines {
		lineNo := n + 1
		code := stripComment(raw)
		if strings.TrimSpace(code) == "" {
			continue
		}
		lead := len(code) - len(strings.TrimLeft(code, " \t"))
		if t := strings.IndexByte(code[:lead], '\t'); t >= 0 && len(flow) == 0 {
			if block >= 0 && t > block {
				continue // a block scalar's text
			}
			return lineNo, t + 1, "a tab indents this line: a front matter is indented with spaces, never tabs (the keys of one mapping line up, nested keys two spaces further in)", true
		}
		indent := lead
		if block >= 0 {
			if indent > block {
				continue
			}
			block = -1
		}
		if len(flow) > 0 {
			// A list or mapping written over several lines goes on until
			// its bracket closes; a line that starts a key of the level
			// it is in means it was never closed.
			if key, _, _, isKey := splitKey(code[indent:]); isKey && key != "" && indent <= flowIndent(levels) {
				return flowLine, flowCol, unclosed(flow[len(flow)-1]), true
			}
			flow, _ = brackets(code, flow)
			continue
		}
		rest, at := code[indent:], indent
		// "- " items: each opens a level of items at its dash.
		dashes := 0
		for rest == "-" || strings.HasPrefix(rest, "- ") {
			dashes++
			skip := 1 + len(rest[1:]) - len(strings.TrimLeft(rest[1:], " "))
			rest, at = rest[skip:], at+skip
			if rest == "" {
				break
			}
		}
		key, value, vcol, isKey := splitKey(rest)
		vcol += at
		if dashes == 0 && !isKey {
			if plain && indent > levels[len(levels)-1].indent {
				continue // a plain value continued on this line
			}
			word, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
			after := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), word))
			if after == "" {
				return lineNo, indent + 1, fmt.Sprintf("%s has no ':' after it: a key is written %s: VALUE", word, word), true
			}
			return lineNo, indent + len(word) + 1, fmt.Sprintf("%q has no ':' after its key: write %s: %s", strings.TrimSpace(rest), word, after), true
		}
		// Where the line lands: a level of the same kind at its indent, or
		// a new level under a key with no value.
		first := key
		if dashes > 0 {
			first = "a - item"
		}
		switch {
		case len(levels) == 0:
			levels = append(levels, yamlLevel{indent, dashes > 0})
		case opens >= 0 && (indent > opens || indent == opens && dashes > 0 && !levels[len(levels)-1].list):
			levels = append(levels, yamlLevel{indent, dashes > 0})
		default:
			above := levels
			for len(levels) > 1 && levels[len(levels)-1].indent > indent {
				levels = levels[:len(levels)-1]
			}
			top := levels[len(levels)-1]
			if top.indent != indent || top.list != (dashes > 0) {
				return lineNo, indent + 1, misplaced(first, indent, dashes > 0, above), true
			}
		}
		// The key after "- " starts the item's own mapping.
		for d := 1; d < dashes; d++ {
			levels = append(levels, yamlLevel{indent + 2*d, true})
		}
		if dashes > 0 && isKey {
			levels = append(levels, yamlLevel{at, false})
		}
		opens, plain = -1, false
		if !isKey {
			value, vcol = rest, at+1
		}
		if value == "" {
			if isKey {
				opens = at
			}
			continue
		}
		name := key
		if name == "" {
			name = "the item"
		}
		switch c := value[0]; {
		case c == '"' || c == '\'':
			end := closingQuote(value)
			if end < 0 {
				return lineNo, vcol, fmt.Sprintf("the value of %s opens a quote (%c) that its line does not close: end it with %c", name, c, c), true
			}
			if c == '"' {
				if bad := badEscape(value[:end]); bad >= 0 {
					return lineNo, vcol + bad, fmt.Sprintf("the value of %s has %s in double quotes, which YAML reads as an escape it does not know: write \\\\ for a backslash, or quote the value with single quotes: %s", name, value[bad:bad+2], rewrite(code, vcol, "'"+strings.ReplaceAll(value[1:end], "'", "''")+"'")), true
				}
			}
			if tail := strings.TrimSpace(value[end+1:]); tail != "" {
				whole := value[1:]
				if strings.HasSuffix(tail, string(c)) {
					whole = strings.TrimSuffix(whole, string(c))
				}
				return lineNo, vcol + end + 1, fmt.Sprintf("the quote that opens the value of %s closes before the value ends (%s goes on after it): quote the whole value: %s", name, tail, rewrite(code, vcol, quote(whole))), true
			}
		case c == '[' || c == '{':
			open, end := brackets(value, nil)
			if len(open) > 0 {
				flow, flowLine, flowCol = open, lineNo, vcol
				continue
			}
			if tail := strings.TrimSpace(value[end:]); tail != "" {
				what := map[byte]string{'[': "a list", '{': "a mapping"}[c]
				return lineNo, vcol, fmt.Sprintf("the value of %s starts with %c, which YAML reads as %s, and goes on after its %c: quote the value: %s", name, c, what, map[byte]byte{'[': ']', '{': '}'}[c], rewrite(code, vcol, quote(value))), true
			}
			if c == '{' {
				if off, k, ok := missingComma(value); ok {
					return lineNo, vcol + off, fmt.Sprintf("%s: no ',' before it: the entries of a mapping in braces are separated by commas ({nodes: 2, requests: 1})", k), true
				}
			}
		case c == '-' && (value == "-" || strings.HasPrefix(value, "- ")):
			return lineNo, vcol, fmt.Sprintf("a list on the line of its key %s: put each - item on a line of its own below %s:, two spaces further in, or write %s: [a, b]", name, name, name), true
		case strings.ContainsRune("`@*&!%", rune(c)):
			return lineNo, vcol, fmt.Sprintf("the value of %s starts with %c, which YAML reads as syntax, not text: quote the value: %s", name, c, rewrite(code, vcol, quote(value))), true
		case c == '|' || c == '>':
			block = at // the key's column: its text is further in
			if !isKey {
				block = indent
			}
		default:
			if i := colonSpace(value); i >= 0 {
				return lineNo, vcol + i, fmt.Sprintf("the value of %s has \": \" in it, which YAML reads as the start of another key: quote the value: %s", name, rewrite(code, vcol, quote(value))), true
			}
			plain = true
		}
	}
	if len(flow) > 0 {
		return flowLine, flowCol, unclosed(flow[len(flow)-1]), true
	}
	return 0, 0, "", false
}

// A yamlLevel is a block of keys, or of "- " items, at an indent.
type yamlLevel struct {
	indent int
	list   bool // a level of "- " items, not of keys
}

// flowIndent is the indent of the innermost level of keys or items.
func flowIndent(levels []yamlLevel) int {
	if len(levels) == 0 {
		return 0
	}
	return levels[len(levels)-1].indent
}

// misplaced says that a line at indent fits none of the levels above:
// first is what it starts with (its key, or "a - item").
func misplaced(first string, indent int, item bool, levels []yamlLevel) string {
	what := "keys"
	if item {
		what = "- items"
	}
	var at []string
	for _, l := range levels {
		if l.list == item && !slices.Contains(at, spaces(l.indent)) {
			at = append(at, spaces(l.indent))
		}
		if !item && l.list && l.indent == indent {
			return fmt.Sprintf("%s is %s, as the - items above it are: a key of an item lines up with the key after its - (%s), and a key of the mapping that holds the list with that list's key", first, spaces(indent), spaces(indent+2))
		}
	}
	if len(levels) > 0 && indent > levels[len(levels)-1].indent {
		return fmt.Sprintf("%s is %s, further in than the line above, whose key has its value already: line it up with the keys it belongs with (or, if the value above goes on here, quote it on one line)", first, spaces(indent))
	}
	return fmt.Sprintf("%s is %s, and no %s above it are (they are %s): line it up with those it belongs with", first, spaces(indent), what, strings.Join(at, " or "))
}

// spaces is "1 space in", "2 spaces in", "at the margin".
func spaces(n int) string {
	switch n {
	case 0:
		return "at the margin"
	case 1:
		return "1 space in"
	}
	return fmt.Sprintf("%d spaces in", n)
}

// unclosed says that a bracket is never closed.
func unclosed(open rune) string {
	if open == '[' {
		return "this list opens with [ and is never closed: end it with ]"
	}
	return "this mapping opens with { and is never closed: end it with }"
}

// stripComment drops a comment (# after a space, outside quotes).
func stripComment(s string) string {
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.ContainsRune(" \t[{,:-", rune(s[i-1])) {
				q = c
			}
		case c == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return strings.TrimRight(s[:i], " \t")
		}
	}
	return strings.TrimRight(s, " \t")
}

// splitKey splits "key: value" (or "key:"); value's column counts from
// 1 in s. A line that starts with a quote or a bracket is not a key.
func splitKey(s string) (key, value string, col int, ok bool) {
	if s == "" || strings.ContainsRune("\"'[{", rune(s[0])) {
		return "", "", 0, false
	}
	i := colonSpace(s)
	if i < 0 {
		return "", "", 0, false
	}
	v := s[i+1:]
	trimmed := strings.TrimLeft(v, " ")
	return s[:i], trimmed, i + 2 + len(v) - len(trimmed), true
}

// colonSpace is the index of the first ':' followed by a space or the
// end of s, or -1.
func colonSpace(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t') {
			return i
		}
	}
	return -1
}

// closingQuote is the index of the quote that closes s (which starts with
// one), or -1: a backslash escapes a double quote, and a single quote
// written twice stands for one in single quotes.
func closingQuote(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch {
		case q == '"' && s[i] == '\\':
			i++
		case s[i] == q && q == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i++
		case s[i] == q:
			return i
		}
	}
	return -1
}

// badEscape is the index in s, a double-quoted value, of a backslash
// that starts no escape YAML knows, or -1.
func badEscape(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i] == '\\' {
			if i+1 >= len(s) || !strings.ContainsRune(`0abtnvfre "/\\N_LPxuU`+"\t", rune(s[i+1])) {
				return i
			}
			i++
		}
	}
	return -1
}

// brackets follows the brackets of s (outside quotes) from those open
// before it; it returns those still open, and where the outermost closed
// if none is.
func brackets(s string, open []rune) ([]rune, int) {
	open = append([]rune(nil), open...)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'':
			if e := closingQuote(s[i:]); e >= 0 {
				i += e
			}
		case '[', '{':
			open = append(open, rune(c))
		case ']', '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
			if len(open) == 0 {
				return nil, i + 1
			}
		}
	}
	return open, len(s)
}

// missingComma finds, in a one-line mapping in braces, an entry with a
// second "key:" in it ({nodes: 2 requests: 1}): the offset of that key
// in s, and the key.
func missingComma(s string) (int, string, bool) {
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'':
			if e := closingQuote(s[i:]); e >= 0 {
				i += e
			}
		case '[', '{':
			if depth++; depth == 1 {
				start = i + 1
			}
		case ']', '}', ',':
			if depth == 1 {
				entry := s[start:i]
				if k := colonSpace(entry); k >= 0 {
					v := entry[k+1:]
					if k2 := colonSpace(v); k2 >= 0 {
						before := strings.TrimRight(v[:k2], " ")
						if sp := strings.LastIndexByte(before, ' '); sp > 0 {
							return start + k + 1 + sp + 1, before[sp+1:], true
						}
					}
				}
				start = i + 1
			}
			if c != ',' {
				depth--
			}
		}
	}
	return 0, "", false
}

// quote writes s as a YAML string: in double quotes, or in single ones
// when it holds a double quote.
func quote(s string) string {
	if strings.Contains(s, `"`) && !strings.Contains(s, `\`) {
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// rewrite is line with its value (from column col) replaced by v, its
// indent dropped: what to write instead.
func rewrite(line string, col int, v string) string {
	return strings.TrimSpace(line[:col-1]) + " " + v
}
