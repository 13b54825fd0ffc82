package steptest

import (
	"testing"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// Pkg is an interface package as its tests see it: its Ends, the
// registry's algorithm it must be (whose name its descriptors take) and
// its reference solution, written as a student would. The tests every
// package runs are its methods.
type Pkg[V, S, St any] struct {
	stepwire.Ends[V, S, St]
	Reg *sim.Algorithm
	Ref func(*V) St
}

// Alg is the descriptor of c under the registry's name.
func (p Pkg[V, S, St]) Alg(c stepwire.Code[V]) *sim.Algorithm { return p.Descriptor(p.Reg.Name, c) }

// Refs is the reference, directly and through the wire.
func (p Pkg[V, S, St]) Refs() []stepwire.Code[V] { return Both(p.Wire, p.Code(p.Ref)) }

// Same requires that the reference, directly and through the wire, has
// the registry's state graph, verdicts and counterexamples in each
// configuration, and returns the registry's results.
func (p Pkg[V, S, St]) Same(t *testing.T, cfgs ...Config) []*explore.Result {
	return Same(t, p.Reg, Each(p.Alg, p.Refs()), cfgs...)
}

// Transcript runs lines on the reference, directly and through the wire,
// beside the registry's (see Transcript) and returns the reference's
// worlds.
func (p Pkg[V, S, St]) Transcript(t *testing.T, cfg sim.Config, opts sim.Options, lines []string) []*sim.World {
	var ws []*sim.World
	for _, c := range p.Refs() {
		ws = append(ws, Transcript(t, p.Reg, p.Alg(c), cfg, opts, lines))
	}
	return ws
}

// Broken is Broken of the package: event line of a system cfg runs the
// call that say names.
func (p Pkg[V, S, St]) Broken(t *testing.T, cfg sim.Config, line, say string) {
	Broken(t, p.Wire, p.Alg, cfg, line, say)
}

// Fuzz is Fuzz of the package's wire, the reference answering.
func (p Pkg[V, S, St]) Fuzz(f *testing.F, seeds ...[]byte) { Fuzz(f, p.Wire, p.Code(p.Ref), seeds...) }

// Bad is a handler that breaks the contract: op O does what Do does
// (with the call's arguments) instead of the reference's handler, and
// Run (see Faults) then makes its node fail, saying Fault. A package's
// table is of its own type over Bad (type bad steptest.Bad[Vars, Op]),
// so that its cases need no field names.
type Bad[V any, O ~uint8] struct {
	Op    O
	Do    func(v *V, a, b int)
	Run   []string
	Fault string
}

// Contract requires that each of bad makes its node fail, saying why, in
// a system cfg with opts, directly and through the wire.
func Contract[V, S, St any, O ~uint8, B ~struct {
	Op    O
	Do    func(v *V, a, b int)
	Run   []string
	Fault string
}](t *testing.T, p Pkg[V, S, St], cfg sim.Config, opts sim.Options, bad []B) {
	t.Helper()
	for _, b := range bad {
		c := Bad[V, O](b)
		code := Override(p.Code(p.Ref), int(c.Op), func(v *V, a, b int) int { c.Do(v, a, b); return 0 })
		for _, b := range Both(p.Wire, code) {
			Fault(t, p.Alg(b), cfg, opts, c.Run, c.Fault)
		}
	}
}

// At is a Self at node id of n, for a Vars literal.
func At[S any](id, n int) stepwire.Self[S] { return stepwire.Placed[S](stepwire.Place{ID: id, N: n}) }
