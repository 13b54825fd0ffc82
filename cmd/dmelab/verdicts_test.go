package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// docs/verdicts.md's table is what dmelab check says today: every row,
// recomputed (a few minutes on two cores). Run make verdicts after a
// change that moves a verdict or a state count.
func TestVerdictTableIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("recomputes the whole verdict table")
	}
	var out, errb bytes.Buffer
	code := run([]string{"verdicts", "--check", filepath.Join("..", "..", "docs", "verdicts.md")}, &out, &errb)
	require.Equal(t, exitOK, code, "%s", out.String())
	require.Contains(t, out.String(), "is what dmelab check says")
}

// A stale row, a missing row and an extra row are each named.
func TestVerdictsDiffNamesDifferingRows(t *testing.T) {
	var table bytes.Buffer
	require.Equal(t, exitOK, run([]string{"verdicts", "--algo", "central"}, &table, &bytes.Buffer{}))
	rows := strings.Split(strings.TrimSpace(table.String()), "\n")
	require.Len(t, rows, 2+6, "header, rule and N=2..4 × R=1,2")
	require.Empty(t, tableDiff(table.String(), table.String()))

	stale := setCell(rows[2], 8, "12345")                         // the states of safety and liveness
	old := append([]string{rows[0], rows[1], stale}, rows[4:]...) // N=2 R=2 missing
	old = append(old, "| central | — | 9 | 9 | holds | holds | holds | 1 | 1 | — |")
	diff := tableDiff(strings.Join(old, "\n"), table.String())
	require.Contains(t, diff, "the file:     "+stale+"\n  dmelab check: "+rows[2])
	require.Contains(t, diff, "missing from the file: "+rows[3])
	require.Contains(t, diff, "only in the file: | central | — | 9 | 9 |")
	require.Equal(t, 4, strings.Count(diff, "\n"), diff)

	// A verdict that changed is one row that differs, not a missing and
	// an extra one.
	flipped := setCell(rows[2], 6, "**violated**") // liveness
	flippedTable := append([]string{rows[0], rows[1], flipped}, rows[3:]...)
	require.Equal(t, "  the file:     "+flipped+"\n  dmelab check: "+rows[2]+"\n", tableDiff(strings.Join(flippedTable, "\n"), table.String()))

	swapped := append([]string{rows[0], rows[1], rows[3], rows[2]}, rows[4:]...)
	require.Contains(t, tableDiff(strings.Join(swapped, "\n"), table.String()), "another order")
}

// setCell returns row with its i-th cell (1: the algorithm) set to v.
func setCell(row string, i int, v string) string {
	cells := strings.Split(row, "|")
	cells[i] = " " + v + " "
	return strings.Join(cells, "|")
}

func TestVerdictsRewritesBetweenMarkers(t *testing.T) {
	readme := filepath.Join(t.TempDir(), "README.md")
	require.NoError(t, os.WriteFile(readme, []byte("intro\n"+verdictsStart+"\nold\n"+verdictsEnd+"\nrest\n"), 0o644))
	require.NoError(t, replaceTable(readme, "| new |\n"))
	b, err := os.ReadFile(readme)
	require.NoError(t, err)
	require.Equal(t, "intro\n"+verdictsStart+"\n| new |\n"+verdictsEnd+"\nrest\n", string(b))
	got, err := fileTable(readme)
	require.NoError(t, err)
	require.Equal(t, "| new |\n", got)

	require.NoError(t, os.WriteFile(readme, []byte("no markers\n"), 0o644))
	require.ErrorContains(t, replaceTable(readme, "x"), "has no "+verdictsStart)
}

func TestVerdictsUsage(t *testing.T) {
	var errb bytes.Buffer
	require.Equal(t, exitUsage, run([]string{"verdicts", "--algo", "nope"}, &bytes.Buffer{}, &errb))
	require.Contains(t, errb.String(), `unknown algorithm "nope"`)
	errb.Reset()
	require.Equal(t, exitUsage, run([]string{"verdicts", "--algo", "central", "--check", "README.md"}, &bytes.Buffer{}, &errb))
	require.Contains(t, errb.String(), "cannot be combined with --algo")
}

// --algo with --write recomputes one algorithm's rows and keeps the rest.
func TestVerdictsSplicesOneAlgorithm(t *testing.T) {
	var whole strings.Builder
	whole.WriteString("| algorithm | flags | N | R | safety | liveness | order | states (safety, liveness) | states (order) | shortest counterexamples |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range verdictRows() {
		flags := strings.Join(r.extra, " ")
		if flags == "" {
			flags = "—"
		}
		fmt.Fprintf(&whole, "| %s | %s | %d | %d | old | old | old | 1 | 1 | — |\n", r.algo, flags, r.n, r.r)
	}
	readme := filepath.Join(t.TempDir(), "README.md")
	require.NoError(t, os.WriteFile(readme, []byte(verdictsStart+"\n"+whole.String()+verdictsEnd+"\n"), 0o644))
	var errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"verdicts", "--algo", "central", "--write", readme}, &bytes.Buffer{}, &errb), errb.String())
	got, err := fileTable(readme)
	require.NoError(t, err)
	require.Contains(t, got, "| central | — | 3 | 1 | holds | holds | **violated** |")
	require.NotContains(t, got, "| central | — | 3 | 1 | old")
	require.Contains(t, got, "| ra-benari | — | 2 | 1 | old | old | old |")
	require.Equal(t, strings.Count(whole.String(), "\n"), strings.Count(got, "\n"), "no row lost or added")

	require.NoError(t, os.WriteFile(readme, []byte(verdictsStart+"\n"+verdictsEnd+"\n"), 0o644))
	require.Equal(t, exitUsage, run([]string{"verdicts", "--algo", "central", "--write", readme}, &bytes.Buffer{}, &errb))
	require.Contains(t, errb.String(), "run without --algo")
}
