package explore

import (
	"testing"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/sim"
)

func TestZZParts(t *testing.T) {
	s, err := newSearch(Config{Alg: benari.Algorithm(), Sim: sim.Config{N: 4}, Opts: sim.Options{Requests: 1}, MaxStates: 8000000})
	if err != nil {
		t.Fatal(err)
	}
	s.bfs()
	t.Logf("states %d parts %d (bytes %d) pairs %d slots %d", s.st.len(), s.st.parts.len(), s.st.parts.bytes, s.st.pairs.n, len(s.st.parts.slots))
}
