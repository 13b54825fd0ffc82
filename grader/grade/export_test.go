package grade

import "time"

// WithBeside is a copy of g that runs a grading's walks beside its other
// tests always (on) or never, whether a core is idle or not.
func WithBeside(g *Grader, on bool) *Grader {
	c := *g
	c.beside = func() bool { return on }
	return &c
}

// WalksBesideRunning is how many gradings' walks run beside their other
// tests in this process now.
func WalksBesideRunning() int32 { return besideRunning.Load() }

// Deadline is how long p lets one grading of the exercise in dir run.
func (p *Pool) Deadline(dir string) time.Duration { return p.deadline(dir) }
