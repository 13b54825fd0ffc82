package iface

import (
	"dmelab/algorithms/lamportsteps"
	"dmelab/algorithms/sim"
)

func init() {
	register(&Interface{
		Name:   "lamportsteps",
		Import: "dmelab/algorithms/lamportsteps",
		Node:   true,
		glue: header + `	"dmelab/algorithms/lamportsteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ lamportsteps.Steps = (*student.Node)(nil)

func newSteps(v *lamportsteps.Vars) lamportsteps.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return lamportsteps.Serve(newSteps, req) })
}
`,
		Algorithm: func(name string, call Caller) *sim.Algorithm {
			return lamportsteps.Algorithm(name, lamportsteps.Remote(lamportsteps.Caller(call)))
		},
	})
}
