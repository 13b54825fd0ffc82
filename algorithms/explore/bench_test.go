package explore_test

import (
	"runtime"
	"testing"
	"time"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/sim"
)

// benchCheck runs one exhaustive search (safety and liveness, the
// reduction on where it applies) per iteration and reports its throughput,
// the bytes kept per stored state and the peak heap, sampled as it runs.
func benchCheck(b *testing.B, alg *sim.Algorithm, n, r int) {
	for i := 0; i < b.N; i++ {
		runtime.GC()
		var ms runtime.MemStats
		var peak uint64
		cfg := explore.Config{
			Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r},
			Props:         []string{explore.Safety, explore.Liveness},
			ProgressEvery: 1 << 18,
			Progress: func(explore.Progress) {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			},
		}
		start := time.Now()
		res, err := explore.Check(cfg)
		elapsed := time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		if !res.Complete {
			b.Fatal("search incomplete")
		}
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapInuse)
		b.ReportMetric(float64(res.States), "states")
		b.ReportMetric(float64(res.States)/elapsed.Seconds(), "states/s")
		b.ReportMetric(res.BytesPerState, "B/state")
		b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
		b.Logf("%s N=%d R=%d: %d states, %d transitions, reduced=%v, %v, verdicts %v", alg.Name, n, r, res.States, res.Transitions, res.Reduced, elapsed.Round(time.Millisecond), res.Verdicts)
	}
}

func BenchmarkRaBenariN3R2(b *testing.B) { benchCheck(b, benari.Algorithm(), 3, 2) }
func BenchmarkRaBenariN4R1(b *testing.B) { benchCheck(b, benari.Algorithm(), 4, 1) }
func BenchmarkMaekawaN4R1(b *testing.B)  { benchCheck(b, maekawa.Algorithm(), 4, 1) }
