package rasteps

import (
	"testing"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// BenchmarkSearch is what the host spends on a search of a student's
// handlers, beside the registry's own ra-benari (the same 103,807 states):
// the reference handlers called directly, as the playground's listings
// run, and behind the wire with a memo of answers standing in for the
// grader's sandbox (which answers most of a search's calls from its
// memo: the host's side of a call is then all a call costs). make
// bench-grade runs it.
func BenchmarkSearch(b *testing.B) {
	serve := wire.Guest(refCode.code)
	behindMemo := func() *sim.Algorithm {
		memo := map[string][]byte{}
		call := func(req []byte) ([]byte, error) {
			if a, ok := memo[string(req)]; ok {
				return a, nil
			}
			a := append([]byte(nil), serve(req)...)
			memo[string(req)] = a
			return a, nil
		}
		return ListingAlgorithm("ra-benari", RemoteCode(refCode.Listing, call))
	}
	for _, c := range []struct {
		name string
		alg  func() *sim.Algorithm
	}{
		{"registry", benari.Algorithm},
		{"handlers", func() *sim.Algorithm { return ListingAlgorithm("ra-benari", refCode) }},
		{"behind-memo", behindMemo},
	} {
		b.Run(c.name, func(b *testing.B) {
			var states int
			for b.Loop() {
				cfg := explore.Config{Alg: c.alg(), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety}, NoReduce: true}
				r, err := explore.Check(cfg)
				if err != nil {
					b.Fatal(err)
				}
				states = r.States
			}
			b.ReportMetric(float64(states), "states")
		})
	}
}
