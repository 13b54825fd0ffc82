package listing_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/sim"
)

// FuzzListing feeds any text to the parser and the compiler: they must
// never panic, the formatter's output must parse and format to itself,
// and a listing that compiles must survive a short run of its nodes.
// Run it long with go test ./algorithms/listing -run '^$' -fuzz FuzzListing.
func FuzzListing(f *testing.F) {
	for _, name := range listing.Seeds() {
		f.Add(listing.SeedText(name))
	}
	f.Add("algorithm x\nprocess main:\n    loop forever:\n        P1: NCS\n        P2: CS\n")
	f.Add("P1: if (a, b) << (c:\n\telse")
	f.Add("\tP1: a\n\t\tx\n \t y\n")
	f.Add("algorithm x\nproces main:\n    Loop forever:\n        P1: iff a adn b:\n                P2: sedn(r, j)\n            esle:\n        P3: for all othr node j:\n")
	f.Fuzz(func(t *testing.T, src string) {
		file, err := listing.Parse(src)
		if err == nil {
			out := listing.Format(file)
			again, err := listing.Parse(out)
			require.NoError(t, err, "the formatted text does not parse:\n%s", out)
			require.Equal(t, out, listing.Format(again))
		}
		alg, err := listing.Algorithm(src)
		if err != nil {
			return
		}
		for n := 1; n <= 3; n++ {
			w, err := sim.NewWorld(alg, sim.Config{N: n}, sim.Options{Requests: 1})
			if err != nil {
				continue
			}
			for i := 0; i < 40; i++ {
				evs := w.Events(nil)
				if len(evs) == 0 {
					break
				}
				w.Apply(evs[i%len(evs)])
			}
		}
	})
}
