package validate

import (
	"fmt"
	"strings"

	"dmelab/grader/report"
)

// Markdown renders the report: a summary table of the set, then a table
// per exercise with each mutant, what is wrong with it and which tests
// caught it (or, for a survivor, what could), and one with each
// alternative solution and, if it lost points, which tests took them.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Validation: %s\n\n", cell(r.Title))
	b.WriteString("| exercise | tests | points | reference | starter | mutants caught | alternatives | verdict |\n|---|---:|---:|---|---|---|---|---|\n")
	for _, e := range r.Exercises {
		fmt.Fprintf(&b, "| %s | %d | %g | %s | %s | %s | %s | %s |\n", cell(e.Name), e.Tests, e.MaxScore,
			score(e.Solution), score(e.Starter), caught(e), fullMarks(e), verdict(e.OK()))
	}
	for _, e := range r.Exercises {
		fmt.Fprintf(&b, "\n### %s — %s\n\n", cell(e.Name), cell(e.Title))
		for _, p := range e.Problems {
			fmt.Fprintf(&b, "- **problem:** %s\n", cell(p))
		}
		if len(e.Problems) > 0 {
			b.WriteString("\n")
		}
		if len(e.Reference) > 0 {
			fmt.Fprintf(&b, "%s\n", fence(e.Reference))
		}
		if len(e.Mutants) > 0 {
			b.WriteString("| mutant | what is wrong | score | caught by |\n|---|---|---:|---|\n")
			for _, m := range e.Mutants {
				by, pts := "**survived**: "+m.Hint, fmt.Sprint(m.Score)
				if rest, ok := strings.CutPrefix(m.Hint, "survived "); ok {
					by = "**survived** " + rest // not "survived: survived 4 tests"
				}
				switch {
				case m.Caught() && m.First:
					by, pts = m.CaughtBy[0]+" (first to fail)", "—"
				case m.Caught():
					by = list(m.CaughtBy, 4)
				}
				fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cell(m.File), cell(m.Comment), pts, cell(by))
			}
		}
		if len(e.Alternatives) > 0 {
			if len(e.Mutants) > 0 {
				b.WriteString("\n")
			}
			b.WriteString("| alternative | how it differs | score | marked down by |\n|---|---|---:|---|\n")
			for _, a := range e.Alternatives {
				by := "full marks"
				switch {
				case a.Status != report.Graded:
					by = fmt.Sprintf("**%s**: %s", a.Status, a.Problem)
				case !a.FullMarks():
					by = "**" + strings.Join(a.MarkedDownBy, ", ") + "**"
				}
				fmt.Fprintf(&b, "| %s | %s | %g | %s |\n", cell(a.File), cell(a.Comment), a.Score, cell(by))
			}
		}
	}
	return b.String()
}

func score(r *report.Result) string {
	if r == nil {
		return "-"
	}
	if r.Status != report.Graded {
		return string(r.Status)
	}
	return fmt.Sprintf("%g/%g", r.Score, r.MaxScore)
}

func caught(e *Exercise) string {
	if e.Unchecked {
		return "not checked"
	}
	n := 0
	for _, m := range e.Mutants {
		if m.Caught() {
			n++
		}
	}
	return fmt.Sprintf("%d/%d", n, len(e.Mutants))
}

// fullMarks is how many alternative solutions got full marks, of how many.
func fullMarks(e *Exercise) string {
	if e.Unchecked {
		return "not checked"
	}
	n := 0
	for _, a := range e.Alternatives {
		if a.FullMarks() {
			n++
		}
	}
	return fmt.Sprintf("%d/%d", n, len(e.Alternatives))
}

func verdict(ok bool) string {
	if ok {
		return "ok"
	}
	return "**not ok**"
}

// list shows at most k names and how many more there are.
func list(names []string, k int) string {
	if len(names) <= k {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:k], ", "), len(names)-k)
}

// fence is lines in a fenced code block, the fence longer than any run
// of backquotes in them.
func fence(lines []string) string {
	f := "```"
	for _, l := range lines {
		for strings.Contains(l, f) {
			f += "`"
		}
	}
	return f + "text\n" + strings.Join(lines, "\n") + "\n" + f + "\n"
}

// cell keeps a table cell on one line and its pipes literal.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}
