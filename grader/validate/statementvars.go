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
// look at that the statement never writes as code, spelt as the
// schedules spell it (`request`, `request = …`), at the first line that
// looks at it; when the statement has the word only in prose or in
// another case ("the Request"), it says where. (Included files
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
	at := statementPos(ex)
	for _, v := range vars {
		// `token = no` names token; `token-ring` does not.
		if regexp.MustCompile("`" + regexp.QuoteMeta(v) + `([^\w-]|$)`).MatchString(ex.Statement) {
			continue
		}
		code := "`" + v + "` as code (in backticks, as the schedules spell it)"
		// The word in prose, or in another case: a statement that says
		// "the token" has said something, but not which variable it is.
		if m := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(v) + `(?:s|es)?\b`).FindStringIndex(ex.Statement); m != nil {
			said, from := ex.Statement[m[0]:m[1]], m[0]
			if from > 0 && ex.Statement[from-1] == '`' {
				said, from = "`"+said+"`", from-1
			}
			problems = append(problems, fmt.Sprintf("the statement says %s (%s), but never %s, which %s looks at: write `%s` where it says what it shows", said, at(from), code, first[v], v))
			continue
		}
		problems = append(problems, fmt.Sprintf("the statement never writes %s, which %s looks at: say what it shows, as the other variables the schedules look at are said", code, first[v]))
	}
	return problems
}
