package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	ghtml "github.com/yuin/goldmark/renderer/html"
)

// FuzzSplitVars: reading a variables line back into pairs loses nothing.
func FuzzSplitVars(f *testing.F) {
	for _, s := range []string{"main=P1 N=- deferred=[N1 N2]", "x", "=a b=", "a=b=c  d", "q=[N1 N2] x=1", "é=1 _=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := joinVars(splitVars(s)); got != oneLine(s) {
			t.Fatalf("splitVars(%q) joins back to %q", s, got)
		}
		changed(s, s+" z=1") // never panics
	})
}

// FuzzRender puts arbitrary strings (and numbers) into every field a
// student's program or the harness may fill and renders every format:
// nothing panics, the JSON stays valid, and neither the HTML page nor
// the Markdown (rendered with raw HTML allowed) gains an element of its
// own.
func FuzzRender(f *testing.F) {
	f.Add("<script>alert(1)</script>", "```\n</details>", "N1", "a=1 b=[x y]", "request(1)", 0, 1, 2)
	f.Add("[x](javascript:alert(1))", "<!-- dmelab:diagram 0 -->", "<b>", "|`|", "", -1, 5, 0)
	f.Add("\x00\x1b[31m\u202e", "~~~\n<img src=x onerror=alert(1)>", "", "", "*", 3, -7, 1)
	f.Fuzz(func(t *testing.T, a, b, name, vars, label string, node, loop, inCS int) {
		r := hostile()
		r.Log, r.File, r.Problems[0].Msg = a+b, name, b
		r.Problems[0].Source, r.Problems[0].Col = vars, node
		ce := r.Tests[0].Counterexample
		ce.Nodes = []string{name, a}
		ce.Loop = loop
		ce.Steps[0].Node, ce.Steps[0].Vars, ce.Steps[0].Text = node, []string{vars, b}, a
		ce.Steps[1].InCS = []int{inCS}
		ce.Steps[0].Sent = []Arrow{{node, inCS, label}}
		ce.Steps[1].Delivered = &Arrow{inCS, node, label}
		r.Tests[1].Name, r.Tests[1].Message = b, a

		checkPage(t, HTML(r, Options{}))
		var out bytes.Buffer
		md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough),
			goldmark.WithRendererOptions(ghtml.WithUnsafe()))
		if err := md.Convert([]byte(Markdown(r, Options{})), &out); err != nil {
			t.Fatal(err)
		}
		checkPage(t, out.String())
		if strings.Contains(out.String(), "<script") {
			t.Fatal("a script element")
		}
		for _, render := range []func(*Result) ([]byte, error){
			JSON,
			func(r *Result) ([]byte, error) { return Gradescope(r, GradescopeOptions{}) },
			func(r *Result) ([]byte, error) { return PrairieLearn(r, Options{}) },
		} {
			b, err := render(r)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(b) {
				t.Fatal("invalid JSON")
			}
		}
		Diagram(ce)
		SVG(ce, name)
	})
}
