package iface

import (
	"dmelab/algorithms/ralamportsteps"
	"dmelab/algorithms/sim"
)

func init() {
	register(&Interface{
		Name:   "ralamportsteps",
		Import: "dmelab/algorithms/ralamportsteps",
		Node:   true,
		glue: header + `	"dmelab/algorithms/ralamportsteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ ralamportsteps.Steps = (*student.Node)(nil)

func newSteps(v *ralamportsteps.Vars) ralamportsteps.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return ralamportsteps.Serve(newSteps, req) })
}
`,
		Algorithm: func(name string, call Caller) *sim.Algorithm {
			return ralamportsteps.Algorithm(name, ralamportsteps.Remote(ralamportsteps.Caller(call)))
		},
	})
}
