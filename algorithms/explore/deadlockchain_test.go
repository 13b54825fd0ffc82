package explore

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// withoutStuck is algorithm name as a student's code is to the explorer:
// it cannot say itself who waits for whom.
func withoutStuck(name string) *sim.Algorithm {
	a := *registry.Lookup(name)
	a.Stuck = nil
	return &a
}

// A deadlock the algorithm cannot explain says what each node did last:
// the waiting node's enter() and what it has had since, and the idle
// node's last step, the one that kept the reply back.
func TestDeadlockChainTranscript(t *testing.T) {
	res, err := Check(Config{Alg: withoutStuck("ra-v1"), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{Liveness}})
	require.NoError(t, err)
	require.Equal(t, Violated, res.Verdicts[Liveness])
	assert.Equal(t, "N1 cannot finish: nothing is left that must happen; only optional events are (an idle application may call enter()), and none has to happen. "+
		"What each did last: N1 waits since its enter() at step 1, and has had since nothing from N2. "+
		"N2 is idle; its last step was step 5: N2 P11 requestedNum=1 > myNum=0: add N1 to deferred.",
		res.Counterexamples[Liveness].Summary)

	// The built-in algorithm says it in its own words instead.
	res, err = Check(Config{Alg: registry.Lookup("ra-v1"), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{Liveness}})
	require.NoError(t, err)
	assert.NotContains(t, res.Counterexamples[Liveness].Summary, "What each did last")
}

// Every deadlock of every mutual exclusion, its own explanation taken
// away, says what each node did last: each waiting node at its enter(),
// each idle node at its last step, as the step table has them.
func TestEveryDeadlockSaysWhatEachDidLast(t *testing.T) {
	waits := regexp.MustCompile(`(N\d) waits since its enter\(\) at step (\d+)`)
	idle := regexp.MustCompile(`(N\d) is idle; its last step was step (\d+): `)
	seen := 0
	for _, a := range registry.All() {
		if a.Election {
			continue
		}
		for _, n := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/N=%d", a.Name, n), func(t *testing.T) {
				res, err := Check(Config{Alg: withoutStuck(a.Name), Sim: sim.Config{N: n}, Opts: sim.Options{Requests: 1}, Props: []string{Liveness}, MaxStates: 300000})
				require.NoError(t, err)
				tr := res.Counterexamples[Liveness]
				if tr == nil || tr.Kind != "deadlock" {
					return
				}
				seen++
				require.Contains(t, tr.Summary, " What each did last: ")
				ws := waits.FindAllStringSubmatch(tr.Summary, -1)
				require.NotEmpty(t, ws, tr.Summary)
				for _, m := range ws {
					k, _ := strconv.Atoi(m[2])
					require.LessOrEqual(t, k, len(tr.Steps))
					assert.Equal(t, m[1]+" calls enter()", tr.Steps[k-1].Text)
				}
				for _, m := range idle.FindAllStringSubmatch(tr.Summary, -1) {
					k, _ := strconv.Atoi(m[2])
					require.LessOrEqual(t, k, len(tr.Steps))
					assert.Contains(t, tr.Summary, m[0]+tr.Steps[k-1].Text, "the step quoted is the table's")
					for j := k; j < len(tr.Steps); j++ {
						assert.False(t, strings.HasPrefix(tr.Steps[j].Text, m[1]+" "), "a later step of %s: %s", m[1], tr.Steps[j].Text)
					}
				}
			})
		}
	}
	assert.GreaterOrEqual(t, seen, 4, "deadlocks are found")
}

// A starvation says in words the steps its cycle repeats: all of a short
// cycle, the first six of a long one.
func TestStarvationSaysItsCycle(t *testing.T) {
	res, err := Check(Config{Alg: registry.Lookup("permission-ring"), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{Liveness}})
	require.NoError(t, err)
	tr := res.Counterexamples[Liveness]
	require.NotNil(t, tr)
	require.Equal(t, "starvation", tr.Kind)
	assert.Equal(t, "N1, N2 wait forever: from step 3 on the run repeats a cycle that is fair to every node and channel, and neither enters. "+
		"The cycle (steps 3–8): N2 receives request(1) from N1, then N1 receives request(2) from N2, then N2 receives refuse from N1, then N2 retry: send request to N1, then N1 receives refuse from N2, then N1 retry: send request to N2, and again.", tr.Summary)
	for k := tr.Loop; k < len(tr.Steps); k++ {
		assert.Contains(t, tr.Summary, tr.Steps[k].Text)
	}

	long := &Trace{Loop: 2}
	for k := 1; k <= 10; k++ {
		long.Steps = append(long.Steps, TraceStep{Text: fmt.Sprint("s", k)})
	}
	assert.Equal(t, " The cycle (steps 3–10): s3, then s4, then s5, then s6, then s7, then s8, then 2 steps more, and again.", long.cycleText())
	long.Loop = 3
	assert.Equal(t, " The cycle (steps 4–10): s4, then s5, then s6, then s7, then s8, then s9, then s10, and again.", long.cycleText(), "one step more is said, not counted")
	long.Loop = -1
	assert.Empty(t, long.cycleText())
}

// A starvation names every node that starves in its cycle, and only
// those: each node named is in the critical section in no state of the
// cycle, and each node not named that waits at the cycle's start is in
// it in some state of the cycle.
func TestStarvationNamesEveryNodeItStarves(t *testing.T) {
	seen := 0
	for _, a := range registry.All() {
		if a.Election {
			continue
		}
		for n := 2; n <= 3; n++ {
			c := Config{Alg: a, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: 1}, Props: []string{Liveness}, MaxStates: 200000}
			res, err := Check(c)
			require.NoError(t, err)
			tr := res.Counterexamples[Liveness]
			if tr == nil || tr.Kind != "starvation" {
				continue
			}
			seen++
			w, err := initial(c)
			require.NoError(t, err)
			var entered uint32 // in the CS in some state of the cycle
			var waitAt uint32  // waiting when the cycle starts
			if tr.Loop == 0 {
				waitAt = waiting(w)
			}
			for k, s := range tr.Steps {
				e, err := w.FindEvent(s.Event)
				require.NoError(t, err)
				_, err = w.Apply(e)
				require.NoError(t, err)
				if k+1 == tr.Loop {
					waitAt = waiting(w)
				}
				if k+1 >= tr.Loop {
					entered |= inCS(w)
				}
			}
			named := tr.Summary[:strings.Index(tr.Summary, " wait")]
			for i, name := range w.Names {
				isNamed := slices.Contains(strings.Split(named, ", "), name)
				switch {
				case isNamed:
					assert.Zero(t, entered&(1<<i), "%s N=%d: %s is named but enters in the cycle: %s", a.Name, n, name, tr.Summary)
				case waitAt&(1<<i) != 0:
					assert.NotZero(t, entered&(1<<i), "%s N=%d: %s starves too but is not named: %s", a.Name, n, name, tr.Summary)
				}
			}
		}
	}
	assert.GreaterOrEqual(t, seen, 2, "starvations are found")
}

// A deadlock that a crash caused says which message the crash took with
// it: the ring's election message, lost with the node it was going to.
func TestDeadlockSaysWhatACrashLost(t *testing.T) {
	res, err := Check(Config{Alg: registry.Lookup("election-ring"), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1, Crashes: 1}, Props: []string{Liveness}})
	require.NoError(t, err)
	tr := res.Counterexamples[Liveness]
	require.NotNil(t, tr)
	require.Equal(t, "deadlock", tr.Kind)
	assert.Contains(t, tr.Summary, "N2 crashed at step 2 while election(1) from N1 was on its way to it: the message was lost with it.")
	assert.Contains(t, tr.Summary, "an application may start an election", "a crash is not said to be an application's act")
	assert.NotContains(t, tr.Summary, "crash a node")

	// No crash, nothing said of one.
	res, err = Check(Config{Alg: registry.Lookup("ra-v1"), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{Liveness}})
	require.NoError(t, err)
	assert.NotContains(t, res.Counterexamples[Liveness].Summary, "crashed")
}
