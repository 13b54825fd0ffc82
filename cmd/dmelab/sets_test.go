package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckPrintsPlaneSets: --sets plane at N=7 prints the Fano plane's
// lines, every condition of seed 003 holding, K = M = 3 and the messages
// an entry costs.
func TestCheckPrintsPlaneSets(t *testing.T) {
	code, out, _ := runCLI("check", "--algo", "maekawa-safe", "--nodes", "7", "--sets", "plane", "--props", "safety", "--max-states", "100")
	require.Contains(t, []int{exitOK, exitIncomplete}, code)
	assert.Contains(t, out, "## voting sets\n\nthe projective plane of order 2 (N = 2² + 2 + 1")
	assert.Contains(t, out, "    V1 = {1,4,5}\n")
	assert.Equal(t, 6, strings.Count(out, "| holds |"), out)
	assert.Contains(t, out, "K = 3, M = 3 (√N = 2.65")
	assert.Contains(t, out, "3(K−1) = 6 without contention")
}

// TestCheckPrintsGridSets: by default the grid; at N=7 its last row is
// short, and the bonus conditions fail as warnings, named.
func TestCheckPrintsGridSets(t *testing.T) {
	code, out, _ := runCLI("check", "--algo", "maekawa", "--nodes", "7", "--props", "safety", "--max-states", "100")
	require.Contains(t, []int{exitOK, exitIncomplete}, code)
	assert.Contains(t, out, "seed 003's grid (3 columns")
	assert.Contains(t, out, "    V7 = {1,4,7}\n")
	assert.Contains(t, out, `| \|V_i\| = K | bonus (fairness) | warning: most sets have K = 4 members, but \|V1\| = 5`)
	assert.Contains(t, out, "K = 3..5, M = 3..5")
	assert.Contains(t, out, "3K = 9..15 (")
	_, same, _ := runCLI("check", "--algo", "maekawa", "--nodes", "7", "--sets", "grid", "--props", "safety", "--max-states", "100")
	assert.Equal(t, sets(out), sets(same), "--sets grid is the default")
}

func sets(out string) string {
	_, s, _ := strings.Cut(out, "## voting sets")
	return s
}

func TestCheckGivenSets(t *testing.T) {
	code, out, _ := runCLI("check", "--algo", "maekawa-safe", "--nodes", "3", "--sets", "{1,2} {2,3} {3,1}", "--props", "safety,liveness")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "given with --sets:\n\n    V1 = {1,2}\n    V2 = {2,3}\n    V3 = {3,1}\n")
	assert.Contains(t, out, "K = 2, M = 2")
}

func TestCheckSetsErrors(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "maekawa", "--nodes", "8", "--sets", "plane")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "no projective plane for N=8")
	code, _, errs = runCLI("check", "--algo", "maekawa", "--nodes", "3", "--sets", "{1,2} {2,3}")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "--sets: 2 voting sets for 3 nodes")
}

// TestCheckNoSetsForOthers: algorithms that do not vote print no sets.
func TestCheckNoSetsForOthers(t *testing.T) {
	_, out, _ := runCLI("check", "--algo", "central", "--nodes", "2", "--props", "safety")
	assert.NotContains(t, out, "voting sets")
}
