package validate

import (
	"go/scanner"
	"go/token"
	"slices"
	"strings"
)

// sameCode says whether two files are one program, comments and spacing
// aside: a mutant that is the reference solution written again cannot be
// caught, and its row says so rather than "survived". Go is compared token
// by token (go/scanner, comments skipped); a listing (ext ".txt") line by
// line, its # comments and spacing dropped.
func sameCode(a, b []byte, ext string) bool {
	var x, y []string
	if ext == ".go" {
		x, y = goTokens(a), goTokens(b)
	} else {
		x, y = listingLines(a), listingLines(b)
	}
	return x != nil && y != nil && slices.Equal(x, y)
}

// goTokens is src's tokens with their text, or nil when it does not scan.
func goTokens(src []byte) []string {
	fs := token.NewFileSet()
	var s scanner.Scanner
	bad := false
	s.Init(fs.AddFile("", -1, len(src)), src, func(token.Position, string) { bad = true }, 0)
	out := []string{}
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // put in at a line's end: where lines break is spacing
		}
		out = append(out, tok.String()+" "+lit)
	}
	if bad {
		return nil
	}
	return out
}

// listingLines is a listing's lines with # comments, blank lines and
// the spacing inside a line dropped; the indentation is kept, as it
// makes the blocks.
func listingLines(src []byte) []string {
	out := []string{}
	for _, l := range strings.Split(string(src), "\n") {
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		if i := strings.Index(l, "#"); i >= 0 {
			l = l[:i]
		}
		if f := strings.Fields(l); len(f) > 0 {
			out = append(out, strings.Repeat(" ", indent)+strings.Join(f, " "))
		}
	}
	return out
}
