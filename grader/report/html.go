package report

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// HTML renders r as a standalone page: the Markdown feedback through
// goldmark (GitHub-flavoured tables), each space-time diagram as inline
// SVG, scenarios highlighted, and a small stylesheet.
//
// Raw HTML in the Markdown is not trusted: a renderer of this file
// replaces goldmark's and lets through only the exact lines Markdown
// writes itself (<details>, <summary> with a fixed title, the diagram
// placeholders); anything else is escaped. Every untrusted string is
// already escaped in the Markdown, so this is a second wall, and the
// page's Content-Security-Policy forbids scripts as a third.
func HTML(r *Result, o Options) string {
	m := &md{o: o, html: true}
	m.result(r)
	var body bytes.Buffer
	g := &guard{diagrams: m.diagrams, replays: m.replays}
	gm := goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(anchors{}, 100))),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(g, 100))),
	)
	if err := gm.Convert([]byte(m.String()), &body); err != nil {
		// Convert fails only if writing to the buffer fails.
		body.Reset()
		body.WriteString("<pre>" + html.EscapeString(m.String()) + "</pre>")
	}
	title := "Feedback"
	if r != nil && r.Title != "" {
		title += ": " + oneLine(r.Title)
	} else if r != nil && r.Exercise != "" {
		title += ": " + oneLine(r.Exercise)
	}
	css := style
	if o.Web {
		css += webStyle
	}
	return fmt.Sprintf(page, html.EscapeString(title), css, body.String())
}

const page = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>%s</title>
<style>%s</style>
</head>
<body>
<main>
%s</main>
</body>
</html>
`

const style = `
body { margin: 0; background: #fafafa; color: #222; font: 15px/1.5 ui-sans-serif, system-ui, sans-serif; }
main { max-width: 70rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.6rem; margin-top: 0; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; margin-top: 2rem; }
h3 { font-size: 1.05rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; display: block; overflow-x: auto; }
th, td { border: 1px solid #ddd; padding: .25rem .5rem; vertical-align: top; text-align: left; }
th { background: #f0f0f0; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .88em; }
code { background: #eee; padding: 0 .2em; border-radius: 3px; }
pre { background: #f4f4f4; border: 1px solid #ddd; padding: .75rem; overflow-x: auto; line-height: 1.3; }
pre code { background: none; padding: 0; }
details { margin: .5rem 0 1rem; }
summary { cursor: pointer; color: #1f5fa8; }
.diagram { overflow-x: auto; background: #fff; border: 1px solid #ddd; padding: .5rem; }
/* A table or diagram wider than the page scrolls sideways in its box: a
   shadow at an edge says there is more that way (covers in the box's
   colour scroll with the content and hide the shadow at its end). */
table, .diagram {
  background:
    linear-gradient(to right, var(--bg) 30%, transparent) left / 2rem 100% no-repeat local,
    linear-gradient(to left, var(--bg) 30%, transparent) right / 2rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), transparent) left / .8rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), transparent) right / .8rem 100% no-repeat scroll,
    var(--bg);
}
table { --bg: #fafafa; }
.diagram { --bg: #fff; }
.scn-k { color: #7a3e9d; font-weight: bold; }
.scn-c { color: #6a737d; font-style: italic; }
a { color: #1f5fa8; }
`

// webStyle is added to style for the exercise pages (Options.Web).
const webStyle = `.replay { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; font-weight: 600; }
`

// placeholder is the Markdown line that stands for diagram i in HTML mode.
func placeholder(i int) string { return fmt.Sprintf("<!-- dmelab:diagram %d -->", i) }

// replayPlaceholder stands for the web's replay and download links of
// counterexample i (Options.Web).
func replayPlaceholder(i int) string { return fmt.Sprintf("<!-- dmelab:replay %d -->", i) }

// anchorPlaceholder stands before the heading of test i (its index in
// the Result): anchors gives the heading the id testID(i).
func anchorPlaceholder(i int) string { return fmt.Sprintf("<!-- dmelab:anchor %d -->", i) }

// testID is the id of the heading of test i's section.
func testID(i int) string { return fmt.Sprintf("test-%d", i+1) }

var (
	placeholderRE = regexp.MustCompile(`^<!-- dmelab:diagram ([0-9]+) -->$`)
	replayRE      = regexp.MustCompile(`^<!-- dmelab:replay ([0-9]+) -->$`)
	anchorRE      = regexp.MustCompile(`^<!-- dmelab:anchor ([0-9]+) -->$`)
	summaryRE     = regexp.MustCompile(`^<summary>[A-Za-z0-9 ().,]*(<code>[A-Za-z0-9 ._-]*</code>)?[A-Za-z0-9 ().,]*</summary>$`)
)

// anchors gives the heading that follows an anchor placeholder its id
// and drops the placeholder: ids are numbers this file writes, never a
// test's name (goldmark's own heading ids and attributes are off, since
// a name could then choose an id or an attribute).
type anchors struct{}

func (anchors) Transform(doc *ast.Document, reader gmtext.Reader, _ parser.Context) {
	src := reader.Source()
	var drop []ast.Node
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		b, ok := n.(*ast.HTMLBlock)
		if !ok || b.Lines().Len() != 1 {
			continue
		}
		seg := b.Lines().At(0)
		m := anchorRE.FindStringSubmatch(strings.TrimRight(string(seg.Value(src)), "\r\n"))
		if m == nil {
			continue
		}
		if h, ok := n.NextSibling().(*ast.Heading); ok {
			k, _ := strconv.Atoi(m[1])
			h.SetAttributeString("id", []byte(testID(k)))
		}
		drop = append(drop, n)
	}
	for _, n := range drop {
		doc.RemoveChild(doc, n)
	}
}

// guard renders raw HTML, letting through only what Markdown writes
// itself, and highlights scenario code blocks.
type guard struct {
	diagrams []*Counterexample
	replays  []replay
}

func (g *guard) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHTMLBlock, g.htmlBlock)
	reg.Register(ast.KindRawHTML, g.rawHTML)
	reg.Register(ast.KindFencedCodeBlock, g.fenced)
}

func (g *guard) htmlBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	var lines []string
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		lines = append(lines, string(seg.Value(src)))
	}
	if n.HasClosure() {
		lines = append(lines, string(n.ClosureLine.Value(src)))
	}
	for _, ln := range lines {
		ln = strings.TrimRight(ln, "\r\n")
		switch {
		case ln == "<details>" || ln == "<details open>" || ln == "</details>" || summaryRE.MatchString(ln):
			w.WriteString(ln + "\n")
		case anchorRE.MatchString(ln): // one anchors did not take: no heading after it
		case placeholderRE.MatchString(ln):
			k, _ := strconv.Atoi(placeholderRE.FindStringSubmatch(ln)[1])
			if k < len(g.diagrams) {
				fmt.Fprintf(w, "<div class=\"diagram\">\n%s</div>\n", SVG(g.diagrams[k], fmt.Sprint(k)))
			}
		case replayRE.MatchString(ln):
			k, _ := strconv.Atoi(replayRE.FindStringSubmatch(ln)[1])
			if k < len(g.replays) {
				w.WriteString(replayLinks(g.replays[k]))
			}
		case strings.TrimSpace(ln) != "":
			fmt.Fprintf(w, "<p>%s</p>\n", html.EscapeString(ln))
		}
	}
	return ast.WalkContinue, nil
}

func (g *guard) rawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*ast.RawHTML)
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			w.WriteString(html.EscapeString(string(seg.Value(src))))
		}
	}
	return ast.WalkSkipChildren, nil
}

func (g *guard) fenced(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		w.WriteString("</code></pre>\n")
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	lang := ""
	if l := n.Language(src); l != nil {
		lang = string(l)
	}
	w.WriteString("<pre><code")
	if lang != "" {
		fmt.Fprintf(w, ` class="language-%s"`, html.EscapeString(lang))
	}
	w.WriteString(">")
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		line := string(seg.Value(src))
		if lang == "scenario" {
			w.WriteString(highlight(line))
		} else {
			w.WriteString(html.EscapeString(line))
		}
	}
	return ast.WalkContinue, nil
}

// replayLinks offers a counterexample on the web: the playground link
// opens in a window of its own (the feedback is shown in a sandboxed
// frame, and the playground may not be framed), and the scenario is a
// data: link that the browser downloads as a file.
func replayLinks(r replay) string {
	return fmt.Sprintf("<p class=\"replay\"><a href=\"%s\" target=\"_blank\" rel=\"noopener\">%s</a> "+
		"<a href=\"%s\" download=\"%s\">⬇ Download this run (%s)</a></p>\n",
		html.EscapeString(r.link), html.EscapeString(r.label), html.EscapeString(dataURL(clean(r.text))), html.EscapeString(r.file), html.EscapeString(r.file))
}

// dataURL is text as a data: URL, every byte but the unreserved ones
// percent-encoded.
func dataURL(text string) string {
	var b strings.Builder
	b.WriteString("data:text/plain;charset=utf-8,")
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// scenarioWords are the words that begin a statement of the scenario
// language (see package scenario).
var scenarioWords = map[string]bool{
	"algorithm": true, "nodes": true, "requests": true, "clock": true, "numbers": true,
	"app-messages": true, "crashes": true, "channels": true, "voting-set": true, "include": true,
	"request": true, "exit": true, "crash": true, "step": true, "deliver": true, "app": true,
	"run": true, "hold": true, "release": true, "schedule": true, "expect": true, "}": true,
}

// highlight marks one line of a scenario: its leading keyword and its
// comment. Everything is escaped.
func highlight(line string) string {
	body, nl := strings.CutSuffix(line, "\n")
	comment := ""
	if i := strings.IndexByte(body, '#'); i >= 0 {
		body, comment = body[:i], body[i:]
	}
	var b strings.Builder
	indent := body[:len(body)-len(strings.TrimLeft(body, " \t"))]
	rest := body[len(indent):]
	b.WriteString(indent)
	word, tail, _ := strings.Cut(rest, " ")
	if scenarioWords[word] {
		fmt.Fprintf(&b, `<span class="scn-k">%s</span>`, html.EscapeString(word))
		if len(word) < len(rest) {
			b.WriteString(" " + html.EscapeString(tail))
		}
	} else {
		b.WriteString(html.EscapeString(rest))
	}
	if comment != "" {
		fmt.Fprintf(&b, `<span class="scn-c">%s</span>`, html.EscapeString(comment))
	}
	if nl {
		b.WriteString("\n")
	}
	return b.String()
}
