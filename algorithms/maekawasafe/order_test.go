package maekawasafe_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/maekawasafe"
	"dmelab/algorithms/sim"
)

func checkOrder(t *testing.T, alg *sim.Algorithm, n, r int) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r, AppMsgs: 1},
		Props: []string{explore.Safety, explore.Liveness, explore.Order}})
	require.NoError(t, err)
	require.True(t, res.Complete, "N=%d R=%d", n, r)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety], "N=%d R=%d", n, r)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Liveness], "N=%d R=%d", n, r)
	return res
}

// TestOrderTwoNodes: with N=2 both voting sets are {N1,N2}, so every
// request reaches every voter, and with Lamport clocks (an application
// message carries its sender's clock too) a request that happened-before
// another has the smaller timestamp and wins. Order holds.
func TestOrderTwoNodes(t *testing.T) {
	for r := 1; r <= 2; r++ {
		res := checkOrder(t, maekawasafe.Algorithm(), 2, r)
		assert.Equal(t, explore.Holds, res.Verdicts[explore.Order], "R=%d: %v", r, res.Counterexamples[explore.Order])
	}
}

// orderCounterexample is the shortest N=3 schedule, the same under both
// kinds of clocks: N2 asks, tells N3, N3 asks, and N3's request reaches
// N1 (the one voter the two sets share) before N2's does. N1 votes for N3,
// which then holds every vote of V3 = {N1,N3} and enters; the inquire that
// N2's earlier request causes at N1 comes too late.
var orderCounterexample = []string{
	"request N2",
	"app N2->N3",
	"deliver N2->N3 app",
	"request N3",
	"deliver N3->N1 request",
	"deliver N1->N3 reply",
}

// TestOrderThreeNodes: with N=3 the grid sets are {1,2,3} {1,2} {1,3}, and
// no clock helps: a voter orders only the requests it has seen, and
// Maekawa's voter does not wait for requests still on their way.
func TestOrderThreeNodes(t *testing.T) {
	res := checkOrder(t, maekawasafe.Algorithm(), 3, 1)
	require.Equal(t, explore.Violated, res.Verdicts[explore.Order])
	tr := res.Counterexamples[explore.Order]
	assert.Contains(t, tr.Summary, "N3 enters the critical section although an enter() call that happened-before its own (N2) is still waiting")
	assert.Len(t, tr.Events(), len(orderCounterexample))
	var evs []string
	for _, e := range tr.Events() {
		evs = append(evs, strings.SplitN(e, "(", 2)[0])
	}
	t.Log(strings.Join(tr.Events(), "\n"))
	assert.Equal(t, orderCounterexample, evs)
}

// TestTickedClocksAsLamport: clocks that tick only on requests give the
// same verdicts as Lamport 1978's clocks, which tick on every event (as in
// Sanders' presentation), in a fraction of the states.
func TestTickedClocksAsLamport(t *testing.T) {
	if testing.Short() {
		t.Skip("full clocks: 0.9 million states, skipped in -short mode")
	}
	for _, c := range []struct{ n, r int }{{2, 1}, {2, 2}, {3, 1}} {
		ticked := checkOrder(t, maekawasafe.Algorithm(), c.n, c.r)
		full := checkOrder(t, maekawasafe.FullClocks(), c.n, c.r)
		assert.Equal(t, full.Verdicts, ticked.Verdicts, "N=%d R=%d", c.n, c.r)
		assert.Less(t, ticked.States, full.States)
		t.Logf("N=%d R=%d: %d states with ticked clocks, %d with full ones", c.n, c.r, ticked.States, full.States)
	}
}
