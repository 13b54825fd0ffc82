package iface

import (
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenringsteps"
)

func init() {
	register(&Interface{
		Name:   "tokenringsteps",
		Import: "dmelab/algorithms/tokenringsteps",
		Node:   true,
		glue: header + `	"dmelab/algorithms/tokenringsteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ tokenringsteps.Steps = (*student.Node)(nil)

func newSteps(v *tokenringsteps.Vars) tokenringsteps.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return tokenringsteps.Serve(newSteps, req) })
}
`,
		Algorithm: func(name string, call Caller) *sim.Algorithm {
			return tokenringsteps.Algorithm(name, tokenringsteps.Remote(tokenringsteps.Caller(call)))
		},
	})
}
