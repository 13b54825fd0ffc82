package iface

import (
	"strings"

	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/sim"
)

// The seed-000 listings before Ben-Ari's fix: the student's file imports
// rasteps, like the fix's, and implements the listing's steps
// (rasteps.ChooseSteps for the first listing and "Better",
// rasteps.HighestSteps for "Better Better").
func init() {
	for _, l := range []struct {
		name, steps, code string
		listing           rasteps.Listing
	}{
		{"rav1steps", "ChooseSteps", "rasteps.ChooseCode(rasteps.First, newSteps)", rasteps.First},
		{"rav2steps", "ChooseSteps", "rasteps.ChooseCode(rasteps.Better, newSteps)", rasteps.Better},
		{"rav3steps", "HighestSteps", "rasteps.HighestCode(newSteps)", rasteps.BetterBetter},
	} {
		listing := l.listing
		glue := header + `	"dmelab/algorithms/rasteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ rasteps.STEPS = (*student.Node)(nil)

func newSteps(v *rasteps.Vars) rasteps.STEPS { node = student.Node{Vars: v}; return &node }

var serve = rasteps.GuestCode(CODE)

//go:wasmexport dmelab_call
func call(n uint32) uint32 { return guest.Call(n, serve) }
`
		glue = strings.NewReplacer("STEPS", l.steps, "CODE", l.code).Replace(glue)
		register(&Interface{
			Name:     l.name,
			Import:   "dmelab/algorithms/rasteps",
			Node:     true,
			OwnEvent: numberedStep,
			glue:     glue,
			Algorithm: func(name string, call Caller) *sim.Algorithm {
				return rasteps.ListingAlgorithm(name, rasteps.RemoteCode(listing, rasteps.Caller(call)))
			},
		})
	}
}
