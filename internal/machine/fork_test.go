package machine_test

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/internal/machine"
)

// Fork runs every call, at once: each call waits until all have started.
func TestForkRunsEveryCallAtOnce(t *testing.T) {
	for _, n := range []int{1, 2, 5} {
		var started atomic.Int32
		seen := make([]bool, n)
		machine.Fork(n, func(i int) {
			started.Add(1)
			for started.Load() < int32(n) {
			}
			seen[i] = true
		})
		for i, s := range seen {
			require.True(t, s, "n=%d: call %d", n, i)
		}
	}
}

func TestUseSetsTheWorkers(t *testing.T) {
	var c explore.Config
	machine.Use(&c, 3)
	require.Equal(t, 3, c.Workers)
	require.NotNil(t, c.Fork)
	machine.Use(&c, 1)
	require.Zero(t, c.Workers)
	require.Nil(t, c.Fork)
	machine.Use(&c, 0)
	if n := runtime.GOMAXPROCS(0); n > 1 {
		require.Equal(t, n, c.Workers, "every core the process may use")
		require.NotNil(t, c.Fork)
	} else {
		require.Zero(t, c.Workers, "one core: no lanes")
		require.Nil(t, c.Fork)
	}
}

// A search on several cores is the search on one: the same states in
// the same order, so the same counts, verdicts and counterexamples, for
// every algorithm of the registry and a listing (whose nodes, one world
// per core, must share nothing they change), with Order, in full, with
// crashes and bounded part way. Under the race detector (go test -race
// ./internal/machine, part of make test) it is the check that the
// explorer's lanes only read what they share.
func TestForkedSearchesAreTheOneCoreSearch(t *testing.T) {
	if testing.Short() && !raced {
		t.Skip("searches every algorithm twice")
	}
	algs := registry.All()
	l, err := listing.Seed("ra-benari")
	require.NoError(t, err)
	algs = append(algs, l)
	bound := 40_000
	if raced {
		bound = 4_000
	}
	compared, onCores := 0, 0
	for _, a := range algs {
		base := explore.Config{Alg: a, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1, AppMsgs: 1}, MaxStates: bound}
		cases := map[string]explore.Config{"safety and liveness": base}
		c := base
		c.Props = []string{explore.Order}
		cases["Order"] = c
		c = base
		c.NoReduce = true
		cases["full search"] = c
		c = base
		c.MaxStates = bound / 7
		cases["bounded"] = c
		if a.Election {
			c = base
			c.Opts.Crashes = 1
			cases["a crash"] = c
		}
		for name, c := range cases {
			want, err := explore.Check(c)
			require.NoError(t, err, "%s %s", a.Name, name)
			for _, workers := range []int{2, 4} {
				f := c
				machine.Use(&f, workers)
				got, err := explore.Check(f)
				require.NoError(t, err, "%s %s", a.Name, name)
				if got.Lanes == workers {
					onCores++
				} else {
					require.Equal(t, 1, got.Lanes, "%s %s on %d cores", a.Name, name, workers)
				}
				got.Lanes = want.Lanes // all else is the same
				require.Equal(t, want, got, "%s %s on %d cores", a.Name, name, workers)
				compared++
			}
		}
	}
	require.Greater(t, compared, 8*len(algs), fmt.Sprint(compared))
	t.Logf("%d of %d results say the lanes ran", onCores, compared)
	require.Greater(t, onCores, compared/2, "results that say the lanes ran")
}
