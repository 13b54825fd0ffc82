package report

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// PrairieLearn's external grader results.json, as its external grading
// documentation describes it and its pl-external-grader-results element
// renders it. Fields filled, and why:
//   - gradable: false when the submission was refused or does not
//     compile. PrairieLearn then marks it "invalid, not gradable", awards
//     and takes no points and does not count the attempt, which is what
//     the grader wants for such submissions.
//   - format_errors: the problems as "file:line:col: message", shown as
//     errors when the submission is not gradable.
//   - score: the fraction of the points earned, in [0, 1] (the only
//     field a gradable result must have).
//   - message: the summary line; output: the problems and the capped log.
//     PrairieLearn shows both as preformatted text, so they are plain.
//   - tests[]: name, description (public/hidden schedule or
//     exploration), points and max_points (the element sums them for its
//     "points/max_points" headline), message (what failed, in a
//     sentence) and output (the failing step, the step table, the
//     diagram in text and the replay link).
//   - images: a failed test's space-time diagram as an SVG data URL,
//     which the element shows as a figure. Images are dropped, then
//     outputs shortened, if the file would exceed PrairieLearn's 1 MB.
type plResults struct {
	Gradable     bool      `json:"gradable"`
	Score        float64   `json:"score"`
	FormatErrors []string  `json:"format_errors,omitempty"`
	Message      string    `json:"message,omitempty"`
	Output       string    `json:"output,omitempty"`
	Tests        []plTest  `json:"tests"`
	Images       []plImage `json:"images,omitempty"`
}

type plTest struct {
	Name        string    `json:"name"`
	Description string    `json:"description,omitempty"`
	Points      float64   `json:"points"`
	MaxPoints   float64   `json:"max_points"`
	Message     string    `json:"message,omitempty"`
	Output      string    `json:"output,omitempty"`
	Images      []plImage `json:"images,omitempty"`
}

type plImage struct {
	Label string `json:"label"`
	URL   string `json:"url"`
}

// PrairieLearnLimit is the size PrairieLearn accepts for results.json.
const PrairieLearnLimit = 1 << 20

// PrairieLearn renders r as PrairieLearn's results.json.
func PrairieLearn(r *Result, o Options) ([]byte, error) {
	if r == nil {
		r = &Result{}
	}
	out := plResults{
		Gradable: r.Status != Refused && r.Status != CompileError,
		Message:  summaryLine(r, true),
		Tests:    []plTest{},
	}
	if r.MaxScore > 0 {
		out.Score = min(1, max(0, round4(r.Score/r.MaxScore)))
	}
	probs := plainProblems(r)
	var ob strings.Builder
	if !out.Gradable {
		// Shown as errors; the attempt does not count.
		out.FormatErrors = probs
		out.Message += " This submission does not count as an attempt."
	} else if len(probs) > 0 {
		ob.WriteString("Problems:\n" + strings.Join(probs, "\n") + "\n")
	}
	if notes := plainList(r, r.Notes); len(notes) > 0 {
		if ob.Len() > 0 {
			ob.WriteString("\n")
		}
		ob.WriteString("Worth a look:\n" + strings.Join(notes, "\n") + "\n")
	}
	if log := clean(r.Log); strings.TrimSpace(log) != "" {
		if ob.Len() > 0 {
			ob.WriteString("\n")
		}
		ob.WriteString("What your program printed")
		if r.LogTruncated {
			ob.WriteString(" (cut at the cap)")
		}
		ob.WriteString(":\n" + LogNote + "\n\n" + strings.TrimRight(log, "\n") + "\n")
	}
	out.Output = ob.String()
	for i := range r.Tests {
		t := &r.Tests[i]
		p := plTest{
			Name:        oneLine(t.Name),
			Description: describe(t),
			Points:      round2(t.Points),
			MaxPoints:   round2(t.MaxPoints),
		}
		if !t.Passed {
			p.Message = oneLine(t.Message)
			if p.Message == "" && t.Counterexample != nil {
				p.Message = oneLine(t.Counterexample.Summary)
			}
			p.Output = plainTest(r, t, o)
			if t.Counterexample != nil && len(t.Counterexample.Nodes) > 0 {
				svg := SVG(t.Counterexample, fmt.Sprint("t", i))
				p.Images = []plImage{{Label: "Space-time diagram", URL: "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg))}}
			}
		}
		out.Tests = append(out.Tests, p)
	}
	return fitPL(out)
}

func describe(t *Test) string {
	switch {
	case t.Own:
		return "Your schedule."
	case t.Visibility == Public:
		return "Public schedule."
	case t.Visibility == Search:
		return "Systematic exploration of the schedules of a configuration."
	case t.Walk:
		return walkWords(t)
	}
	return "Hidden test: only its name and its counterexample are shown."
}

func round4(v float64) float64 { return round2(v*100) / 100 }

// fitPL keeps the file under PrairieLearnLimit: first without images,
// then with every output cut shorter until it fits.
func fitPL(out plResults) ([]byte, error) {
	b, err := marshal(out)
	if err != nil || len(b) <= PrairieLearnLimit {
		return b, err
	}
	out.Images = nil
	for i := range out.Tests {
		out.Tests[i].Images = nil
	}
	for limit := 64 << 10; ; limit /= 2 {
		if b, err = marshal(out); err != nil || len(b) <= PrairieLearnLimit || limit < 64 {
			return b, err
		}
		out.Output = cut(out.Output, limit)
		for i := range out.Tests {
			out.Tests[i].Output = cut(out.Tests[i].Output, limit)
			out.Tests[i].Message = cut(out.Tests[i].Message, limit)
		}
	}
}

// cut shortens s to about n bytes at a rune boundary, saying so.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = strings.ToValidUTF8(s[:n], "")
	return s + "\n[... cut to fit the results file]\n"
}
