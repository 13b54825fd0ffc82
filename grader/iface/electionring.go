package iface

import (
	"dmelab/algorithms/electionringsteps"
	"dmelab/algorithms/sim"
)

func init() {
	register(&Interface{
		Name:   "electionringsteps",
		Import: "dmelab/algorithms/electionringsteps",
		Node:   true,
		glue: header + `	"dmelab/algorithms/electionringsteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ electionringsteps.Steps = (*student.Node)(nil)

func newSteps(v *electionringsteps.Vars) electionringsteps.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return electionringsteps.Serve(newSteps, req) })
}
`,
		Algorithm: func(name string, call Caller) *sim.Algorithm {
			return electionringsteps.Algorithm(name, electionringsteps.Remote(electionringsteps.Caller(call)))
		},
	})
}
