package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// The golden tests read hand-made Results stored in testdata/*.result.json.
// graded.result.json holds real counterexamples of ra-v1 (found by the
// explorer and converted by FromTrace) in made-up tests, plus one
// hand-written starvation lasso; `go test ./grader/report -rewrite`
// rebuilds it (and then the golden files). Markers named SECRET sit in the fields a student must never
// see (a hidden test's file, an exploration's seed, a comment of a hidden
// scenario).
// ce runs the explorer on ra-v1 and converts the counterexample of prop.
func ce(t *testing.T, n, requests int, prop string) *Counterexample {
	t.Helper()
	alg := registry.Lookup("ra-v1")
	cfg := explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: requests, AppMsgs: 1}, Props: []string{prop}}
	res, err := explore.Check(cfg)
	require.NoError(t, err)
	tr := res.Counterexamples[prop]
	require.NotNil(t, tr, "ra-v1 N=%d R=%d: no %s counterexample", n, requests, prop)
	c, err := FromTrace(scenario.NewSetup(alg, nil, cfg.Sim, cfg.Opts), tr)
	require.NoError(t, err)
	return c
}

// starvation is a hand-written lasso of a faulty central server (the
// exercise's release_forgets_queue mutant): it forgets its queue when N3
// releases, so N2 waits forever while N3 asks again and again.
func starvation() *Counterexample {
	srv := func(holder, queue string) string { return "holder=" + holder + " queue=" + queue }
	vars := func(holder, queue, n2, n3 string) []string {
		return []string{srv(holder, queue), "state=" + n2, "state=" + n3}
	}
	return &Counterexample{
		Property: "liveness", Kind: "starvation",
		Summary: "N2 waits forever: from step 6 on the run repeats a cycle that is fair to every node and channel, and N2 never enters.",
		Nodes:   []string{"N1", "N2", "N3"},
		Initial: vars("none", "[]", "idle", "idle"),
		Steps: []Step{
			{Event: "request N3", Text: "N3 calls enter()", Node: 2, Sent: []Arrow{{2, 0, "request"}}, Vars: vars("none", "[]", "idle", "waiting"), Net: "N3->N1:request"},
			{Event: "deliver N3->N1 request", Text: "N1 grants N3's request", Node: 0, Delivered: &Arrow{2, 0, "request"}, Sent: []Arrow{{0, 2, "grant"}}, Vars: vars("N3", "[]", "idle", "waiting"), Net: "N1->N3:grant"},
			{Event: "request N2", Text: "N2 calls enter()", Node: 1, Sent: []Arrow{{1, 0, "request"}}, Vars: vars("N3", "[]", "waiting", "waiting"), Net: "N1->N3:grant N2->N1:request"},
			{Event: "deliver N2->N1 request", Text: "N1 queues N2's request: N3 holds the CS", Node: 0, Delivered: &Arrow{1, 0, "request"}, Vars: vars("N3", "[N2]", "waiting", "waiting"), Net: "N1->N3:grant"},
			{Event: "deliver N1->N3 grant", Text: "N3 receives the grant and enters", Node: 2, Delivered: &Arrow{0, 2, "grant"}, InCS: []int{2}, Vars: vars("N3", "[N2]", "waiting", "in CS")},
			{Event: "exit N3", Text: "N3 calls exit()", Node: 2, Sent: []Arrow{{2, 0, "release"}}, Vars: vars("N3", "[N2]", "waiting", "idle"), Net: "N3->N1:release"},
			{Event: "deliver N3->N1 release", Text: "N1 frees the CS and forgets its queue", Node: 0, Delivered: &Arrow{2, 0, "release"}, Vars: vars("none", "[]", "waiting", "idle")},
			{Event: "request N3", Text: "N3 calls enter()", Node: 2, Sent: []Arrow{{2, 0, "request"}}, Vars: vars("none", "[]", "waiting", "waiting"), Net: "N3->N1:request"},
			{Event: "deliver N3->N1 request", Text: "N1 grants N3's request", Node: 0, Delivered: &Arrow{2, 0, "request"}, Sent: []Arrow{{0, 2, "grant"}}, Vars: vars("N3", "[]", "waiting", "waiting"), Net: "N1->N3:grant"},
			{Event: "deliver N1->N3 grant", Text: "N3 receives the grant and enters", Node: 2, Delivered: &Arrow{0, 2, "grant"}, InCS: []int{2}, Vars: vars("N3", "[]", "waiting", "in CS")},
		},
		Loop:     5,
		Scenario: "algorithm central\nnodes N1 N2 N3\n\nschedule {\n  request N3\n  deliver N3->N1 request\n  request N2\n  deliver N2->N1 request\n  deliver N1->N3 grant\n  exit N3\n  deliver N3->N1 release\n  request N3\n  deliver N3->N1 request\n  deliver N1->N3 grant\n}\n",
	}
}

func TestBuildFixture(t *testing.T) {
	if !*rewrite {
		t.Skip("run with -rewrite to rebuild testdata/graded.result.json")
	}
	hidden := ce(t, 2, 2, explore.Safety)
	hidden.Scenario = strings.Replace(hidden.Scenario, "schedule {\n", "schedule {\n  # SECRET-NOTE: the author's remark in the hidden file\n", 1)
	r := &Result{
		Exercise: "ra-steps", Title: "Ricart–Agrawala, step by step (seed 000)", File: "ra.go",
		Status: Graded, Score: 3, MaxScore: 11,
		Tests: []Test{
			{Name: "one request", Visibility: Public, Points: 1, MaxPoints: 1, Passed: true, Source: "public/one.scn"},
			{Name: "an idle node answers", Visibility: Public, Points: 0, MaxPoints: 2, Source: "public/idle.scn",
				Message:        "An idle node must reply to a request at once (P12); here N2, which never asked, deferred N1's request, and N1 waits forever.",
				Counterexample: ce(t, 2, 1, explore.Liveness)},
			{Name: "two rounds", Visibility: Hidden, Points: 0, MaxPoints: 3, Source: "hidden/SECRET-two-rounds.scn",
				Message:        "Two nodes are in the critical section at once: a request was answered by a node that should have deferred it.",
				Counterexample: hidden},
			{Name: "explore N=2 R=1: safety", Visibility: Search, Points: 2, MaxPoints: 2, Passed: true, Source: "explore n=2 r=1 seed=SECRET-SEED"},
			{Name: "explore N=2 R=1: order", Visibility: Search, Points: 0, MaxPoints: 1, Source: "explore n=2 r=1 seed=SECRET-SEED",
				Message:        "A node entered before another whose enter() call happened-before its own.",
				Counterexample: ce(t, 2, 1, explore.Order)},
			{Name: "the server is fair", Visibility: Public, Points: 0, MaxPoints: 2, Source: "public/fair.scn",
				Message:        "N2 asks and never gets in: the server forgets its queue when N3 releases, and keeps granting N3's new requests.",
				Counterexample: starvation()},
		},
		Log:          "P12: requestedNum=1 myNum=0 -> defer\nP12: requestedNum=2 myNum=1 -> defer\n",
		LogTruncated: true,
	}
	b, err := JSON(r)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join("testdata", "graded.result.json"), b, 0o644))
}

func load(t *testing.T, name string) *Result {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".result.json"))
	require.NoError(t, err)
	var r Result
	require.NoError(t, json.Unmarshal(b, &r))
	return &r
}
