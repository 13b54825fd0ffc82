package validate

import (
	"fmt"
	"regexp"
	"slices"

	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"
)

// A schedule's "expect N1 request = travelling" looks at a variable as
// the playground shows it; a student who has never been told what
// `request` is meets it first in a failed test. StatementVars names
// every variable the public and hidden schedules expect something of
// that the statement never writes as code (`request`, `request = …`),
// at the first line that looks at it. The statement should say what
// each shows, in terms of the student's own variables.
func StatementVars(ex *exercise.Exercise) []string {
	first := map[string]string{} // variable -> the first expect that looks at it
	var vars []string
	for _, s := range slices.Concat(ex.Public, ex.Hidden) {
		f, err := scenario.Parse(s.Path, s.Text)
		if err != nil {
			continue // the schedule checks say what is wrong with it
		}
		for _, st := range f.Stmts {
			e, ok := st.(*scenario.ExpectStmt)
			if !ok || e.Kind != scenario.ExpectVar {
				continue
			}
			if _, seen := first[e.Var.Name]; !seen {
				first[e.Var.Name] = fmt.Sprintf("%s (expect %s %s = %s)", e.Var.Pos, e.A.Name, e.Var.Name, e.Value)
				vars = append(vars, e.Var.Name)
			}
		}
	}
	var problems []string
	for _, v := range vars {
		if !regexp.MustCompile("`" + regexp.QuoteMeta(v) + `([^\w]|$)`).MatchString(ex.Statement) {
			problems = append(problems, fmt.Sprintf("the statement never names `%s`, which %s looks at: say what it shows, as the other variables the schedules look at are said", v, first[v]))
		}
	}
	return problems
}
