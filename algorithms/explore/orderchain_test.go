package explore

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// An Order counterexample says the chain that made the earlier call
// happen before the victim's, step by step, so that a student need not
// find it in the step table: an application message (central), a call
// whose own request carries it (suzuki-kasami), a chain through a third
// node (raymond: N3's request reaches N1, whose privilege then reaches
// N2), then how the victim got in all the same (the server's grant, the
// token sent on, a privilege already held).
func TestOrderChainTranscripts(t *testing.T) {
	for _, c := range []struct {
		alg  string
		opts sim.Options
		want string
	}{
		{"central", sim.Options{Requests: 1, AppMsgs: 1}, "N3 enters the critical section although an enter() call that happened-before its own (N2) is still waiting. " +
			"N2's call happened before N3's: N2 calls enter() (step 1), then N2 sends N3 an application message (step 2), then N3 receives app from N2 (step 3), then N3 calls enter() (step 4). " +
			"Order asks that the call that happened first be served first. How N3 got in all the same: it entered at step 6; since its enter() at step 4 it had from N1: grant (sent at step 5: N1 receives request from N3)."},
		{"suzuki-kasami", sim.Options{Requests: 2}, "N3 enters the critical section although an enter() call that happened-before its own (N2) is still waiting. " +
			"N2's call happened before N3's: N2 calls enter() and sends request(1) to N3 (step 1), then N3 receives request(1) from N2 (step 2), then N3 calls enter() (step 3). " +
			"Order asks that the call that happened first be served first. How N3 got in all the same: it entered at step 5; since its enter() at step 3 it had from N1: token[LN=0,0,0 Q=-] (sent at step 4: N1 receives request(1) from N3)."},
		{"raymond", sim.Options{Requests: 2}, "N2 enters the critical section although an enter() call that happened-before its own (N3) is still waiting. " +
			"N3's call happened before N2's: N3 calls enter() and sends request to N1 (step 3), then N1 receives request from N3 (step 5), then N1 sends privilege to N2 (step 6), then N2 receives privilege from N1 (step 7), then N2 calls enter() (step 9). " +
			"Order asks that the call that happened first be served first. N2's enter() returned at once (step 9): nothing had to reach it first."},
	} {
		t.Run(c.alg, func(t *testing.T) {
			res, err := Check(Config{Alg: registry.Lookup(c.alg), Sim: sim.Config{N: 3}, Opts: c.opts, Props: []string{Order}})
			require.NoError(t, err)
			require.Equal(t, Violated, res.Verdicts[Order])
			assert.Equal(t, c.want, res.Counterexamples[Order].Summary)
		})
	}
}

// Every Order counterexample of every mutual exclusion at N=3 says its
// chain, from the earlier call's enter() to the victim's, its steps in
// the order they happened, the last the victim's enter().
func TestEveryOrderCounterexampleSaysItsChain(t *testing.T) {
	step := regexp.MustCompile(`\(step (\d+)\)`)
	seen := 0
	for _, a := range registry.All() {
		if a.Election {
			continue
		}
		for _, o := range []sim.Options{{Requests: 2}, {Requests: 1, AppMsgs: 1}} {
			t.Run(fmt.Sprintf("%s/R=%d/app=%d", a.Name, o.Requests, o.AppMsgs), func(t *testing.T) {
				res, err := Check(Config{Alg: a, Sim: sim.Config{N: 3}, Opts: o, Props: []string{Order}, MaxStates: 300000})
				require.NoError(t, err)
				if res.Verdicts[Order] != Violated {
					return
				}
				seen++
				tr := res.Counterexamples[Order]
				m := regexp.MustCompile(`(N\d)'s call happened before (N\d)'s: (N\d) calls enter\(\).*, then (N\d) calls enter\(\) \(step (\d+)\)\. Order asks`).FindStringSubmatch(tr.Summary)
				require.NotNil(t, m, tr.Summary)
				assert.Equal(t, m[1], m[3], "the chain starts at the earlier call")
				assert.Equal(t, m[2], m[4], "the chain ends at the victim's call")
				last := 0
				for _, s := range step.FindAllStringSubmatch(tr.Summary, -1) {
					k, _ := strconv.Atoi(s[1])
					assert.GreaterOrEqual(t, k, last, tr.Summary)
					assert.LessOrEqual(t, k, len(tr.Steps), tr.Summary)
					last = k
				}
				assert.Equal(t, "N"+m[2][1:]+" calls enter()", tr.Steps[last-1].Text, "the last step named is the victim's call")
				// And how the victim got in all the same.
				assert.Regexp(t, `\. (N\d's enter\(\) returned at once \(step \d+\): nothing had to reach it first|How N\d got in all the same: it entered at step \d+; since its enter\(\) at step \d+ it had .*)\.$`, tr.Summary)
			})
		}
	}
	assert.Greater(t, seen, 10, "Order counterexamples checked")
}
