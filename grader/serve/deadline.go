package serve

import (
	"time"

	"dmelab/grader/exercise"
)

// attemptSlack is what an attempt adds to the grading's own deadline
// (exercise.GradingDeadline, which the grading workers keep and then
// answer "took longer than ..."), so that the workers' answer comes
// first.
const attemptSlack = time.Minute

// defaultAttempt is an attempt where neither the operator nor the
// exercise says.
const defaultAttempt = exercise.MinGradingDeadline + attemptSlack

// gradingTimes lists the exercises whose own limits allow a grading
// (exercise.GradingDeadline) longer than floor, the server's attempt:
// their attempts get that long plus attemptSlack. Otherwise a submission
// that honestly uses the time its exercise allows (a loop the grader
// stops after "total", say) would be cut by the server, tried again
// twice and told as the server's failure, never as the feedback its own
// grading would give.
//
// An exercise that does not load keeps floor: the grader refuses it
// anyway, at once. loaded are the exercises as the grader loads them.
func gradingTimes(loaded map[string]*exercise.Exercise, floor time.Duration) map[string]time.Duration {
	out := map[string]time.Duration{}
	for name, ex := range loaded {
		if d := ex.GradingDeadline() + attemptSlack; d > floor {
			out[name] = d
		}
	}
	return out
}
