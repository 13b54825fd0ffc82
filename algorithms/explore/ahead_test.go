package explore_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// Expanding states ahead (to read the state table's slots of many
// successors at once) must leave every search exactly as expanding one
// state at a time does: the same states in the same order, so the same
// counts, memory, verdicts and counterexamples, also where a bound, First
// or a violation stops the search part way; and so must expanding ahead
// in lanes (Config.Fork). Every algorithm is searched all three ways, with and without the reduction, with Order, bounded by
// states and by memory, with four nodes, and the elections with crashes.
func TestExpandingAheadChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every algorithm several times")
	}
	all := []string{explore.Safety, explore.Liveness, explore.Order}
	compared, forks, inLanes := 0, 0, 0
	for _, a := range registry.All() {
		base := explore.Config{Alg: a, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1, AppMsgs: 1}, MaxStates: 60000}
		cases := map[string]explore.Config{"safety and liveness": base}
		c := base
		c.Props = all
		cases["with Order"] = c
		c = base
		c.NoReduce = true
		cases["full search"] = c
		c = base
		c.MaxStates = 3001
		cases["bounded by states"] = c
		c = base
		c.MaxStates, c.MaxBytes = 0, 400<<10
		cases["bounded by memory"] = c
		c = base
		c.First = true
		cases["first violation"] = c
		c = base
		c.Sim.N, c.MaxStates = 4, 20000 // two pairs of nodes (see states)
		cases["four nodes"] = c
		if a.Election {
			c = base
			c.Opts.Crashes = 1
			cases["a crash"] = c
		}
		for name, c := range cases {
			want, err := explore.Check(explore.OneByOne(c))
			require.NoError(t, err, "%s %s", a.Name, name)
			got, err := explore.Check(c)
			require.NoError(t, err, "%s %s", a.Name, name)
			require.Equal(t, want, got, "%s %s", a.Name, name)
			got, err = explore.Check(explore.Lanes(c, 3, &forks))
			require.NoError(t, err, "%s %s", a.Name, name)
			require.Equal(t, 1, want.Lanes)
			if got.Lanes == 3 {
				inLanes++
			} else {
				require.Equal(t, 1, got.Lanes, "%s %s in lanes", a.Name, name)
			}
			got.Lanes = 1 // all else is the same
			require.Equal(t, want, got, "%s %s in lanes", a.Name, name)
			compared++
		}
	}
	require.Greater(t, compared, 6*len(registry.All()))
	require.Greater(t, forks, 1000, "the lanes expanded runs of states")
	t.Logf("%d of %d results say the lanes ran", inLanes, compared)
	require.Greater(t, inLanes, compared/2, "results that say the lanes ran")
}
