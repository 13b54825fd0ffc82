package sim

// Stop is what a caller panics with to stop a run from inside a callback
// the run makes (a step of a student's code that has used up the
// grading's time, a search's progress report): the run unwinds to the
// caller, who recovers it. Code that recovers from a node's panic to turn
// it into the node's fault (the student interfaces) must re-panic a Stop,
// so that no node ever mistakes the caller's decision for its own failure.
type Stop struct {
	// Reason says why, in words for the feedback.
	Reason string
}

func (s Stop) Error() string { return s.Reason }

// MaxInFlight is more messages in flight than any algorithm of the course
// ever has among n nodes (four between every ordered pair, and sixteen
// more): past it, messages are piling up (a token that multiplies).
// Scenario runs stop there, and a search that stopped at a bound says
// what grew when it passed it.
func MaxInFlight(n int) int { return 4*n*n + 16 }
