// Package registry lists every algorithm dmelab knows, by name.
package registry

import (
	"sort"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/benariflagfirst"
	"dmelab/algorithms/benarinumfirst"
	"dmelab/algorithms/central"
	"dmelab/algorithms/electionbully"
	"dmelab/algorithms/electionring"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/maekawasafe"
	"dmelab/algorithms/permring"
	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/rav1"
	"dmelab/algorithms/rav2"
	"dmelab/algorithms/rav3"
	"dmelab/algorithms/raymond"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/suzukikasami"
	"dmelab/algorithms/tokenring"
)

// All returns a fresh descriptor of every algorithm, in the order of
// SPEC.md's table.
func All() []*sim.Algorithm {
	return []*sim.Algorithm{
		central.Algorithm(),
		tokenring.Algorithm(),
		permring.Algorithm(),
		lamport.Algorithm(),
		rav1.Algorithm(),
		rav2.Algorithm(),
		rav3.Algorithm(),
		benari.Algorithm(),
		benariflagfirst.Algorithm(),
		benarinumfirst.Algorithm(),
		ralamport.Algorithm(),
		maekawa.Algorithm(),
		maekawasafe.Algorithm(),
		raymond.Algorithm(),
		suzukikasami.Algorithm(),
		electionring.Algorithm(),
		electionbully.Algorithm(),
	}
}

// Names returns every algorithm name in table order.
func Names() []string {
	var n []string
	for _, a := range All() {
		n = append(n, a.Name)
	}
	return n
}

// Lookup returns the algorithm called name, or nil.
func Lookup(name string) *sim.Algorithm {
	for _, a := range All() {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// Sorted returns the names in alphabetical order (for error messages).
func Sorted() []string {
	n := Names()
	sort.Strings(n)
	return n
}
