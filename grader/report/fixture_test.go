package report

import (
	"encoding/json"
	"flag"
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
// hand-written starvation lasso; `go test ./grader/report -fixture`
// rebuilds it. Markers named SECRET sit in the fields a student must never
// see (a hidden test's file, an exploration's seed, a comment of a hidden
// scenario).
var fixture = flag.Bool("fixture", false, "rebuild testdata/graded.result.json from the explorer")

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

// starvation is a hand-written lasso: N1, the server, always serves
// itself first, so N2 waits forever while N1 enters and leaves.
func starvation() *Counterexample {
	v := func(state, queue string) string { return "state=" + state + " queue=" + queue }
	return &Counterexample{
		Property: "liveness", Kind: "starvation",
		Summary: "N2 waits forever: from step 3 on the run repeats a cycle that is fair to every node and channel, and N2 never enters.",
		Nodes:   []string{"N1", "N2"},
		Initial: []string{v("RELEASED", "[]"), v("RELEASED", "[]")},
		Steps: []Step{
			{Event: "request N2", Text: "N2 calls enter()", Node: 1, Sent: []Arrow{{1, 0, "request"}}, Vars: []string{v("RELEASED", "[]"), v("WANTED", "[]")}, Net: "N2->N1:request"},
			{Event: "deliver N2->N1 request", Text: "N1 receives request from N2", Node: 0, Delivered: &Arrow{1, 0, "request"}, Vars: []string{v("RELEASED", "[N2]"), v("WANTED", "[]")}},
			{Event: "request N1", Text: "N1 calls enter()", Node: 0, InCS: []int{0}, Vars: []string{v("HELD", "[N2]"), v("WANTED", "[]")}},
			{Event: "exit N1", Text: "N1 calls exit()", Node: 0, Vars: []string{v("RELEASED", "[N2]"), v("WANTED", "[]")}},
		},
		Loop:     2,
		Scenario: "algorithm central\nnodes N1 N2\n\nschedule {\n  request N2\n  deliver N2->N1 request\n  request N1\n  exit N1\n}\n",
	}
}

func TestBuildFixture(t *testing.T) {
	if !*fixture {
		t.Skip("run with -fixture to rebuild testdata/graded.result.json")
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
				Message:        "N2 asks and never gets in: N1 keeps serving itself first.",
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
