package validate

import (
	"fmt"
	"regexp"
	"slices"

	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"
)

// A schedule's "expect N1 request = travelling" (or "run until N1 main =
// P1") looks at a variable as the playground shows it; a student who has
// never been told what `request` is meets it first in a failed test.
// StatementVars names every variable the public and hidden schedules
// look at that the statement never writes as code (`request`,
// `request = …`), at the first line that looks at it. (Included files
// are not read: exercises' schedules include none.) The statement
// should say what each shows, in terms of the student's own variables.
func StatementVars(ex *exercise.Exercise) []string {
	first := map[string]string{} // variable -> the first line that looks at it
	var vars []string
	for _, s := range slices.Concat(ex.Public, ex.Hidden) {
		f, err := scenario.Parse(s.Path, s.Text)
		if err != nil {
			continue // the schedule checks say what is wrong with it
		}
		look := func(v scenario.Ident, line string) {
			if _, seen := first[v.Name]; !seen {
				first[v.Name] = fmt.Sprintf("%s (%s)", v.Pos, line)
				vars = append(vars, v.Name)
			}
		}
		for _, st := range f.Stmts {
			switch st := st.(type) {
			case *scenario.ExpectStmt:
				if st.Kind == scenario.ExpectVar {
					look(st.Var, fmt.Sprintf("expect %s %s = %s", st.A.Name, st.Var.Name, st.Value))
				}
			case *scenario.RunStmt:
				if c := st.Until; c != nil && c.Kind == scenario.CondVar {
					look(c.Var, fmt.Sprintf("run until %s %s = %s", c.Node.Name, c.Var.Name, c.Value))
				}
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
