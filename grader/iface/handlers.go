package iface

import (
	"strings"

	"dmelab/algorithms/centralsteps"
	"dmelab/algorithms/electionbullysteps"
	"dmelab/algorithms/electionringsteps"
	"dmelab/algorithms/lamportsteps"
	"dmelab/algorithms/permringsteps"
	"dmelab/algorithms/ralamportsteps"
	"dmelab/algorithms/raymondsteps"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/suzukikasamisteps"
	"dmelab/algorithms/tokenringsteps"
)

// The interfaces whose student writes one handler per event: each
// package has the same shape (Vars, Steps, Serve on the guest, Remote on
// the host), so one glue and one registration serve them all.
func init() {
	register(handlers("centralsteps", centralsteps.Remote))
	register(handlers("electionbullysteps", electionbullysteps.Remote))
	register(handlers("electionringsteps", electionringsteps.Remote))
	register(handlers("lamportsteps", lamportsteps.Remote))
	register(handlers("permringsteps", permringsteps.Remote))
	register(handlers("ralamportsteps", ralamportsteps.Remote))
	register(handlers("raymondsteps", raymondsteps.Remote))
	register(handlers("suzukikasamisteps", suzukikasamisteps.Remote))
	register(handlers("tokenringsteps", tokenringsteps.Remote))
}

// handlers is the interface of package pkg (under algorithms/), whose
// Remote builds the exercise's algorithm of the student's code in the
// sandbox.
func handlers[C ~func([]byte) ([]byte, error)](pkg string, remote func(string, C) *sim.Algorithm) *Interface {
	return &Interface{
		Name:   pkg,
		Import: "dmelab/algorithms/" + pkg,
		Node:   true,
		glue: header + strings.ReplaceAll(`	"dmelab/algorithms/PKG"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ PKG.Steps = (*student.Node)(nil)

func newSteps(v *PKG.Vars) PKG.Steps { node = student.Node{Vars: v}; return &node }

var serve = PKG.Guest(newSteps)

//go:wasmexport dmelab_call
func call(n uint32) uint32 { return guest.Call(n, serve) }
`, "PKG", pkg),
		Algorithm: func(name string, call Caller) *sim.Algorithm { return remote(name, C(call)) },
	}
}
