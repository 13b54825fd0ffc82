package listing_test

import (
	"testing"
	"time"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// benchSearch runs one full search (no reduction and on past any
// violation, so that both sides explore the same states) and reports
// states per second.
func benchSearch(b *testing.B, alg *sim.Algorithm, n, r int) {
	for i := 0; i < b.N; i++ {
		start := time.Now()
		res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r},
			Props: []string{explore.Safety, explore.Liveness}, NoReduce: true, Exhaust: true})
		if err != nil || !res.Complete {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.States)/time.Since(start).Seconds(), "states/s")
	}
}

// The listing of ra-benari against its Go model, N=3 R=1: the ratio of
// their states/s is the listing's speed (issue: at least 0.3).
func BenchmarkListingRaBenari(b *testing.B) {
	alg, err := listing.Seed("ra-benari")
	if err != nil {
		b.Fatal(err)
	}
	benchSearch(b, alg, 3, 1)
}

func BenchmarkGoRaBenari(b *testing.B) { benchSearch(b, registry.Lookup("ra-benari"), 3, 1) }
