package rasteps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/rav1"
	"dmelab/algorithms/rav2"
	"dmelab/algorithms/rav3"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// through is c behind the wire, as the sandbox runs it.
func through(c Code) Code { return Code{Listing: c.Listing, code: wire.Through(c.code)} }

var listings = []struct {
	name, dir string
	reg       *sim.Algorithm
	code      Code
}{
	{"ra-benari", "../benari/testdata", benari.Algorithm(), refCode},
	{"ra-v1", "../rav1/testdata", rav1.Algorithm(), firstCode},
	{"ra-v2", "../rav2/testdata", rav2.Algorithm(), betterCode},
	{"ra-v3", "../rav3/testdata", rav3.Algorithm(), betterBetterCode},
}

// Each listing's reference steps, directly and through the wire, behave
// exactly as the registry's algorithm of the listing, flaws included:
// they print its transcripts, have its state graph, verdicts and
// counterexamples (with chooseNumber()'s default range and a wider one),
// and walk in lockstep with it, labels and states.
func TestListingsAreTheRegistry(t *testing.T) {
	for _, l := range listings {
		t.Run(l.name, func(t *testing.T) {
			both := []*sim.Algorithm{ListingAlgorithm(l.name, l.code), ListingAlgorithm(l.name, through(l.code))}
			simtest.Run(t, both[0], l.dir)
			steptest.Same(t, l.reg, both, steptest.Config{N: 2, R: 1, NoReduce: true}, steptest.Config{N: 2, R: 2, NoReduce: true}, steptest.Config{N: 3, R: 1, NoReduce: true})
			cfg := explore.Config{Alg: l.reg, Sim: sim.Config{N: 2, Numbers: 3}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
			want, err := explore.Check(cfg)
			require.NoError(t, err)
			for _, cfg.Alg = range both {
				got, err := explore.Check(cfg)
				require.NoError(t, err)
				assert.Equal(t, []any{want.States, want.Transitions, want.Verdicts}, []any{got.States, got.Transitions, got.Verdicts})
			}
			for seed := uint64(0); seed < 20; seed++ {
				steptest.Lockstep(t, l.reg, both[seed%2], sim.Config{N: 2 + int(seed%3)}, sim.Options{Requests: 2}, seed, 400)
			}
		})
	}
}

func TestSet(t *testing.T) {
	var s Set
	assert.True(t, s.Empty())
	assert.Equal(t, -1, s.First())
	s.Add(3)
	s.Add(1)
	s.Add(40) // out of range: ignored
	assert.Equal(t, []int{1, 3}, s.Members())
	assert.Equal(t, 2, s.Len())
	assert.Equal(t, 1, s.First())
	assert.Equal(t, "[N2 N4]", s.String())
	s.Remove(1)
	assert.True(t, s.Has(3))
	assert.False(t, s.Has(1))
	assert.Equal(t, []int{3}, s.Members())
}
