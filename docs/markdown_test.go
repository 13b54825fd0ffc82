package docs

import (
	"bytes"
	"os"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// A code span cut by a line that Markdown reads as a list item ("+ 1]`"
// at the start of a line inside `qt[myID + 1]`) shows its two halves as
// prose, the second as a bullet. Markdown leaves the opening backtick as
// text when it finds no closing one in the paragraph: no text outside
// a code span holds a backtick. listings.md is checked whole, since the
// exercise pages embed its section on the language (ListingLanguage).
func TestNoCodeSpanIsCut(t *testing.T) {
	src, err := os.ReadFile("listings.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := goldmark.DefaultParser().Parse(text.NewReader(src))
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *ast.CodeSpan, *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			if entering && bytes.ContainsRune(n.Segment.Value(src), '`') {
				line := bytes.Count(src[:n.Segment.Start], []byte("\n")) + 1
				t.Errorf("listings.md:%d: a backtick outside a code span (a code span cut by a line Markdown reads as a list item or a heading?): %q", line, n.Segment.Value(src))
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
