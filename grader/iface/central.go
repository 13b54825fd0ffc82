package iface

import (
	"dmelab/algorithms/centralsteps"
	"dmelab/algorithms/sim"
)

func init() {
	register(&Interface{
		Name:   "centralsteps",
		Import: "dmelab/algorithms/centralsteps",
		Node:   true,
		glue: header + `	"dmelab/algorithms/centralsteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ centralsteps.Steps = (*student.Node)(nil)

func newSteps(v *centralsteps.Vars) centralsteps.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return centralsteps.Serve(newSteps, req) })
}
`,
		Algorithm: func(name string, call Caller) *sim.Algorithm {
			return centralsteps.Algorithm(name, centralsteps.Remote(centralsteps.Caller(call)))
		},
	})
}
