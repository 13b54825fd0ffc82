package exercise

import (
	"fmt"

	"dmelab/algorithms/scenario"
)

// OnAlgorithm runs schedule s on the exercise's algorithm as dmelab has
// it (a listing exercise's: its reference listing) and says where the
// run first went against the script, "file:line:col: what": a false
// expectation or a line the algorithm could not run, whichever comes
// first in the file (after it, everything follows from a run that went
// elsewhere); "" if none did, or if the schedule does not load (its
// loader says why). A property expectation the search could not decide
// within the exercise's max-states contradicts nothing.
//
// Students compare their code with that algorithm (the playground, dmelab
// run, the replay links of their feedback): validate asks the
// exercise's schedules to hold there, and a student's own schedule that
// does not is told so, since its expectation, not their code, may be
// what is wrong. stopped says the algorithm could not take a line of
// the schedule (a step or a delivery), not an expectation that failed.
func (e *Exercise) OnAlgorithm(s Schedule) (msg string, stopped bool) {
	sc, err := e.LoadSchedule(s)
	if err != nil {
		return "", false
	}
	res := scenario.Run(sc, scenario.Options{MaxStates: e.MaxStates})
	var first *scenario.ExpectResult
	for _, x := range res.Expects {
		if x.Status == scenario.Fail {
			first = x
			break
		}
	}
	if st := res.Stopped; st != nil && (first == nil || st.Pos.Line < first.Pos.Line) {
		return fmt.Sprintf("%s: this line cannot run on %s itself (%s)", st.Pos, e.Algorithm, st.Msg), true
	}
	if first != nil {
		return fmt.Sprintf("%s: %q does not hold on %s itself (%s)", first.Pos, first.Text, e.Algorithm, first.Got), false
	}
	return "", false
}
