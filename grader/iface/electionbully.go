package iface

import (
	"dmelab/algorithms/electionbullysteps"
	"dmelab/algorithms/sim"
)

func init() {
	register(&Interface{
		Name:   "electionbullysteps",
		Import: "dmelab/algorithms/electionbullysteps",
		Node:   true,
		glue: header + `	"dmelab/algorithms/electionbullysteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ electionbullysteps.Steps = (*student.Node)(nil)

func newSteps(v *electionbullysteps.Vars) electionbullysteps.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return electionbullysteps.Serve(newSteps, req) })
}
`,
		Algorithm: func(name string, call Caller) *sim.Algorithm {
			return electionbullysteps.Algorithm(name, electionbullysteps.Remote(electionbullysteps.Caller(call)))
		},
	})
}
