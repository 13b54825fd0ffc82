package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// How far the search went is said in the words of the search asked for:
// --first stops at a violation without reaching any bound, and random
// walks sample schedules; neither is "bound reached".
func TestCheckSaysHowFarItSearched(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "ra-v1", "--nodes", "2", "--requests", "2", "--first")
	require.Equal(t, exitViolation, code, errs)
	assert.Contains(t, out, "stopped at the first violation (--first; the verdicts left unknown were not searched)")
	assert.NotContains(t, out, "bound reached")

	code, out, errs = runCLI("check", "--algo", "ra-benari", "--nodes", "2", "--requests", "1", "--seed", "1", "--walks", "50")
	require.NotEqual(t, exitUsage, code, errs)
	assert.Contains(t, out, "50 random walks (seed 1, depth 500)")
	assert.Contains(t, out, "a sample of the schedules (a verdict other than violated stays unknown)")
	assert.NotContains(t, out, "bound reached")

	code, out, errs = runCLI("check", "--algo", "ra-benari", "--nodes", "3", "--requests", "2", "--max-states", "1000")
	require.NotEqual(t, exitUsage, code, errs)
	assert.Contains(t, out, "incomplete (bound reached)", "a bound that was reached is still said")
}

// A central server with one client has no contention: no synchronization
// delay is said for it (it would read 0).
func TestCheckMetricsOfOneClient(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "central", "--nodes", "2", "--requests", "1")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "with one client there is no contention to measure.")
	assert.NotContains(t, out, "synchronization delay 0")
	code, out, errs = runCLI("check", "--algo", "ra-benari", "--nodes", "2", "--requests", "1")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "with both clients asking at once, 2 messages per entry and synchronization delay 1.")
}

// An algorithm that picks its numbers freely says the range its verdicts
// are for: ra-v1 is safe at N=3 R=2 with numbers 1..2, not with 1..3.
func TestCheckSaysTheRangeOfChosenNumbers(t *testing.T) {
	code, out, errs := runCLI("check", "--algo", "ra-v1", "--nodes", "3", "--requests", "2", "--props", "safety")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "chooseNumber() picks from 1..2 (--numbers K for 1..K)")
	assert.Contains(t, out, "| safety | holds |")
	code, out, errs = runCLI("check", "--algo", "ra-v1", "--nodes", "3", "--requests", "2", "--props", "safety", "--numbers", "3")
	require.Equal(t, exitViolation, code, errs)
	assert.Contains(t, out, "chooseNumber() picks from 1..3")
	_, out, _ = runCLI("check", "--algo", "ra-benari", "--nodes", "2", "--requests", "1")
	assert.NotContains(t, out, "chooseNumber()")
}
