package sandbox_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

func TestStateless(t *testing.T) {
	for src, want := range map[string]bool{
		"package p\n\nfunc f() int { var x int; return x }\n":                   true,
		"package p\n\nvar _ = 1\n\nvar _, _ int\n\nconst c = 2\n\ntype T int\n": true,
		"package p\n\nvar x int\n":                                              false,
		"package p\n\nvar (\n\t_    = 1\n\tseen = map[int]bool{}\n)\n":          false,
		"package p\n\nvar _, y = 1, 2\n":                                        false,
		"package p\n\nfunc f( {\n":                                              false,
	} {
		assert.Equal(t, want, sandbox.Stateless([]byte(src)), src)
	}
	for _, f := range []string{"lamport/solution.go", "maekawa/solution.go", "ra-steps/solution.go"} {
		assert.True(t, sandbox.Stateless(exercise(t, f)), f)
	}
}

// Isolate starts a fresh instance, so a package variable starts again
// from zero and the same requests get the same answers; a module said to
// be stateless keeps its instance (here, wrongly, as this one counts its
// calls, which shows it was kept).
func TestStatelessKeepsItsInstance(t *testing.T) {
	src := hostile(t, "calls++\n\tn.HighestNum = max(n.HighestNum, n.RequestedNum) + calls", "var calls int", "")
	require.False(t, sandbox.Stateless(src))
	for _, stateless := range []bool{false, true} {
		sb, r, err := start(t, "rasteps", src, sandboxLimits())
		require.NoError(t, err)
		require.Nil(t, r)
		sb.SetStateless(stateless)
		var reqs, answers [][]byte
		_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", func(req []byte) ([]byte, error) {
			ans, err := sb.Call(req)
			reqs, answers = append(reqs, bytes.Clone(req)), append(answers, ans)
			return ans, err
		}), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}})
		require.NoError(t, err)
		require.Positive(t, sb.Runs)
		restore := sb.Isolate()
		same := true
		for i, req := range reqs {
			ans, err := sb.Call(req)
			require.NoError(t, err)
			same = same && string(ans) == string(answers[i])
		}
		restore()
		assert.Equal(t, !stateless, same, "stateless %v: the calls after Isolate answer as the first ones", stateless)
	}
}
