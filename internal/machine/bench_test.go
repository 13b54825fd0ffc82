package machine_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/internal/machine"
)

// BenchmarkSearchOnCores runs ra-benari's exhaustive searches (safety and
// liveness, reduced) on one core and on every core the process may use,
// and reports states/s: their ratio is what the lanes gain (make bench).
func BenchmarkSearchOnCores(b *testing.B) {
	for _, nr := range [][2]int{{3, 2}, {4, 1}} {
		for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("ra-benari-N%dR%d/cores=%d", nr[0], nr[1], workers), func(b *testing.B) {
				for b.Loop() {
					c := explore.Config{Alg: benari.Algorithm(), Sim: sim.Config{N: nr[0]}, Opts: sim.Options{Requests: nr[1]},
						Props: []string{explore.Safety, explore.Liveness}}
					machine.Use(&c, workers)
					start := time.Now()
					res, err := explore.Check(c)
					if err != nil || !res.Complete {
						b.Fatal(err, res.Bound)
					}
					b.ReportMetric(float64(res.States)/time.Since(start).Seconds(), "states/s")
					b.ReportMetric(float64(res.States), "states")
				}
			})
			if workers == 1 && runtime.GOMAXPROCS(0) == 1 {
				break
			}
		}
	}
}
