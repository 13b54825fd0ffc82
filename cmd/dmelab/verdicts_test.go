package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/internal/verdicts"
)

// The whole table is held to docs/verdicts.md by package verdicts' own
// test; here, the command line around it.

// --algo with --check compares that algorithm's rows of the file, and
// names the rows that differ.
func TestVerdictsChecksOneAlgorithm(t *testing.T) {
	page := filepath.Join("..", "..", "docs", "verdicts.md")
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"verdicts", "--algo", "central", "--check", page}, &out, &errb), "%s%s", out.String(), errb.String())
	require.Contains(t, out.String(), "'s central rows are what dmelab check says (6 rows).")
	require.Contains(t, errb.String(), "dmelab verdicts: 12 searches done", "progress, a line per search")

	b, err := os.ReadFile(page)
	require.NoError(t, err)
	stale := strings.Replace(string(b), "| central | — | 3 | 1 | holds | holds | **violated** |", "| central | — | 3 | 1 | holds | holds | holds |", 1)
	require.NotEqual(t, string(b), stale, "the page has central's N=3 R=1 row")
	file := filepath.Join(t.TempDir(), "verdicts.md")
	require.NoError(t, os.WriteFile(file, []byte(stale), 0o644))
	out.Reset()
	require.Equal(t, exitViolation, run([]string{"verdicts", "--algo", "central", "--check", file}, &out, &bytes.Buffer{}))
	require.Contains(t, out.String(), "differs from what dmelab check says (run make verdicts):\n  the file:     | central | — | 3 | 1 | holds | holds | holds |")
	require.Equal(t, 3, strings.Count(out.String(), "\n"), "one row named: %s", out.String())
}

func TestVerdictsUsage(t *testing.T) {
	var errb bytes.Buffer
	require.Equal(t, exitUsage, run([]string{"verdicts", "--algo", "nope"}, &bytes.Buffer{}, &errb))
	require.Contains(t, errb.String(), `unknown algorithm "nope"`)
	errb.Reset()
	require.Equal(t, exitUsage, run([]string{"verdicts", "--check", "README.md", "--write", "README.md"}, &bytes.Buffer{}, &errb))
	require.Contains(t, errb.String(), "give --check or --write, not both")
	errb.Reset()
	require.Equal(t, exitUsage, run([]string{"verdicts", "--algo", "central", "--check", "no-such.md"}, &bytes.Buffer{}, &errb))
	require.Contains(t, errb.String(), "no-such.md")
}

// --algo with --write recomputes one algorithm's rows and keeps the rest.
func TestVerdictsSplicesOneAlgorithm(t *testing.T) {
	var whole strings.Builder
	whole.WriteString("| algorithm | flags | N | R | safety | liveness | order | states (safety, liveness) | states (order) | shortest counterexamples |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range verdicts.Rows() {
		flags := strings.Join(r.Args(), " ")
		if flags == "" {
			flags = "—"
		}
		fmt.Fprintf(&whole, "| %s | %s | %d | %d | old | old | old | 1 | 1 | — |\n", r.Algo, flags, r.N, r.R)
	}
	readme := filepath.Join(t.TempDir(), "README.md")
	require.NoError(t, os.WriteFile(readme, []byte(verdicts.Start+"\n"+whole.String()+verdicts.End+"\n"), 0o644))
	var errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"verdicts", "--algo", "central", "--write", readme}, &bytes.Buffer{}, &errb), errb.String())
	got, err := verdicts.FileTable(readme)
	require.NoError(t, err)
	require.Contains(t, got, "| central | — | 3 | 1 | holds | holds | **violated** |")
	require.NotContains(t, got, "| central | — | 3 | 1 | old")
	require.Contains(t, got, "| ra-benari | — | 2 | 1 | old | old | old |")
	require.Equal(t, strings.Count(whole.String(), "\n"), strings.Count(got, "\n"), "no row lost or added")

	require.NoError(t, os.WriteFile(readme, []byte(verdicts.Start+"\n"+verdicts.End+"\n"), 0o644))
	require.Equal(t, exitUsage, run([]string{"verdicts", "--algo", "central", "--write", readme}, &bytes.Buffer{}, &errb))
	require.Contains(t, errb.String(), "run without --algo")
}

// The table's searches are the ones `dmelab check` runs for its rows,
// flags included: the same states, verdicts and counterexamples.
func TestVerdictRowsAreWhatCheckSays(t *testing.T) {
	for _, r := range []verdicts.Row{
		{Algo: "central", N: 3, R: 1},
		{Algo: "ra-benari", N: 2, R: 2},
		{Algo: "lamport", N: 2, R: 1, Unordered: true},
		{Algo: "election-ring", N: 3, R: 1, Crashes: 1},
		{Algo: "permission-ring", N: 2, R: 1},
	} {
		for _, props := range [][]string{{explore.Safety, explore.Liveness}, {explore.Order}} {
			if props[0] == explore.Order && r.Crashes > 0 {
				continue // the elections have no Order
			}
			name := fmt.Sprintf("%s N=%d R=%d %v %v", r.Algo, r.N, r.R, r.Args(), props)
			t.Run(name, func(t *testing.T) {
				args := append([]string{"--algo", r.Algo, "--nodes", fmt.Sprint(r.N), "--requests", fmt.Sprint(r.R),
					"--props", strings.Join(props, ","), "--max-states", fmt.Sprint(verdicts.StateBound),
					"--time-limit", "0", "--max-memory", "0", "--json"}, r.Args()...)
				var out, errb bytes.Buffer
				run(append([]string{"check"}, args...), &out, &errb)
				var cli jsonResult
				require.NoError(t, json.Unmarshal(out.Bytes(), &cli), "%s", errb.String())

				cfg, err := r.Config(props...)
				require.NoError(t, err)
				res, err := explore.Check(cfg)
				require.NoError(t, err)
				assert.Equal(t, cli.States, res.States)
				assert.Equal(t, cli.Transitions, res.Transitions)
				assert.Equal(t, cli.Complete, res.Complete)
				assert.Equal(t, cli.Settled, res.Settled)
				assert.Equal(t, cli.Reduced, res.Reduced)
				for _, p := range explore.Properties {
					want := string(explore.Unknown)
					if v, ok := res.Verdicts[p]; ok {
						want = string(v)
					}
					assert.Equal(t, cli.Properties[p], want, p)
					if c := res.Counterexamples[p]; c != nil && assert.NotNil(t, cli.Counterexamples[p], p) {
						assert.Equal(t, cli.Counterexamples[p].Kind, c.Kind, p)
						assert.Equal(t, cli.Counterexamples[p].Length, len(c.Steps), p)
					} else {
						assert.Nil(t, cli.Counterexamples[p], p)
					}
				}
			})
		}
	}
}
