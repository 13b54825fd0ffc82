package listing

import (
	"os"
	"testing"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

func TestTry(t *testing.T) {
	src, _ := os.ReadFile("seeds/ra-v1.txt")
	alg, err := Algorithm(string(src))
	if err != nil {
		t.Fatal(err)
	}
	goAlg := registry.Lookup("ra-v1")
	for _, a := range []*sim.Algorithm{alg, goAlg} {
		for _, reduce := range []bool{false, true} {
			res, err := explore.Check(explore.Config{Alg: a, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: !reduce})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v reduce=%v states=%d verdicts=%v", a.Summary, reduce, res.States, res.Verdicts)
		}
	}
}
