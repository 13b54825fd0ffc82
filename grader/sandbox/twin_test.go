package sandbox_test

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// answerAll answers reqs in turn on s, from a goroutine of its own locked
// to its thread (as the grader runs a twin), and returns the answers.
func answerAll(s *sandbox.Sandbox, reqs [][]byte) (answers [][]byte, errs []error) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		s.Pin()
		for _, q := range reqs {
			a, err := s.Call(q)
			answers, errs = append(answers, a), append(errs, err)
		}
	}()
	<-done
	return answers, errs
}

// A twin answers as its sandbox does on a fresh instance with an empty
// memo, counts what it ran for the sandbox to take in, and closes without
// closing the sandbox's module. The file counts its calls into P11's
// answers, so a twin that shared the sandbox's instance, or its memo,
// would answer differently.
func TestTwinAnswersAsAFreshInstance(t *testing.T) {
	sb, r, err := start(t, "rasteps", countingCalls(t), sandboxLimits())
	require.NoError(t, err)
	require.Nil(t, r)
	var reqs [][]byte
	_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", func(req []byte) ([]byte, error) {
		reqs = append(reqs, bytes.Clone(req))
		return sb.Call(req)
	}), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}})
	require.NoError(t, err)
	require.NotEmpty(t, reqs)

	tw := sb.Twin()
	got, errs := answerAll(tw, reqs)
	restore := sb.Isolate()
	var want [][]byte
	for _, q := range reqs {
		a, err := sb.Call(q)
		require.NoError(t, err)
		want = append(want, a)
	}
	assert.Equal(t, sandbox.Readings(sb), sandbox.Readings(tw), "the same clocks read, the same random bytes")
	restore()
	for i := range reqs {
		require.NoError(t, errs[i])
	}
	assert.Equal(t, want, got)
	assert.True(t, tw.Clean())
	assert.Equal(t, 1, sandbox.Copies(tw), "its instance the sandbox's start copied")

	u := tw.Usage()
	assert.Equal(t, len(reqs), u.Calls)
	assert.Positive(t, u.Runs)
	assert.Less(t, u.Runs, u.Calls, "its own memo answered the requests asked again")
	calls, runs := sb.Calls, sb.Runs
	require.True(t, sb.WithinTotal(u))
	sb.Absorb(u)
	assert.Equal(t, calls+u.Calls, sb.Calls)
	assert.Equal(t, runs+u.Runs, sb.Runs)

	tw.Close()
	sb.Fresh()
	_, err = sandbox.Answer(sb, reqs[0])
	assert.NoError(t, err, "the sandbox's module outlives its twin")
}

// A twin whose code crashed (here: out of memory, which ends the
// instance; a panic the guest recovers does not) is not clean, nor is the
// sandbox it was made of once its own code crashes: neither's later
// answers can stand for the other's.
func TestTwinCrashIsNotClean(t *testing.T) {
	sb, r, err := start(t, "rasteps", hostile(t, "b := make([]byte, 1<<30)\n\tn.HighestNum = len(b)", "", ""), sandboxLimits())
	require.NoError(t, err)
	require.Nil(t, r)
	assert.True(t, sb.Clean())
	tw := sb.Twin()
	defer tw.Close()
	var failed bool
	_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", func(req []byte) ([]byte, error) {
		ans, err := tw.Call(req)
		failed = failed || err != nil
		return ans, err
	}), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}})
	require.NoError(t, err)
	require.True(t, failed, "P11 ran out of memory")
	assert.False(t, tw.Clean())
	assert.True(t, sb.Clean(), "the sandbox's own calls ran clean")
	_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call),
		Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}})
	require.NoError(t, err)
	assert.False(t, sb.Clean())
}
