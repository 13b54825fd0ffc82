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
// package has the same shape (Vars, Steps, Serve on the guest, Remote and
// Algorithm on the host), so one glue and one registration serve them
// all.
func init() {
	register(handlers("centralsteps", centralsteps.Algorithm, centralsteps.Remote))
	register(handlers("electionbullysteps", electionbullysteps.Algorithm, electionbullysteps.Remote))
	register(handlers("electionringsteps", electionringsteps.Algorithm, electionringsteps.Remote))
	register(handlers("lamportsteps", lamportsteps.Algorithm, lamportsteps.Remote))
	register(handlers("permringsteps", permringsteps.Algorithm, permringsteps.Remote))
	register(handlers("ralamportsteps", ralamportsteps.Algorithm, ralamportsteps.Remote))
	register(handlers("raymondsteps", raymondsteps.Algorithm, raymondsteps.Remote))
	register(handlers("suzukikasamisteps", suzukikasamisteps.Algorithm, suzukikasamisteps.Remote))
	register(handlers("tokenringsteps", tokenringsteps.Algorithm, tokenringsteps.Remote))
}

// handlers is the interface of package pkg (under algorithms/), whose
// Algorithm builds the exercise's algorithm from Remote's steps.
func handlers[C ~func([]byte) ([]byte, error), N any](pkg string, alg func(string, N) *sim.Algorithm, remote func(C) N) *Interface {
	return &Interface{
		Name:   pkg,
		Import: "dmelab/algorithms/" + pkg,
		Node:   true,
		glue: header + strings.ReplaceAll(`	"dmelab/algorithms/PKG"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ PKG.Steps = (*student.Node)(nil)

func newSteps(v *PKG.Vars) PKG.Steps { return &student.Node{Vars: v} }

//go:wasmexport dmelab_call
func call(n uint32) uint32 {
	return guest.Call(n, func(req []byte) []byte { return PKG.Serve(newSteps, req) })
}
`, "PKG", pkg),
		Algorithm: func(name string, call Caller) *sim.Algorithm { return alg(name, remote(C(call))) },
	}
}
