package votingsets

import (
	"fmt"
	"strconv"
	"strings"
)

// maxDigits bounds a process number in Parse: far above any N the
// simulator supports, and small enough never to overflow.
const maxDigits = 6

// ParseError is a syntax error in a voting-set list. Col counts bytes
// from the list's start, from 1, as columns inside Go do (package
// algorithms/diag says why); a list written over several lines is one
// line to it. Today it reaches only the command line (check --sets); a
// front end that sends it to a browser converts it with package diag, as
// scenario errors are, so that it counts UTF-16 code units.
type ParseError struct {
	Col int
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("col %d: %s", e.Col, e.Msg) }

// Parse reads voting sets written the way students write them, 1-based and
// in braces: "{1,2} {2,3} {3,1}" is V1 = {p1,p2}, V2 = {p2,p3},
// V3 = {p3,p1}. Members may carry a "p" or "N" prefix ("{p1, p2}"); sets may
// be separated by spaces, commas or semicolons. It returns 0-based sets in
// the order written, members in the order written, and checks syntax only:
// Check judges the sets.
func Parse(s string) ([][]int, error) {
	p := parser{s: s}
	var sets [][]int
	for {
		p.space()
		if p.eof() {
			break
		}
		if len(sets) > 0 && (p.peek() == ',' || p.peek() == ';') {
			p.pos++
			p.space()
		}
		set, err := p.set()
		if err != nil {
			return nil, err
		}
		sets = append(sets, set)
	}
	if len(sets) == 0 {
		return nil, p.errorf("expected a voting set such as {1,2}, found %s", p.found())
	}
	return sets, nil
}

// Format writes sets (0-based) in the 1-based notation Parse reads,
// "{1,2} {2,3} {3,1}".
func Format(sets [][]int) string {
	parts := make([]string, len(sets))
	for i, v := range sets {
		parts[i] = FormatSet(v)
	}
	return strings.Join(parts, " ")
}

// FormatSet writes one set (0-based members) as "{1,2}".
func FormatSet(v []int) string {
	parts := make([]string, len(v))
	for k, p := range v {
		parts[k] = strconv.Itoa(p + 1)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

type parser struct {
	s   string
	pos int
}

func (p *parser) eof() bool  { return p.pos >= len(p.s) }
func (p *parser) peek() byte { return p.s[p.pos] }

func (p *parser) space() {
	for !p.eof() && (p.peek() == ' ' || p.peek() == '\t' || p.peek() == '\n' || p.peek() == '\r') {
		p.pos++
	}
}

func (p *parser) errorf(format string, args ...any) error {
	return &ParseError{Col: p.pos + 1, Msg: fmt.Sprintf(format, args...)}
}

// found describes what is at the current position, for error messages.
func (p *parser) found() string {
	if p.eof() {
		return "end of input"
	}
	return strconv.QuoteRune(rune(p.s[p.pos]))
}

// set reads "{" [member {"," member}] "}".
func (p *parser) set() ([]int, error) {
	if p.eof() || p.peek() != '{' {
		return nil, p.errorf("expected '{' to start a voting set, found %s", p.found())
	}
	p.pos++
	p.space()
	v := []int{}
	if !p.eof() && p.peek() == '}' {
		p.pos++
		return v, nil
	}
	for {
		p.space()
		m, err := p.member()
		if err != nil {
			return nil, err
		}
		v = append(v, m)
		p.space()
		switch {
		case p.eof():
			return nil, p.errorf("expected ',' or '}', found end of input (unclosed '{')")
		case p.peek() == ',':
			p.pos++
		case p.peek() == '}':
			p.pos++
			return v, nil
		default:
			return nil, p.errorf("expected ',' or '}' after a process number, found %s", p.found())
		}
	}
}

// member reads a process number ≥ 1, optionally written p3 or N3, and
// returns it 0-based.
func (p *parser) member() (int, error) {
	if !p.eof() && (p.peek() == 'p' || p.peek() == 'P' || p.peek() == 'N') {
		p.pos++
	}
	start := p.pos
	for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
		p.pos++
	}
	digits := p.s[start:p.pos]
	if digits == "" {
		return 0, p.errorf("expected a process number, found %s", p.found())
	}
	if len(digits) > maxDigits {
		p.pos = start
		return 0, p.errorf("process number %s is too large", digits)
	}
	v, _ := strconv.Atoi(digits)
	if v < 1 {
		p.pos = start
		return 0, p.errorf("process numbers start at 1 (p1), found %s", digits)
	}
	return v - 1, nil
}
