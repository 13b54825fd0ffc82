package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// JSON renders r as it is, indented: the complete record of a grading,
// for staff and tools. It keeps what the student's renderings leave out
// (Test.Source, the full scenario of a hidden counterexample), so it is
// not for students' eyes.
func JSON(r *Result) ([]byte, error) { return marshal(r) }

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// GradescopeOptions are Options plus Gradescope's visibility of hidden
// tests.
type GradescopeOptions struct {
	Options
	// HiddenVisibility is the Gradescope visibility of the exercise's
	// hidden tests: "after_due_date" (the default: students see the
	// test's name, score and counterexample once the deadline has passed,
	// and cannot probe the hidden schedules by resubmitting before),
	// "after_published", "hidden" or "visible". Public tests and
	// explorations are always "visible".
	HiddenVisibility string
}

// Gradescope's results.json, as its autograder specification describes
// it. Fields filled, and why:
//   - score: the submission's points; given at the top level because it
//     then overrides the sum of the tests (it is the grader's own total).
//   - output, output_format "md": the summary line, the problems that
//     stopped grading (file:line:col) and the capped log, as Markdown
//     without raw HTML. Only material every student may see goes here,
//     because the top-level output is always visible.
//   - test_output_format "md", test_name_format "text": each test's
//     output is its Markdown section; names are shown as typed.
//   - stdout_visibility "hidden": what run_autograder prints is the
//     grader's diagnostics, for staff.
//   - extra_data: the exercise and how far grading got, stored by
//     Gradescope for staff.
//   - tests[]: name, score, max_score, status ("passed"/"failed", set
//     explicitly, since a test worth 0 points would otherwise count as
//     passed), output (the failure as Markdown: step table, diagram,
//     replay link), output_format "md", tags (public/hidden/exploration)
//     and visibility (see GradescopeOptions).
//
// Gradescope cannot leave a submission that does not compile out of the
// attempt count; such a result has score 0 and the problems in output.
type gsResults struct {
	Score            float64        `json:"score"`
	Output           string         `json:"output,omitempty"`
	OutputFormat     string         `json:"output_format"`
	TestOutputFormat string         `json:"test_output_format"`
	TestNameFormat   string         `json:"test_name_format"`
	StdoutVisibility string         `json:"stdout_visibility"`
	ExtraData        map[string]any `json:"extra_data,omitempty"`
	Tests            []gsTest       `json:"tests"`
}

type gsTest struct {
	Name         string   `json:"name"`
	Score        float64  `json:"score"`
	MaxScore     float64  `json:"max_score"`
	Status       string   `json:"status"`
	Output       string   `json:"output,omitempty"`
	OutputFormat string   `json:"output_format,omitempty"`
	Tags         []string `json:"tags,omitempty"`
	Visibility   string   `json:"visibility"`
}

var gsVisibilities = map[string]bool{"hidden": true, "after_due_date": true, "after_published": true, "visible": true}

// Gradescope renders r as Gradescope's results.json.
func Gradescope(r *Result, o GradescopeOptions) ([]byte, error) {
	if r == nil {
		r = &Result{}
	}
	hidden := o.HiddenVisibility
	if hidden == "" {
		hidden = "after_due_date"
	}
	if !gsVisibilities[hidden] {
		return nil, fmt.Errorf("report: Gradescope visibility %q is not one of hidden, after_due_date, after_published, visible", hidden)
	}
	mo := o.Options
	mo.NoHTML = true
	mo.NoCommands = true // read on Gradescope, where students have no dmelab and no public/
	out := gsResults{
		Score:            round2(r.Score),
		OutputFormat:     "md",
		TestOutputFormat: "md",
		TestNameFormat:   "text",
		StdoutVisibility: "hidden",
		ExtraData:        map[string]any{"exercise": r.Exercise, "status": r.Status},
		Tests:            []gsTest{},
	}
	m := &md{o: mo}
	m.p("%s\n\n", summaryLine(r, false))
	m.problems(r)
	m.log(r, 3)
	out.Output = strings.TrimSpace(m.String()) + "\n"
	for i := range r.Tests {
		t := &r.Tests[i]
		g := gsTest{
			Name:       oneLine(t.Name),
			Score:      round2(t.Points),
			MaxScore:   round2(t.MaxPoints),
			Status:     "passed",
			Tags:       []string{kindOf(t)},
			Visibility: "visible",
		}
		if t.Visibility == Hidden {
			g.Visibility = hidden
		}
		if !t.Passed {
			g.Status = "failed"
			tm := &md{o: mo, r: r}
			tm.test(t, 4)
			g.Output, g.OutputFormat = tm.String(), "md"
		}
		out.Tests = append(out.Tests, g)
	}
	return marshal(out)
}
