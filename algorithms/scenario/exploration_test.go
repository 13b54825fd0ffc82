package scenario

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
)

// TestExplore: explore settles the properties from where the script ends
// and writes each violation as a scenario (script, then completion) that
// replays it and expects it.
func TestExplore(t *testing.T) {
	for _, src := range []string{
		"algorithm ra-v3\nnodes N1 N2\n",                       // the full explorer
		"algorithm ra-v3\nnodes A B\nrequest A\nstep A P2\n",   // the scenario's search
		"algorithm ra-benari-numfirst\nnodes A B\nrequest B\n", // safety
		"algorithm maekawa\nnodes A B C\nrequest A\n",
	} {
		x, err := Explore(load(t, src), Options{})
		require.NoError(t, err)
		require.NotNil(t, x.Verdicts)
		assert.Equal(t, 1, x.Exit(), src)
		require.NotEmpty(t, x.Counterexamples, src)
		for p, cx := range x.Counterexamples {
			s, err := Load("cx.scn", []byte(cx))
			require.NoError(t, err, cx)
			r := Run(s, Options{})
			require.Nil(t, r.Stopped, cx)
			last := r.Expects[len(r.Expects)-1]
			assert.Equal(t, p+" violated", last.Text[len("expect "):])
			assert.Equal(t, Pass, last.Status, "%s\n%s", cx, r.Report())
		}
		_, err = json.Marshal(x)
		require.NoError(t, err)
	}
	x, err := Explore(load(t, "algorithm ra-benari\nnodes N1 N2\nrequest N2\n"), Options{})
	require.NoError(t, err)
	assert.Equal(t, 0, x.Exit())
	assert.Empty(t, x.Counterexamples)

	x, err = Explore(load(t, "algorithm ra-benari\nnodes N1 N2\nexit N2\n"), Options{})
	require.NoError(t, err)
	assert.Equal(t, 1, x.Exit(), "the script stopped: its run fails")
	assert.Equal(t, 1, x.Run.Exit())

	// A false expectation of the script fails the exploration too.
	x, err = Explore(load(t, "algorithm ra-benari\nnodes N1 N2\nrequest N2\nexpect N2 phase = idle\n"), Options{})
	require.NoError(t, err)
	assert.Equal(t, 1, x.Exit())
	assert.Equal(t, explore.Holds, x.Verdicts.Verdict[explore.Safety], "the completions are still explored")
}

func TestExploreReport(t *testing.T) {
	x, err := Explore(load(t, "algorithm ra-v3\nnodes A B\nrequest A\nstep A P2\n"), Options{})
	require.NoError(t, err)
	out := x.Report()
	assert.Contains(t, out, "every completion of the end of the script (step 2)")
	assert.Contains(t, out, "liveness violated")
	assert.Contains(t, out, "# the script ends here; the explorer's completion follows")
	assert.Contains(t, out, "expect liveness violated")
}
