// Package iface lists the student interfaces an exercise can name in its
// front matter (interface: rasteps): for each, the package the student's
// file imports, the shape its file must have, the main package that joins
// it to the sandbox's exports, and how the host turns the sandboxed code
// back into a *sim.Algorithm.
package iface

import (
	"sort"
	"strings"

	"dmelab/algorithms/maekawasteps"
	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/sim"
)

// Caller sends one request to the student's code in the sandbox.
type Caller func(req []byte) ([]byte, error)

// Interface is one student interface.
type Interface struct {
	Name   string // as exercises name it
	Import string // the package the student's file imports
	// Node: the student's file declares type Node struct{ *P.Vars }, P
	// being Import's package.
	Node bool
	// Funcs lists package-level functions the file must declare, with
	// their signatures as the starter writes them.
	Funcs map[string]string
	glue  string
	// Algorithm builds the exercise's algorithm (named name) from the
	// student's code behind call.
	Algorithm func(name string, call Caller) *sim.Algorithm
	// Sets, when set, runs the student's voting-set construction for n
	// nodes and checks it (Maekawa).
	Sets func(call Caller, n int) ([][]int, error)
	// OwnEvent, when set, says which events (in canonical form) run the
	// student's code; by default every event but an application message
	// or a crash does. Feedback names the last one before a failure.
	OwnEvent func(event string) bool
	// Handlers, when set, names the handler an event ran ("OnRequest"),
	// for feedback.
	Handlers func(event string) string
}

// RunsCode reports whether event (canonical form) ran the student's code.
func (i *Interface) RunsCode(event string) bool {
	if i.OwnEvent != nil {
		return i.OwnEvent(event)
	}
	return !strings.HasPrefix(event, "app ") && !strings.HasPrefix(event, "crash ")
}

// HandlerOf is " (Handler)" for the handler event ran, or "".
func (i *Interface) HandlerOf(event string) string {
	if i.Handlers == nil {
		return ""
	}
	if h := i.Handlers(event); h != "" {
		return " (" + h + ")"
	}
	return ""
}

// numberedStep: in seed 000's interfaces the student's code runs in the
// numbered steps, all but P5 (the harness's await).
func numberedStep(event string) bool {
	return strings.HasPrefix(event, "step ") && !strings.Contains(event, " P5 ")
}

// maekawaHandler names the Maekawa handler an event ran.
func maekawaHandler(event string) string {
	f := strings.Fields(event)
	switch {
	case len(f) == 0:
	case f[0] == "request":
		return "Enter"
	case f[0] == "exit":
		return "Leave"
	case f[0] == "deliver" && len(f) > 2:
		return map[string]string{"request": "OnRequest", "reply": "OnReply", "release": "OnRelease"}[f[2]]
	}
	return ""
}

// Std are the standard packages a student's file may import: pure
// computation, nothing that reaches files, the network, the clock,
// randomness, other goroutines or the runtime. fmt is left out too
// (fmt.Scan reads standard input); the builtin println writes to the
// student's log.
var Std = []string{"cmp", "errors", "maps", "math", "math/bits", "slices", "sort", "strconv", "strings", "unicode", "unicode/utf8"}

// Allowed returns every import path the student's file may use.
func (i *Interface) Allowed() map[string]bool {
	m := map[string]bool{i.Import: true}
	for _, s := range Std {
		m[s] = true
	}
	return m
}

// AllowedList is Allowed, sorted, for messages.
func (i *Interface) AllowedList() string {
	var s []string
	for p := range i.Allowed() {
		s = append(s, p)
	}
	sort.Strings(s)
	return strings.Join(s, ", ")
}

// Pkg is the last element of Import (the name the file uses).
func (i *Interface) Pkg() string { return i.Import[strings.LastIndex(i.Import, "/")+1:] }

// Glue is the main package's source for a student package at import path
// student.
func (i *Interface) Glue(student string) string {
	return strings.ReplaceAll(i.glue, "STUDENT", student)
}

// all holds the registered interfaces, registered from the inits of
// iface.go (rasteps, maekawasteps), handlers.go (the interfaces of one
// handler per event) and rav.go (seed 000's earlier listings).
var all []*Interface

func init() {
	ra := handlers("rasteps", rasteps.Remote)
	ra.OwnEvent = numberedStep
	for _, i := range []*Interface{
		ra,
		{
			Name:     "maekawasteps",
			Import:   "dmelab/algorithms/maekawasteps",
			Node:     true,
			Handlers: maekawaHandler,
			Funcs:    map[string]string{"VotingSets": "func VotingSets(n int) [][]int"},
			glue: header + `	"dmelab/algorithms/maekawasteps"
	"dmelab/grader/guest"
	student "STUDENT"
)

var _ maekawasteps.Steps = (*student.Node)(nil)
var _ maekawasteps.Sets = student.VotingSets

func newSteps(v *maekawasteps.Vars) maekawasteps.Steps { node = student.Node{Vars: v}; return &node }

var serve = maekawasteps.Guest(newSteps, student.VotingSets)

//go:wasmexport dmelab_call
func call(n uint32) uint32 { return guest.Call(n, serve) }
`,
			Algorithm: func(name string, call Caller) *sim.Algorithm {
				return maekawasteps.Remote(name, maekawasteps.Caller(call))
			},
			Sets: func(call Caller, n int) ([][]int, error) {
				return maekawasteps.BuildSets(maekawasteps.RemoteSets(maekawasteps.Caller(call)), n)
			},
		},
	} {
		register(i)
	}
}

// register adds an interface (call it from an init).
func register(i *Interface) {
	i.glue += footer
	all = append(all, i)
}

// header starts every glue file: the reactor's exports around the
// student's package.
const header = `// Code generated by the dmelab grader: the sandbox's exports around a
// student's file. DO NOT EDIT.
package main

import (
`

// footer ends every glue (register appends it): main, the buffer's
// export, and the Node that every glue's newSteps hands out.
const footer = `
// node is every call's Node, made anew by newSteps (one call at a time;
// Precheck allows Node no fields but the variables): in the interpreter
// an allocation costs four calls into the runtime.
var node student.Node

func main() {}

//go:wasmexport dmelab_buf
func buf() uint32 { return guest.Buf() }
`

// Lookup returns the interface called name, or nil.
func Lookup(name string) *Interface {
	for _, i := range all {
		if i.Name == name {
			return i
		}
	}
	return nil
}

// Names lists the interfaces, sorted.
func Names() []string {
	var n []string
	for _, i := range all {
		n = append(n, i.Name)
	}
	sort.Strings(n)
	return n
}
