package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int{
		"0": 0, "1048576": 1 << 20, "512MiB": 512 << 20, "2GiB": 2 << 30, "2G": 2 << 30,
		"1.5GiB": 3 << 29, "64mb": 64 << 20, "1024K": 1 << 20, "1048576B": 1 << 20,
		"1e9": 1e9, "0.5G": 1 << 29, "0.0": 0,
	} {
		got, err := parseSize(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "lots", "-1", "2TiB0", "GiB", "1e300", "NaN", "inf", "-0.5"} {
		_, err := parseSize(in)
		assert.Error(t, err, in)
	}
	// A bound too small to keep (below 1MiB) is refused, not read as 0,
	// no bound: 1 byte's share for the states, 3/4 of it, was 0.
	for _, in := range []string{"1", "3", "0.5", "100B", "10K", "1023KiB", "1e-9"} {
		_, err := parseSize(in)
		assert.ErrorContains(t, err, "less than 1MiB, too little for any search (0: no bound)", in)
	}
	code, _, errs := runCLI("check", "--algo", "central", "--nodes", "2", "--max-memory", "3")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, `dmelab check: --max-memory: "3" is less than 1MiB`)
}

// The default properties leave Order out and say so; asking for it
// brings it back without the note.
func TestCheckDefaultPropsNoteOrder(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "central", "--nodes", "2", "--json")
	require.Equal(t, exitOK, code, errs)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	props := res["properties"].(map[string]any)
	assert.Equal(t, "holds", props["safety"])
	assert.Equal(t, "holds", props["liveness"])
	assert.Equal(t, "unknown", props["order"])
	assert.Contains(t, res["note"], "--props safety,liveness,order")

	code, out, _ = runCLI("check", "--algo", "central", "--nodes", "2")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "Order was not checked")

	code, out, _ = runCLI("check", "--algo", "central", "--nodes", "3", "--props", "safety,liveness,order")
	require.Equal(t, exitViolation, code)
	assert.NotContains(t, out, "Order was not checked")

	// Elections have no Order to leave out.
	_, out, _ = runCLI("check", "--algo", "election-ring", "--nodes", "2")
	assert.NotContains(t, out, "Order was not checked")
}

// A search stopped by --max-memory says where, in the report and in the
// JSON, and exits 3.
func TestCheckMaxMemoryStops(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "ra-benari", "--nodes", "3", "--requests", "2", "--max-memory", "4MiB", "--json")
	require.Equal(t, exitIncomplete, code)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, false, res["complete"])
	assert.Regexp(t, `^stopped at [0-9,]+ states, [0-9]+ MiB \(--max-memory 4 MiB`, res["stopped"])
	assert.Contains(t, errs, "dmelab check: stopped at ")
	// Without the bound the same search completes.
	code, _, _ = runCLI("check", "--algo", "ra-benari", "--nodes", "3", "--requests", "2", "--max-memory", "0", "--time-limit", "0")
	assert.Equal(t, exitOK, code)
}

// Lamport 1978 needs FIFO channels: --channels unordered lets a release
// overtake a request, and a node waits forever (seed 004).
func TestCheckChannels(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "lamport", "--nodes", "3", "--channels", "fifo")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "| liveness | holds |")
	assert.Contains(t, out, "Channels: fifo (--channels).")

	code, out, errs = runCLI("check", "--algo", "lamport", "--nodes", "3", "--channels", "unordered", "--first", "--json")
	require.Equal(t, exitViolation, code, errs)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, "unordered", res["channels"])
	assert.Equal(t, "violated", res["properties"].(map[string]any)["liveness"])
	assert.Equal(t, "deadlock", res["counterexample"].(map[string]any)["kind"])

	// The counterexample as a scenario keeps the channels and replays.
	code, src, errs := runCLI("check", "--algo", "lamport", "--nodes", "3", "--channels", "unordered", "--first", "--emit-scenario")
	require.Equal(t, exitViolation, code, errs)
	assert.Contains(t, src, "channels unordered\n")
	assert.NotContains(t, src, "app-messages")
	file := filepath.Join(t.TempDir(), "lamport_unordered.scn")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	code, out, errs = runCLI("run", file)
	assert.Equal(t, exitOK, code, out+errs)
	assert.Contains(t, out, "expectations: 1 ok, 0 not")

	// An algorithm's own order can be overridden the other way too.
	code, _, errs = runCLI("check", "--algo", "ra-lamport", "--nodes", "2", "--channels", "fifo")
	assert.Equal(t, exitOK, code, errs)
}

// run --listing and explore --listing run a scenario on the algorithm a
// listing file describes (a listing exercise's schedules and
// counterexamples name its variables and steps, which the built-in
// algorithm of the same name does not have); the scenario must name the
// listing's algorithm, and a listing that does not compile is reported a
// problem a line.
func TestRunListing(t *testing.T) {
	ex := filepath.Join("..", "..", "exercises", "listing-ra-v1")
	sol := filepath.Join(ex, "solution.txt")
	tie := filepath.Join(ex, "public", "tie.scn")
	code, out, errs := runCLI("run", "--listing", sol, tie)
	require.Equal(t, exitOK, code, out+errs)
	assert.Contains(t, out, "expectations: 4 ok, 0 not")
	code, out, errs = runCLI("run", tie, "--listing", sol, "--json")
	require.Equal(t, exitOK, code, out+errs)
	code, out, errs = runCLI("explore", "--listing", sol, tie)
	require.Equal(t, exitOK, code, out+errs)
	assert.Contains(t, out, "expectations: 4 ok, 0 not")

	// Without the listing, the built-in ra-v1 runs it: another run.
	code, out, _ = runCLI("run", tie)
	assert.Equal(t, exitViolation, code, out)

	// A listing of another algorithm than the scenario's.
	other := filepath.Join("..", "..", "algorithms", "listing", "seeds", "ra-benari.txt")
	code, _, errs = runCLI("run", "--listing", other, tie)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "runs algorithm ra-v1, but the listing")
	assert.Contains(t, errs, "is of algorithm ra-benari")

	// A listing that does not compile, or is not there.
	src, err := os.ReadFile(sol)
	require.NoError(t, err)
	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(string(src), "myNum", "myNumber", 1)), 0o644))
	code, _, errs = runCLI("run", "--listing", bad, tie)
	assert.Equal(t, exitUsage, code)
	assert.Regexp(t, `bad\.txt:\d+:\d+: `, errs)
	code, _, errs = runCLI("run", "--listing", filepath.Join(t.TempDir(), "missing.txt"), tie)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "missing.txt")
}

// check --listing explores the algorithm a listing file describes, and a
// listing that does not compile is reported a problem a line, with the
// file's name, line and column.
func TestCheckListing(t *testing.T) {
	seed := filepath.Join("..", "..", "algorithms", "listing", "seeds", "ra-benari.txt")
	code, out, errs := runCLI("check", "--listing", seed, "--nodes", "2", "--requests", "2")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "# ra-benari, N=2, R=2")
	assert.Contains(t, out, "| safety | holds |")

	src, err := os.ReadFile(seed)
	require.NoError(t, err)
	edited := filepath.Join(t.TempDir(), "notie.txt")
	require.NoError(t, os.WriteFile(edited, []byte(strings.Replace(string(src), "(requestedNum, source) << (myNum, myID)", "requestedNum < myNum", 1)), 0o644))
	code, out, _ = runCLI("check", "--listing", edited, "--nodes", "2")
	require.Equal(t, exitViolation, code)
	assert.Contains(t, out, "| liveness | violated | deadlock")

	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("algorithm x\nprocess main:\n    P1: NCS\n    P2: foo = 1\n"), 0o644))
	code, _, errs = runCLI("check", "--listing", bad, "--nodes", "2")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, bad+":4:9: foo is not declared")
	assert.Contains(t, errs, bad+":2:1: process main has NCS or CS but not both")

	code, _, errs = runCLI("check", "--listing", seed, "--algo", "ra-benari", "--nodes", "2")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "give one")
}

// A time limit that ends the liveness check after a complete search says
// so, rather than that the search stopped somewhere.
func TestStoppedLineOfTheLivenessCheck(t *testing.T) {
	f := &checkFlags{timeLimit: 30 * time.Second}
	res := &explore.Result{States: 1234567, StoreBytes: 300 << 20, Bound: explore.BoundStopped, LivenessStopped: true}
	assert.Equal(t, "stopped after 30s (the --time-limit bound) in its liveness check; the search itself was complete, 1,234,567 states, 300 MiB: raise the limit, or check fewer nodes or requests", stoppedLine(f, res))
	res.LivenessStopped = false
	assert.Equal(t, "stopped at 1,234,567 states, 300 MiB after 30s (the --time-limit bound): raise it, or check fewer nodes or requests", stoppedLine(f, res))
}

// --cores splits the search's work between cores and changes nothing it
// says: the report is the one-core report, counterexamples included
// (the JSON's time left out), but for the lanes it says ran, never more
// than there are cores. A count out of range is refused.
func TestCheckCoresSayTheSame(t *testing.T) {
	args := []string{"check", "--algo", "ra-v2", "--nodes", "3", "--json"}
	var reports []map[string]any
	for _, n := range []int{1, 2, 3, 256} {
		code, out, errs := runCLI(append(args, "--cores", fmt.Sprint(n))...)
		require.Equal(t, exitViolation, code, errs)
		var res map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &res))
		delete(res, "elapsed_ms")
		// No more lanes than there are cores.
		if lanes := min(n, runtime.GOMAXPROCS(0)); lanes == 1 {
			require.NotContains(t, res, "lanes", "one core")
		} else {
			require.Contains(t, res, "lanes", "--cores %d", n)
			require.Equal(t, float64(lanes), res["lanes"], "the lanes that ran with --cores %d", n)
		}
		delete(res, "lanes")
		reports = append(reports, res)
	}
	for _, r := range reports[1:] {
		require.Equal(t, reports[0], r)
	}
	require.NotEmpty(t, reports[0]["counterexamples"])
	require.Greater(t, reports[0]["states"], 10000.0)

	code, _, errs := runCLI("check", "--algo", "central", "--nodes", "2", "--cores", "-1")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "--cores must be between 0 (every core) and 256, got -1")
}

// --time-limit ends random walks as it ends a search: however many walks
// were asked for, the answer comes at the limit, saying after how many
// walks it stopped. --depth is bounded: a walk keeps its events.
func TestCheckWalksTimeLimit(t *testing.T) {
	// (Without the limit honoured, this would run for hours: the test's
	// own timeout, not a timed assertion, catches that.)
	code, out, errs := runCLI("check", "--algo", "ra-lamport", "--nodes", "3", "--seed", "1", "--walks", "100000000", "--time-limit", "300ms", "--json")
	require.Equal(t, exitIncomplete, code, errs)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, "random-walk", res["mode"])
	assert.Regexp(t, `^stopped after 300ms \(the --time-limit bound\) in walk [0-9,]+ of 100,000,000 \([0-9,]+ states\)`, res["stopped"])
	assert.Contains(t, errs, "dmelab check: stopped after 300ms")

	code, _, errs = runCLI("check", "--algo", "ra-lamport", "--nodes", "3", "--seed", "1", "--depth", "100000000")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "--depth must be at most 100000 events")
}
