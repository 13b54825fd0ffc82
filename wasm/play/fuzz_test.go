package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"dmelab/algorithms/diag"
)

// FuzzDiagnostics: whatever a student types, the editor's diagnostics
// never panic and always point inside the text (a line that exists, a
// column at most one past its end, in UTF-16 units), and a text that
// formats formats to one without problems.
func FuzzDiagnostics(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "algorithms", "scenario", "testdata", "*.scn"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("algorithm ra-v1\nnodes Nå N2\nrequest Nå N2\n")
	f.Add("algorithm ra-v1\nnodes N1 N2\nschedule {\n  request N1\n")
	f.Add("\x00\xff\n\t# 當\nexpect")
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		check := func(what string, ds []diag.Diagnostic) {
			for _, d := range ds {
				if d.Line < 1 || d.Line > len(lines) {
					t.Fatalf("%s: line %d outside 1..%d: %+v", what, d.Line, len(lines), d)
				}
				width := len(utf16.Encode([]rune(lines[d.Line-1])))
				if d.Col < 1 || d.Col > width+1 {
					t.Fatalf("%s: column %d outside 1..%d on line %d: %+v", what, d.Col, width+1, d.Line, d)
				}
				if d.Message == "" {
					t.Fatalf("%s: no message: %+v", what, d)
				}
			}
		}
		check("parse", ParseScenario(text))
		out, ds := FormatScenario(text)
		check("format", ds)
		if len(ds) == 0 {
			if _, again := FormatScenario(out); len(again) != 0 {
				t.Fatalf("the formatted text does not parse: %v\n%s", again, out)
			}
		}
	})
}
