package report

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

// Plain renderings, for platforms that show text in <pre> blocks
// (PrairieLearn's test output): the same content as the Markdown, laid out
// with spaces. Strings are cleaned of control characters; the platform
// escapes HTML itself.

// plainProblems lists the problems as "file:line:col: message" lines.
func plainProblems(r *Result) []string { return plainList(r, r.Problems) }

// plainList lists positioned messages as "file:line:col: message" lines.
func plainList(r *Result, list []Problem) []string {
	var out []string
	for _, pr := range list {
		pos := posText(r.File, pr)
		line := oneLine(pr.Msg)
		if pos != "" {
			line = pos + ": " + line
		}
		out = append(out, line)
	}
	return out
}

// plainTest renders what a failed test's output shows (its message is
// shown apart): the failure, the failing step with the state after it, the
// step table, the diagram and the replay link.
func plainTest(r *Result, t *Test, o Options) string {
	var b strings.Builder
	ce := t.Counterexample
	if ce == nil {
		return ""
	}
	fmt.Fprintf(&b, "%s violated", firstUpper(oneLine(ce.Property)))
	if k := oneLine(ce.Kind); k != "" && k != oneLine(ce.Property) {
		fmt.Fprintf(&b, " (%s)", k)
	}
	fmt.Fprintf(&b, " in %s. %s\n\n", nSteps(len(ce.Steps)), oneLine(ce.Summary))
	if len(ce.Steps) > 0 {
		k := len(ce.Steps) - 1
		if ce.Loop >= 0 && ce.Loop < len(ce.Steps) {
			k = ce.Loop
			fmt.Fprintf(&b, "Steps %d-%d repeat forever. The cycle starts with step %d: %s\n", k+1, len(ce.Steps), k+1, stepText(ce.Steps[k]))
		} else {
			title, step := lastStep(ce)
			fmt.Fprintf(&b, "%s: %s %d, %s\n", title, strings.ToLower(step), k+1, stepText(ce.Steps[k]))
		}
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		s := ce.Steps[k]
		for i, name := range ce.Nodes {
			v := ""
			if i < len(s.Vars) {
				v = oneLine(s.Vars[i])
			}
			fmt.Fprintf(tw, "  %s\t%s\n", oneLine(name), v)
		}
		tw.Flush()
		net := oneLine(s.Net)
		if net == "" {
			net = "none"
		}
		fmt.Fprintf(&b, "  in flight: %s\n\n", net)
	}
	b.WriteString("Step by step (the variables each step changed):\n")
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	prev := ce.Initial
	for k, s := range ce.Steps {
		mark := " "
		if ce.Loop >= 0 && k >= ce.Loop {
			mark = "*"
		}
		var ch []string
		for i, name := range ce.Nodes {
			var before, after string
			if i < len(prev) {
				before = prev[i]
			}
			if i < len(s.Vars) {
				after = s.Vars[i]
			}
			if c := changed(before, after); c != "" {
				ch = append(ch, oneLine(name)+": "+c)
			}
		}
		fmt.Fprintf(tw, "%s%3d\t%s\t%s\n", mark, k+1, stepText(s), strings.Join(ch, "; "))
		prev = s.Vars
	}
	tw.Flush()
	if ce.Loop >= 0 && ce.Loop < len(ce.Steps) {
		fmt.Fprintf(&b, "(* steps %d-%d repeat forever)\n", ce.Loop+1, len(ce.Steps))
	}
	legend := "● acts"
	if crashes(ce) {
		legend += ", × crashes"
	}
	if usesCS(ce) {
		legend += ", ┃ in the CS"
	}
	fmt.Fprintf(&b, "\nSpace-time diagram (%s, ├─m1─> message m1 delivered):\n\n", legend)
	b.WriteString(Diagram(ce))
	if link := ReplayLink(r, t, o); link != "" {
		fmt.Fprintf(&b, "\n%s:\n%s\n", strings.TrimPrefix(replayLabel(r), "▶ "), link)
	}
	return b.String()
}
