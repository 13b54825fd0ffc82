package validate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"
	"dmelab/grader/report"
)

// A hidden schedule's feedback leaves out its file and line (students
// never see the file); the staff who validate an exercise need them, as
// a public schedule's feedback gives them: hiddenAt puts them back where
// the public one's are, "(hidden/wrong.scn:18)".

var (
	afterStepRE = regexp.MustCompile(`after step (\d+)`)
	stoppedRE   = regexp.MustCompile(`^The schedule could not go on after step (\d+)`)
)

// hiddenAt is the message msg of test t, a failed hidden schedule of
// ex, with the schedule's file and the line that failed; msg as it is
// for any other test, or when the schedule cannot be read.
func hiddenAt(ex *exercise.Exercise, t report.Test, msg string) string {
	if ex == nil || t.Visibility != report.Hidden || t.Walk {
		return msg
	}
	var s *exercise.Schedule
	for i := range ex.Hidden {
		if h := &ex.Hidden[i]; h.Path == t.Source || "hidden/"+h.Name == t.Name {
			s = h
		}
	}
	if s == nil {
		return msg
	}
	sc, err := ex.LoadSchedule(*s)
	if err != nil {
		return s.Path + ": " + msg
	}
	// steps[i] is how many events ran before statement i, -1 once a run
	// (whose events are the code's choice) came before it.
	steps := make([]int, len(sc.Script))
	n := 0
	for i, st := range sc.Script {
		steps[i] = n
		switch st := st.(type) {
		case *scenario.EventStmt:
			if n >= 0 {
				n++
			}
		case *scenario.ScheduleStmt:
			if n >= 0 {
				n += len(st.Events)
			}
		case *scenario.RunStmt:
			n = -1
		}
	}
	at := func(p scenario.Pos) string {
		f := p.File
		if f == "" {
			f = s.Path
		}
		return fmt.Sprintf(" (%s:%d)", f, p.Line)
	}
	// An expectation that did not hold: "\"expect ...\" does not hold
	// after step 6: ..."; of the expectations written so, the one after
	// that many steps.
	if strings.HasPrefix(msg, `"`) {
		step := -1
		if m := afterStepRE.FindStringSubmatch(msg); m != nil {
			step, _ = strconv.Atoi(m[1])
		}
		var best *scenario.ExpectStmt
		var quoted string
		for i, st := range sc.Script {
			e, ok := st.(*scenario.ExpectStmt)
			if !ok {
				continue
			}
			q := `"` + scenario.StmtString(e) + `"`
			if !strings.HasPrefix(msg, q+" ") {
				continue
			}
			if best == nil || steps[i] == step && step >= 0 {
				best, quoted = e, q
				if steps[i] == step && step >= 0 {
					break
				}
			}
		}
		if best != nil {
			return quoted + at(best.Pos) + msg[len(quoted):]
		}
	}
	// A line the code could not take after step N: the statement with the
	// N+1st event.
	if m := stoppedRE.FindStringSubmatch(msg); m != nil {
		step, _ := strconv.Atoi(m[1])
		var pos *scenario.Pos
		for i, st := range sc.Script {
			if steps[i] < 0 {
				break
			}
			switch st := st.(type) {
			case *scenario.EventStmt:
				if steps[i] == step {
					pos = &st.Pos
				}
			case *scenario.ScheduleStmt:
				if k := step - steps[i]; k >= 0 && k < len(st.Events) {
					pos = &st.Events[k].Pos
				}
			}
			if pos != nil {
				break
			}
		}
		if pos != nil {
			return m[0] + at(*pos) + msg[len(m[0]):]
		}
	}
	return s.Path + ": " + msg
}
