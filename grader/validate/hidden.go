package validate

import (
	"dmelab/grader/report"
)

// failedWhere names a failed test for staff: a hidden schedule by its
// file and the line it failed at, as the grader recorded them for staff
// (report.Test.At), else its file; a hidden schedule's feedback leaves
// both out (students never see the file), while a public schedule's
// message names them itself. Any other test by its name.
func failedWhere(t report.Test) string {
	if t.Visibility != report.Hidden || t.Walk {
		return t.Name
	}
	switch {
	case t.At != "":
		return t.At
	case t.Source != "":
		return t.Source
	}
	return t.Name
}
