package electionringsteps

import (
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

const maxSends = 64

// The wire (see package stepwire) carries the variables as leader, and
// each message as kind id.
var wire = stepwire.Wire[Vars, Send]{Ops: ops, MaxSends: maxSends,
	Put:     func(e *sim.Enc, v *Vars) { e.Int(v.Leader) },
	Get:     func(d *sim.Dec, v *Vars) { v.Leader = d.Int() },
	PutSend: func(e *sim.Enc, s Send) { e.Int(int(s.Kind)); e.Int(s.ID) },
	GetSend: func(d *sim.Dec) Send { return Send{Kind(stepwire.Small(d, int(Elected))), d.Int()} },
}

// Algorithm returns the descriptor of the ring election whose handlers s
// implements, under the given name (the exercise's algorithm,
// election-ring). Messages are numbered and printed as the registry's
// election-ring prints them, so schedules written for it replay.
func Algorithm(name string, s New) *sim.Algorithm { return ends.Algorithm(name, s) }

// Remote is Algorithm of a student's code that runs elsewhere (the
// grader's sandbox), every handler one call, which Serve answers there.
var Remote, Serve = ends.Remote, ends.Serve
