package iface

import (
	"dmelab/algorithms/permringsteps"
	"dmelab/algorithms/sim"
)

func init() {
	register(&Interface{
		Name:   "permringsteps",
		Import: "dmelab/algorithms/permringsteps",
		Node:   true,
		glue: header + `	"dmelab/algorithms/permringsteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ permringsteps.Steps = (*student.Node)(nil)

func newSteps(v *permringsteps.Vars) permringsteps.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return permringsteps.Serve(newSteps, req) })
}
`,
		Algorithm: func(name string, call Caller) *sim.Algorithm {
			return permringsteps.Algorithm(name, permringsteps.Remote(permringsteps.Caller(call)))
		},
	})
}
