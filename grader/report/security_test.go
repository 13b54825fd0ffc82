package report

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	ghtml "github.com/yuin/goldmark/renderer/html"

	"dmelab/algorithms/scenario"
)

// studentViews renders r in every format a student may see.
func studentViews(t *testing.T, r *Result) map[string]string {
	t.Helper()
	gs, err := Gradescope(r, GradescopeOptions{HiddenVisibility: "visible"})
	require.NoError(t, err)
	pl, err := PrairieLearn(r, Options{})
	require.NoError(t, err)
	return map[string]string{
		"markdown":     Markdown(r, Options{}),
		"markdown-raw": Markdown(r, Options{NoHTML: true}),
		"html":         HTML(r, Options{}),
		"gradescope":   string(gs),
		"prairielearn": string(pl),
	}
}

var shareRE = regexp.MustCompile(`scenario=[A-Za-z0-9_-]+`)

// unpacked adds to s everything a student could decode from it: the
// scenarios behind the replay links and PrairieLearn's SVG images.
func unpacked(t *testing.T, s string) string {
	t.Helper()
	all := s
	for _, frag := range shareRE.FindAllString(s, -1) {
		text, _, err := scenario.ParseShareFragment(frag)
		require.NoError(t, err)
		all += "\n" + text
	}
	for _, m := range regexp.MustCompile(`data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)`).FindAllStringSubmatch(s, -1) {
		b, err := base64.StdEncoding.DecodeString(m[1])
		require.NoError(t, err)
		all += "\n" + string(b)
	}
	return all
}

// TestHiddenMaterialNeverShown: the fixtures hold SECRET markers in a
// hidden test's file name, a comment of its scenario and an
// exploration's seed. No student rendering shows them, not even inside
// the replay links; the JSON record keeps them.
func TestHiddenMaterialNeverShown(t *testing.T) {
	for _, name := range fixtures {
		r := load(t, name)
		raw, err := JSON(r)
		require.NoError(t, err)
		if name == "graded" {
			require.Contains(t, string(raw), "SECRET-NOTE", "the fixture must carry its markers")
			require.Contains(t, string(raw), "SECRET-SEED")
			require.Contains(t, string(raw), "SECRET-two-rounds")
		}
		for view, s := range studentViews(t, r) {
			all := unpacked(t, s)
			if i := strings.Index(all, "SECRET"); i >= 0 {
				t.Errorf("%s rendered as %s shows %q", name, view, all[max(0, i-60):min(len(all), i+40)])
			}
		}
	}
	// The hidden counterexample itself is shown and still replays.
	r := load(t, "graded")
	md := Markdown(r, Options{})
	require.Contains(t, md, "two rounds")
	link := ReplayLink(r, &r.Tests[2], Options{})
	text, _, err := scenario.ParseShareFragment(strings.SplitN(link, "#", 2)[1])
	require.NoError(t, err)
	s, err := scenario.Load("hidden.scn", []byte(text))
	require.NoError(t, err)
	res := scenario.Run(s, scenario.Options{})
	require.True(t, res.OK(), res.Report())
}

// hostile is a Result whose every string tries to break out of its place.
func hostile() *Result {
	x := "<script>alert(1)</script>"
	fence := "```\n</details>\n<img src=x onerror=alert(1)>\n<!-- dmelab:diagram 0 -->\n~~~\n"
	ce := &Counterexample{
		Property: "safety" + x, Kind: x, Summary: x + " [a](javascript:alert(1))",
		Nodes:   []string{"N1" + x, "<b>N2</b>"},
		Initial: []string{"v=" + x, "w=|x|"},
		Steps: []Step{
			{Event: "request N1", Text: x, Node: 0, Sent: []Arrow{{0, 1, x}}, Vars: []string{"v=" + x, "w=`|`"}, Net: x},
			{Event: "deliver " + x, Text: "*" + x + "*", Node: 1, Delivered: &Arrow{0, 1, x}, InCS: []int{0, 1, 7}, Vars: []string{"```", "<!--"}},
		},
		Loop:     1,
		Scenario: "algorithm central\nnodes N1 N2\n# " + x + "\n" + fence,
	}
	return &Result{
		Exercise: x, Title: x, File: "a" + x + ".go", Status: Crashed, Score: 1, MaxScore: 2,
		Problems: []Problem{{Line: 1, Col: 2, Msg: x + fence, Source: x}, {Msg: "javascript:alert(1)"}},
		Notes:    []Problem{{Line: 1, Col: 3, Msg: fence + x, Source: x + fence}},
		Tests: []Test{
			{Name: x, Visibility: Hidden, MaxPoints: 1, Message: x + fence, Counterexample: ce, Source: x},
			{Name: "[click](javascript:alert(1))", Visibility: Public, MaxPoints: 1, Message: "<details><summary>x</summary>", Counterexample: ce},
			{Name: "ok", Visibility: "bogus", Points: 1, MaxPoints: 1, Passed: true},
		},
		Log: "\x1b[31mred\x1b[0m\x00\u202e" + x + "\n" + fence + "<details>\n<summary>What your program printed</summary>\n",
	}
}

// allowedTags are every element the HTML page may contain.
var allowedTags = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true, "main": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "p": true, "em": true, "strong": true, "code": true, "pre": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true, "ul": true, "li": true, "a": true,
	"details": true, "summary": true, "div": true, "span": true, "svg": true, "defs": true, "marker": true,
	"path": true, "g": true, "text": true, "line": true, "rect": true, "circle": true,
}

var tagRE = regexp.MustCompile(`<([A-Za-z][A-Za-z0-9]*)`)

// checkPage fails if page has an element outside allowedTags, an event
// handler attribute, or a link anywhere but the playground.
func checkPage(t testing.TB, page string) {
	for _, m := range tagRE.FindAllStringSubmatch(page, -1) {
		if !allowedTags[strings.ToLower(m[1])] {
			t.Fatalf("element <%s> in the page", m[1])
		}
	}
	if regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`).MatchString(page) {
		t.Fatalf("an event handler attribute in the page")
	}
	for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(m[1], DefaultPlaygroundURL+"#scenario=") {
			t.Fatalf("link to %q", m[1])
		}
	}
}

// TestHostileStringsEscaped: whatever the strings hold, the HTML page
// has only the elements it writes itself, and so has the Markdown when a
// renderer passes raw HTML through (as GitHub's and many others do).
func TestHostileStringsEscaped(t *testing.T) {
	r := hostile()
	page := HTML(r, Options{})
	checkPage(t, page)
	assert.NotContains(t, page, "<script")
	assert.NotContains(t, page, "\x1b")
	assert.NotContains(t, page, "\u202e")
	assert.Contains(t, page, "&lt;script&gt;alert(1)&lt;/script&gt;", "the text is shown, escaped")

	for _, o := range []Options{{}, {NoHTML: true}} {
		md := Markdown(r, o)
		var b bytes.Buffer
		unsafe := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough),
			goldmark.WithRendererOptions(ghtml.WithUnsafe()))
		require.NoError(t, unsafe.Convert([]byte(md), &b))
		checkPage(t, b.String())
		assert.NotContains(t, b.String(), "<script")
		// Only the fold's own tags: two <details> per counterexample
		// scenario and the log (without NoHTML).
		n := strings.Count(b.String(), "<details>")
		if o.NoHTML {
			assert.Zero(t, n)
		} else {
			assert.Equal(t, 3, n)
		}
	}
	for _, view := range []string{"gradescope", "prairielearn"} {
		s := studentViews(t, r)[view]
		assert.True(t, json.Valid([]byte(s)), view)
		assert.NotContains(t, s, "\x1b", view)
	}
}

// TestSVGEscapes: the SVG is well-formed XML whatever the strings hold.
func TestSVGEscapes(t *testing.T) {
	ce := hostile().Tests[0].Counterexample
	svg := SVG(ce, `x" onload="alert(1)`)
	assert.NotContains(t, svg, "<script")
	assert.NotContains(t, svg, `onload="`)
	requireXML(t, svg)
}
