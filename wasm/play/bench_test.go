package play_test

import (
	"testing"

	"dmelab/wasm/play"
)

// BenchmarkCheck is the page's search, as the explorer's Web Worker runs
// it. make bench-wasm runs it natively and compiled for js/wasm in
// Node.js (V8, the engine of Chromium's workers), and prints the ratio of
// the two (issue 17's goal 2). The page's own figure, with the worker and
// the page around it, is make bench-site's.
func BenchmarkCheck(b *testing.B) {
	for _, c := range []struct {
		name string
		p    play.CheckParams
	}{
		{"ra-benari-N3R2", play.CheckParams{Params: play.Params{Algo: "ra-benari", Nodes: 3, Requests: 2}, Props: []string{"safety", "liveness"}}},
		{"ra-lamport-N3R1-order", play.CheckParams{Params: play.Params{Algo: "ra-lamport", Nodes: 3, Requests: 1, AppMessages: 1}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var states int
			for i := 0; i < b.N; i++ {
				res, err := play.Check(c.p, nil)
				if err != nil {
					b.Fatal(err)
				}
				if !res.Complete {
					b.Fatal("search incomplete")
				}
				states = res.States
			}
			b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
		})
	}
}
