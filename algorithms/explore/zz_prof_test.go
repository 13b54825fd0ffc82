package explore_test

import (
	"testing"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

func TestProf(t *testing.T) {
	res, err := explore.Check(explore.Config{Alg: benari.Algorithm(), Sim: sim.Config{N: 4}, Opts: sim.Options{Requests: 1}, Props: []string{"safety", "liveness"}, MaxStates: 6000000})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.States, res.BytesPerState)
}
