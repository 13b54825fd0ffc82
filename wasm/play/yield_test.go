package play_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/wasm/play"
)

// The page's searches yield as they go (yield.go): the check of a
// configuration, and the exploration of a scenario's completions. Without
// it, the collector waits in the browser until a search ends.
func TestSearchesYield(t *testing.T) {
	var n int
	defer play.CountYields(&n)()

	res, err := play.Check(play.CheckParams{Params: play.Params{Algo: "ra-benari", Nodes: 3, Requests: 1}, Props: []string{"safety", "liveness"}}, nil)
	require.NoError(t, err)
	require.Greater(t, res.States, 4096)
	require.GreaterOrEqual(t, n, res.States/1024, "once every 1,024 states")

	n = 0
	sc := "algorithm ra-benari\nnodes N1 N2 N3\nrequests 1\n"
	x, diags, err := play.ExploreScenarioWith(sc, "", 0)
	require.NoError(t, err)
	require.Empty(t, diags)
	require.Greater(t, x.States, 4096)
	require.GreaterOrEqual(t, n, x.States/4096, "once every 4,096 states")
}
