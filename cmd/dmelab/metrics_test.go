package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/internal/metricspage"
)

// The table's rows carry the textbook's figures, which follow from the
// definitions printed above it: the central server's 2 messages in, 1 out
// and two delays each way; a token that starts at N1 and comes round in 0
// to N-1 hops; Ricart–Agrawala's 2(N-1) messages in a round trip.
func TestMetricsTable(t *testing.T) {
	code, out, errs := runCLI("metrics", "--nodes", "2,4", "--algo", "central,token-ring,ra-lamport", "--max-states", "5000")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "- client delay: time from enter() to the entry")
	require.Contains(t, out, "- sync delay: in that run, time from one exit to the next entry")
	lines := strings.Split(out, "\n")
	row := func(n, algo string) []string {
		inN := false
		for _, l := range lines {
			if strings.HasPrefix(l, "## N = ") {
				inN = l == "## N = "+n
			}
			if inN && strings.HasPrefix(l, "| "+algo+" |") {
				var cells []string
				for _, c := range strings.Split(strings.Trim(l, "|"), "|") {
					cells = append(cells, strings.TrimSpace(c))
				}
				return cells
			}
		}
		t.Fatalf("no row for %s at N=%s in\n%s", algo, n, out)
		return nil
	}
	// algorithm, clients, entry, exit, client delay, exit delay, msgs/use, sync, safe, live, order
	assert.Equal(t, []string{"central", "3", "2", "1", "2", "0", "3", "2", "holds", "holds", "violated"}, row("4", "central"))
	assert.Equal(t, []string{"central", "1", "2", "1", "2", "0", "3", "—", "holds", "holds", "holds"}, row("2", "central"))
	assert.Equal(t, []string{"token-ring", "4", "1.5 (0–3)", "1", "1.5 (0–3)", "0", "1", "1"}, row("4", "token-ring")[:8])
	assert.Equal(t, []string{"ra-lamport", "4", "6", "0", "2", "0", "6", "1", "unknown†", "unknown†", "unknown†"}, row("4", "ra-lamport"))
	assert.Contains(t, out, "† unknown: the search stopped at its bound of 5,000 states without finding a violation (ra-lamport).")
}

func TestMetricsJSON(t *testing.T) {
	code, out, errs := runCLI("metrics", "--nodes", "3", "--algo", "ra-v1,maekawa", "--max-states", "0", "--json")
	require.Equal(t, exitOK, code, errs)
	var rows []struct {
		Algorithm  string
		Nodes      int
		Error      string
		Verdicts   map[string]string
		Comparison *struct {
			Clients       int
			EntryMessages struct{ Min, Max int } `json:"entry_messages"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rows))
	require.Len(t, rows, 2)
	// Seed 000's first listing: an idle node compares against myNum = 0
	// and defers, so a node asking alone never gets in.
	assert.Equal(t, "ra-v1", rows[0].Algorithm)
	assert.Nil(t, rows[0].Comparison)
	assert.Contains(t, rows[0].Error, "N1 asking alone")
	assert.Empty(t, rows[0].Verdicts, "--max-states 0: no searches")
	// Maekawa's grid for 3 nodes: voting sets of 2 and 3 nodes, each asked
	// and each granting.
	require.NotNil(t, rows[1].Comparison)
	assert.Equal(t, 4, rows[1].Comparison.EntryMessages.Min)
	assert.Equal(t, 6, rows[1].Comparison.EntryMessages.Max)
}

func TestMetricsBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"metrics", "--nodes", "1"},
		{"metrics", "--nodes", "2,x"},
		{"metrics", "--nodes", "99"},
		{"metrics", "--algo", "election-ring"},
		{"metrics", "--algo", "nope"},
		{"metrics", "--max-states", "-1"},
		{"metrics", "extra"},
	} {
		code, out, errs := runCLI(args...)
		assert.Equal(t, exitUsage, code, args)
		assert.Empty(t, out, args)
		assert.True(t, strings.HasPrefix(errs, "dmelab metrics: "), "%v: %q", args, errs)
	}
}

// Suzuki–Kasami: an entry costs N messages (N-1 requests and the token),
// or none for the node that holds the token (N1, initially); leaving
// sends nothing unless someone waits.
func TestMetricsSuzukiKasami(t *testing.T) {
	code, out, errs := runCLI("metrics", "--nodes", "3,4", "--algo", "suzuki-kasami", "--max-states", "0", "--json")
	require.Equal(t, exitOK, code, errs)
	var rows []struct {
		Nodes      int
		Comparison *struct {
			EntryMessages struct{ Min, Max int } `json:"entry_messages"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rows))
	require.Len(t, rows, 2)
	for _, r := range rows {
		require.NotNil(t, r.Comparison, "N=%d", r.Nodes)
		assert.Equal(t, 0, r.Comparison.EntryMessages.Min, "N=%d: the holder", r.Nodes)
		assert.Equal(t, r.Nodes, r.Comparison.EntryMessages.Max, "N=%d: N-1 requests and the token", r.Nodes)
	}
}

// With no flags, dmelab metrics prints docs/metrics.md's page
// (internal/metricspage's test holds the page to it): every
// mutual-exclusion algorithm at the page's sizes and bound.
func TestMetricsDefaultsAreThePages(t *testing.T) {
	f, err := parseMetricsFlags(nil)
	require.NoError(t, err)
	assert.Equal(t, metricspage.Nodes, f.nodes)
	assert.Equal(t, metricspage.MaxStates, f.maxStates)
	assert.Equal(t, metricspage.Algorithms(), f.algos)
	assert.Contains(t, f.algos, "ra-benari")
	assert.NotContains(t, f.algos, "election-ring")
	assert.False(t, f.json)
}
