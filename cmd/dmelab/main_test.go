package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestList(t *testing.T) {
	code, out, _ := runCLI("list")
	require.Equal(t, exitOK, code)
	assert.Contains(t, strings.Split(strings.TrimSpace(out), "\n"), "central")
}

func TestCheckJSONContract(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "central", "--nodes", "3", "--requests", "1", "--props", "safety,liveness,order", "--json")
	require.Equal(t, exitViolation, code, errs) // the server breaks Order
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res), "exactly one JSON object")
	for _, k := range []string{"algorithm", "nodes", "requests", "states", "transitions", "complete", "elapsed_ms", "properties", "counterexample", "counterexamples"} {
		assert.Contains(t, res, k)
	}
	props := res["properties"].(map[string]any)
	assert.Equal(t, "holds", props["safety"])
	assert.Equal(t, "holds", props["liveness"])
	assert.Equal(t, "violated", props["order"])
	ce := res["counterexample"].(map[string]any)
	assert.Equal(t, "order", ce["property"])
	steps := ce["steps"].([]any)
	assert.EqualValues(t, len(steps), ce["length"])
	assert.Contains(t, res["counterexamples"], "order")
}

func TestCheckExitCodes(t *testing.T) {
	code, _, _ := runCLI("check", "--algo", "central", "--nodes", "3", "--props", "safety,liveness")
	assert.Equal(t, exitOK, code, "central is safe and live")
	code, _, _ = runCLI("check", "--algo", "central", "--nodes", "3", "--requests", "2", "--props", "safety", "--max-states", "50")
	assert.Equal(t, exitIncomplete, code)
	code, out, _ := runCLI("check", "--algo", "central", "--nodes", "3", "--props", "order")
	assert.Equal(t, exitViolation, code)
	assert.Contains(t, out, "| order | violated |")
}

func TestBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"check"},
		{"check", "--algo", "nope", "--nodes", "2"},
		{"check", "--algo", "central"},
		{"check", "--algo", "central", "--nodes", "0"},
		{"check", "--algo", "central", "--nodes", "x"},
		{"check", "--algo", "central", "--nodes", "2", "--requests", "-1"},
		{"check", "--algo", "central", "--nodes", "2", "--props", "speed"},
		{"check", "--algo", "central", "--nodes", "2", "extra"},
		{"check", "--bogus"},
		{"list", "x"},
	} {
		code, out, errs := runCLI(args...)
		assert.Equal(t, exitUsage, code, "%q", args)
		assert.Empty(t, out, "%q", args)
		assert.NotEmpty(t, strings.TrimSpace(errs), "%q", args)
	}
	_, _, errs := runCLI("check", "--algo", "central", "--nodes", "x")
	assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
	assert.Contains(t, errs, "nodes")
}

// FuzzCLI: whatever the arguments, the CLI never panics, exits with a
// documented code, and explains bad usage in one line.
func FuzzCLI(f *testing.F) {
	for _, s := range []string{
		"list",
		"check --algo central --nodes 2",
		"check --algo central --nodes 3 --requests 2 --json",
		"check --algo central --nodes 2 --seed 7 --walks 3",
		"check --algo central --nodes 99",
		"check --algo=central --nodes=2 --props=order --first",
		"check --algo central --nodes 2 --sets {1,2}",
		"counter --algo central --procs 3",
		"help",
		"check -h",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		if len(args) > 0 {
			switch args[0] {
			case "check":
				// Keep each run small: later flags win.
				args = append(args, "--max-states=2000", "--walks=3", "--depth=50", "--requests=1")
			case "counter":
				args = append(args, "--adds=5")
			case "run", "explore", "fmt":
				return // they read files named by the input; tested on their own
			}
			if _, ok := commands[args[0]]; ok {
				return // grade, serve...: files, servers and sandboxes; tested on their own
			}
		}
		code, _, errs := runCLI(args...)
		if code < 0 || code > 3 {
			t.Fatalf("exit code %d for %q", code, line)
		}
		if code == exitUsage && len(args) > 0 && args[0] == "check" && !strings.Contains(line, "-h") {
			if strings.Count(errs, "\n") != 1 {
				t.Fatalf("bad usage must be one line, got %q for %q", errs, line)
			}
		}
	})
}

// The same inputs give the same states, transitions and counterexamples.
func TestCheckIsReproducible(t *testing.T) {
	for _, args := range [][]string{
		{"check", "--algo", "ra-v1", "--nodes", "2", "--requests", "2", "--json"},
		{"check", "--algo", "ra-benari-numfirst", "--nodes", "3", "--json", "--seed", "5", "--walks", "300"},
	} {
		var outs []map[string]any
		for k := 0; k < 2; k++ {
			_, out, errs := runCLI(args...)
			var res map[string]any
			require.NoError(t, json.Unmarshal([]byte(out), &res), errs)
			delete(res, "elapsed_ms")
			outs = append(outs, res)
		}
		assert.Equal(t, outs[0], outs[1], "%q", args)
	}
}

func TestFirstStopsEarly(t *testing.T) {
	code, out, _ := runCLI("check", "--algo", "ra-v1", "--nodes", "2", "--requests", "2", "--json", "--first")
	require.Equal(t, exitViolation, code)
	var res struct {
		Complete        bool           `json:"complete"`
		Counterexamples map[string]any `json:"counterexamples"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.False(t, res.Complete)
	assert.Len(t, res.Counterexamples, 1)
}

func TestRandomWalkFindsSafetyViolation(t *testing.T) {
	code, out, _ := runCLI("check", "--algo", "ra-benari-numfirst", "--nodes", "2", "--seed", "1", "--walks", "2000", "--props", "safety")
	assert.Equal(t, exitViolation, code)
	assert.Contains(t, out, "random walks (seed 1")
	assert.Contains(t, out, "| safety | violated |")
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := t.TempDir() + "/s.scn"
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestRunScenario(t *testing.T) {
	code, out, errs := runCLI("run", "../../algorithms/scenario/testdata/seed001.scn")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "N80")

	// A failed expectation exits 1 and names its line.
	bad := writeFile(t, "algorithm central\nnodes A B\nrequest B\nrun\nexpect A enters before B\n")
	code, out, _ = runCLI("run", bad)
	assert.Equal(t, exitViolation, code)
	assert.Contains(t, out, "line 5")

	// Syntax errors: file:line:col on stderr, exit 2.
	broken := writeFile(t, "algorithm central\nnodes A B\nfrobnicate A\n")
	code, _, errs = runCLI("run", broken)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, broken+":3:1:")

	code, _, errs = runCLI("run", "/no/such/file.scn")
	assert.Equal(t, exitUsage, code)
	assert.NotEmpty(t, errs)

	// include reads the preamble next to the including file.
	code, out, errs = runCLI("run", "../../algorithms/scenario/testdata/include/seed001_short.scn")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "ra-lamport, nodes N3 N5 N6 N12 N32 N80")
	missing := writeFile(t, "include nowhere.scn\n")
	code, _, errs = runCLI("run", missing)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, ":1:1: include nowhere.scn: open ")
}

func TestExploreAndFmt(t *testing.T) {
	code, out, errs := runCLI("explore", "../../algorithms/scenario/testdata/rav1_tie.scn", "--json")
	require.Contains(t, []int{exitOK, exitViolation}, code, errs)
	var x map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &x))
	assert.Contains(t, x, "run")

	src := "algorithm   central\nnodes A   B\nrequest A\n"
	code, out, _ = runCLI("fmt", writeFile(t, src))
	require.Equal(t, exitOK, code)
	// fmt is idempotent: formatting its own output changes nothing.
	code, again, _ := runCLI("fmt", writeFile(t, out))
	require.Equal(t, exitOK, code)
	assert.Equal(t, out, again)
	assert.Contains(t, out, "algorithm central")
}

// check --emit-scenario writes the shortest counterexample as a scenario,
// and running that scenario reproduces the violation it expects.
func TestCheckEmitScenario(t *testing.T) {
	code, src, errs := runCLI("check", "--algo", "ra-v2", "--nodes", "2", "--props", "safety,liveness", "--emit-scenario")
	require.Equal(t, exitViolation, code, errs)
	assert.Contains(t, src, "algorithm ra-v2")
	assert.Contains(t, src, "expect liveness violated")
	code, out, errs := runCLI("run", writeFile(t, src))
	assert.Equal(t, exitOK, code, out+errs)

	code, _, errs = runCLI("check", "--algo", "central", "--nodes", "2", "--props", "safety", "--emit-scenario")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errs, "no violation")
}

func TestCounter(t *testing.T) {
	code, out, _ := runCLI("counter", "--procs", "10", "--adds", "100")
	assert.Equal(t, exitViolation, code, "without mutual exclusion updates are lost")
	assert.Contains(t, out, "updates lost")
	code, out, _ = runCLI("counter", "--algo", "central", "--procs", "5", "--adds", "10")
	assert.Equal(t, exitOK, code, out)
	assert.Contains(t, out, "counter = 50, expected 50: 0 updates lost")
	code, _, errs := runCLI("counter", "--algo", "election-ring")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "mutual-exclusion")
}
