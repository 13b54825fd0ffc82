package stepwire

import (
	"strconv"

	"dmelab/algorithms/sim"
)

// Arg says what a handler's argument is, so that one validation serves
// every interface: the guest runs a student's code only on requests the
// host can send (a loop over the nodes must end, an index must be one).
type Arg uint8

const (
	Any     Arg = iota // not checked: unused, or a value of the algorithm's
	AnyNode            // a node, 0..N()-1
	Other              // another node: an AnyNode that is not the callee
	Time               // a timestamp, >= 0
)

// Op describes one handler: its name, as a fault says it, and what its
// two arguments are.
type Op struct {
	Name string
	A, B Arg
}

// Name is ops[i]'s name, or "?" for an op that is not there.
func Name(ops []Op, i int) string {
	if i < 0 || i >= len(ops) {
		return "?"
	}
	return ops[i].Name
}

// Place is what the harness tells a handler about the node besides its
// variables: who it is, how many nodes there are, its Lamport clock and
// which nodes have crashed. The student reads it and never writes it.
type Place struct {
	ID, N   int
	Clock   int
	Crashed uint32 // bit j: node j has crashed
}

// Alive reports whether node j exists and has not crashed.
func (p *Place) Alive(j int) bool { return j >= 0 && j < p.N && j < 32 && p.Crashed&(1<<j) == 0 }

// Self is embedded (through an unexported alias) in every interface's
// Vars: the node's Place and the messages the current call sent. Its
// fields stay out of the student's reach; the interface's package reaches
// them with At and Emit.
type Self[S any] struct {
	at  Place
	out []S
}

// MyID is this node's index (0-based: N1 is 0).
func (s *Self[S]) MyID() int { return s.at.ID }

// N is the number of nodes.
func (s *Self[S]) N() int { return s.at.N }

// At is the place of the node whose Self is s.
func At[S any](s *Self[S]) *Place { return &s.at }

// Emit records that the current call sent m.
func Emit[S any](s *Self[S], m S) { s.out = append(s.out, m) }

func (s *Self[S]) self() *Self[S] { return s }

// Sent lists what the current call sent.
func Sent[S any](s *Self[S]) []S { return s.out }

// Code is a student's code: it runs handler op with its arguments a and
// b on the node's variables v and returns what the handler returns (a
// choice, 1 for yes; 0 when it returns nothing). A nil Code has no steps.
// It is one function, not a handler built for each call: building one is
// a closure, so an allocation at every call of a search, and in the
// sandbox's interpreter an allocation costs microseconds.
type Code[V any] func(v *V, op, a, b int) int

// Method calls one method of a Steps interface St with the call's
// arguments.
type Method[St any] func(s St, a, b int) int

// Methods turns a student's constructor into a Code, calling the methods
// of table (in the order of the interface's ops) on s(v).
func Methods[V, St any](s func(*V) St, table []Method[St]) Code[V] {
	if s == nil {
		return nil
	}
	return func(v *V, op, a, b int) int { return table[op](s(v), a, b) }
}

// M0, M1, M2, MInt and MBool adapt method expressions (Steps.Enter) to a
// table's Method.
func M0[St any](f func(St)) Method[St] { return func(s St, _, _ int) int { f(s); return 0 } }

func M1[St any](f func(St, int)) Method[St] { return func(s St, a, _ int) int { f(s, a); return 0 } }

func M2[St any](f func(St, int, int)) Method[St] {
	return func(s St, a, b int) int { f(s, a, b); return 0 }
}

func MInt[St any](f func(St) int) Method[St] { return func(s St, _, _ int) int { return f(s) } }

func MBool[St any](f func(St) bool) Method[St] {
	return func(s St, _, _ int) int {
		if f(s) {
			return 1
		}
		return 0
	}
}

// invoke runs c's handler op on v; a panic is returned as its message
// (as Run would, with ret 0), and a nil c says it has no steps (noun:
// "handlers"). It recovers itself rather than through Run, which would
// take two calls more at every call into the sandbox.
func invoke[V any](c Code[V], v *V, op, a, b int, noun string) (ret int, panicked string) {
	if c == nil {
		return 0, "no " + noun
	}
	defer func() {
		if r := recover(); r != nil {
			ret, panicked = 0, PanicText(r)
		}
	}()
	return c(v, op, a, b), ""
}

// NodeName is how node i prints: N(i+1).
func NodeName(i int) string { return "N" + strconv.Itoa(i+1) }

// State is the state variable of the interfaces whose nodes are
// Released, Wanted or Held, in the seeds' words.
type State uint8

const (
	Released State = iota
	Wanted
	Held
)

// String is the seeds' word for s (RELEASED), which the state tables
// and the scenarios show.
func (s State) String() string { return Named("State", int(s), "RELEASED", "WANTED", "HELD") }

// GoName is the name of s's constant in the student's code (Released):
// a fault names states as the code it blames does.
func (s State) GoName() string { return Named("State", int(s), "Released", "Wanted", "Held") }

// Named is names[i], or typ(i) for a value without a name: how the
// interfaces' enumerations print.
func Named(typ string, i int, names ...string) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return typ + "(" + strconv.Itoa(i) + ")"
}

// Phase is the simulator's phase of a node in state s.
func (s State) Phase() sim.Phase {
	switch s {
	case Wanted:
		return sim.Wanting
	case Held:
		return sim.InCS
	}
	return sim.Idle
}

// Placed is a Self at place p, for tests.
func Placed[S any](p Place) Self[S] { return Self[S]{at: p} }
