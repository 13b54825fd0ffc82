package scenario

import (
	"testing"
)

// FuzzParse: the parser and the checker never panic, and whatever parses
// round-trips through the printer. Seeded with every example.
//
//	go test ./algorithms/scenario -run '^$' -fuzz FuzzParse -fuzztime 5m
func FuzzParse(f *testing.F) {
	for _, path := range allScenarios(f) {
		f.Add(read(f, path))
	}
	f.Add([]byte("schedule {\n  step N1 P2 }\n}\n"))
	f.Add([]byte("expect N1 x = = 3 # c\n\n# t\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		_, _ = Load("fuzz.scn", src)
		roundTrip(t, "fuzz.scn", src)
	})
}
