package validate

import (
	"fmt"

	"dmelab/grader/exercise"
)

// OnAlgorithm runs every public and hidden schedule of a Go exercise on
// the exercise's algorithm as dmelab itself has it, and returns a
// problem for each expectation that does not hold there (and for a
// script that stops), at its file, line and column.
//
// Why: the student's code is graded on the schedules, but the student
// compares it with that algorithm, not with the reference solution. The
// statement sends them to the playground with the public schedules, the
// feedback offers `dmelab run` on a public schedule "to compare", and
// every replay link runs the failed schedule there. A reference solution
// that departs from the algorithm (a statement asking for a variant) gets
// full marks on expectations the algorithm breaks, and a student then
// sees the playground fail the very expectation they are told to meet,
// doing what their own code did. Grading cannot notice: it runs only the
// student's code. A listing exercise's schedules are checked against its
// reference listing, and its replays run the student's own listing, so
// it has nothing of this kind to check.
//
// A property expectation that the search could not decide within the
// exercise's max-states is not a problem: nothing contradicts it.
func OnAlgorithm(ex *exercise.Exercise) []string {
	if ex.IsListing() {
		return nil
	}
	var problems []string
	for _, list := range [][]exercise.Schedule{ex.Public, ex.Hidden} {
		for _, s := range list {
			if msg, _ := ex.OnAlgorithm(s); msg != "" {
				problems = append(problems, at(ex, msg)+whyOnAlgorithm(ex))
			}
		}
	}
	return problems
}

// at names the schedule from the exercise's folder, as the exercise
// loader names its files ("ex/public/alone.scn:13:1: ...").
func at(ex *exercise.Exercise, msg string) string { return ex.Name + "/" + msg }

func whyOnAlgorithm(ex *exercise.Exercise) string {
	return fmt.Sprintf(": students compare their code with %s as dmelab runs it (the playground, dmelab run, the replay links of their feedback), so a schedule must hold there: expect what %s does, or leave the expectation out (what the statement asks beyond %s, no schedule can show students)", ex.Algorithm, ex.Algorithm, ex.Algorithm)
}
