package grade_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/scenario"
	"dmelab/grader/report"
)

// A step that panics with text no schedule line, table cell or page can
// carry as it is, graded for real (built, run in the sandbox): the
// grader does not fail, the failed tests name the node and the step with
// the text shown visibly, the other tests are scored, and every format
// renders. fault_test.go runs every case of issue 13 in process.
func TestFaultTextsInTheSandbox(t *testing.T) {
	ex := load(t, "ra-steps")
	src, err := os.ReadFile(ex.Solution())
	require.NoError(t, err)
	for _, c := range []struct {
		name, step, line string
		want             string // in the message of a failed test
	}{
		{"hash and tab", "P4", `panic("a#b  c\td")`, `N1 failed at step 3: P4 panicked at line %d: a#b  c\td; the node stops there`},
		{"a megabyte", "P12", `panic(strings.Repeat("<script>|", 1<<17))`, "P12 panicked at line %d: <script>|<script>|"},
		{"an error with newlines and bad UTF-8", "P6a", `panic(errors.New("one\r\ntwo ]] --> \xff ` + "`x`" + `"))`, `P6a panicked at line %d: one\r\ntwo ]] --> ` + "\uFFFD `x`"},
		{"nil", "P11", `panic(nil)`, "P11 panicked at line %d: panic called with nil argument"},
		// A Stringer needs no fmt: the harness's %v calls its String.
		{"a Stringer", "P9", `panic(shown("x#y\nz"))`, `P9 panicked at line %d: x#y\nz;`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// The step panics first thing (the rest of its body is left
			// unreachable).
			i := strings.Index(string(src), "func (n Node) "+c.step+"(")
			require.Positive(t, i)
			j := i + strings.Index(string(src[i:]), "{\n") + 2
			sub := string(src[:j]) + "\t" + c.line + "\n" + string(src[j:])
			sub = strings.Replace(sub, `import "dmelab/algorithms/rasteps"`, "import (\n\t\"errors\"\n\t\"strings\"\n\n\t\"dmelab/algorithms/rasteps\"\n)\n\nvar (\n\t_ = errors.New\n\t_ = strings.Repeat\n)\n\ntype shown string\n\nfunc (s shown) String() string { return string(s) }", 1)
			// The message names the line of the file that panicked.
			want := fmt.Sprintf(c.want, strings.Count(sub[:strings.Index(sub, "\t"+c.line+"\n")], "\n")+1)
			res, err := grader.Grade(context.Background(), ex, "p.go", []byte(sub))
			require.NoError(t, err, "the grader itself failed")
			require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
			if c.step == "P2" || c.step == "P4" || c.step == "P11" || c.step == "P12" {
				// Every entry needs it: nothing is scored, safety neither
				// (no node ever enters).
				assert.Zero(t, res.Score, "no node enters when %s fails", c.step)
			} else {
				assert.Positive(t, res.Score, "the tests that do not reach %s are scored", c.step)
			}
			assert.Less(t, res.Score, res.MaxScore)
			found := false
			for _, tt := range res.Tests {
				if tt.Passed {
					continue
				}
				assert.LessOrEqual(t, len(tt.Message), 4000, tt.Name)
				assert.NotContains(t, tt.Message, "\n", tt.Name)
				found = found || strings.Contains(tt.Message, want)
				if ce := tt.Counterexample; ce != nil {
					_, err := scenario.Load("replay.scn", []byte(ce.Scenario))
					assert.NoError(t, err, "%s:\n%s", tt.Name, ce.Scenario)
					for _, s := range ce.Steps {
						for _, v := range s.Vars {
							assert.LessOrEqual(t, len(v), 1000, tt.Name)
						}
					}
				}
			}
			assert.True(t, found, "no failed test says %q", want)
			assert.NotContains(t, strings.ToLower(report.HTML(res, report.Options{})), "<script")
			for _, b := range [][]byte{must(report.JSON(res)), must(report.Gradescope(res, report.GradescopeOptions{})), must(report.PrairieLearn(res, report.Options{}))} {
				assert.True(t, json.Valid(b))
				assert.Less(t, len(b), 1<<20, "the feedback is bounded")
			}
			md := report.Markdown(res, report.Options{})
			assert.Less(t, len(md), 1<<20, "the feedback is bounded")
		})
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// A hidden test shows a fault only by its kind, in its message and in
// its tables alike: the code chose the text, and could write into it what
// it saw of the hidden test (here every number P11 was handed, kept from
// call to call). A public test shows the text.
func TestHiddenTestsShowNoFaultText(t *testing.T) {
	ex := load(t, "ra-steps")
	src, err := os.ReadFile(ex.Solution())
	require.NoError(t, err)
	i := strings.Index(string(src), "func (n Node) P11(")
	require.Positive(t, i)
	j := i + strings.Index(string(src[i:]), "{\n") + 2
	sub := string(src[:j]) + "\tseen = append(seen, byte('0'+n.RequestedNum%10))\n\tif len(seen) > 3 {\n\t\tpanic(\"SEEN:\" + string(seen))\n\t}\n" + string(src[j:]) + "\nvar seen []byte\n"
	res, err := grader.Grade(context.Background(), ex, "p.go", []byte(sub))
	require.NoError(t, err, "the grader itself failed")
	require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
	var public, hidden int
	for _, tt := range res.Tests {
		if tt.Passed || tt.Counterexample == nil {
			continue
		}
		tt.Source = "" // staff's record, not the student's
		b := must(json.Marshal(tt))
		switch {
		case tt.Visibility == report.Hidden && strings.Contains(string(b), "fault="):
			hidden++
			assert.NotContains(t, string(b), "SEEN", tt.Name)
			assert.Contains(t, string(b), "fault=it panicked (a hidden test does not show the panic's message)", tt.Name)
		case tt.Visibility == report.Public && strings.Contains(string(b), "SEEN:"):
			public++
		}
	}
	assert.Positive(t, hidden, "a hidden test's tables show the failed node")
	assert.Positive(t, public, "a public test shows the panic's text")
	// The pages of the hidden tests alone carry no text of the code's.
	only := *res
	only.Tests = nil
	for _, tt := range res.Tests {
		if tt.Visibility == report.Hidden {
			only.Tests = append(only.Tests, tt)
		}
	}
	only.Log = ""
	for _, out := range []string{report.Markdown(&only, report.Options{}), report.HTML(&only, report.Options{})} {
		assert.NotContains(t, out, "SEEN")
	}
}
