package verdicts

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/docs"
)

// docs/verdicts.md's table is what the explorer says today: every row,
// recomputed (a few minutes on two cores; the page is embedded, so Go's
// test cache keeps the result until the algorithms or the page change). Run make verdicts
// after a change that moves a verdict or a state count.
func TestTableIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("recomputes the whole verdict table")
	}
	old, err := TableIn("docs/verdicts.md", docs.Verdicts)
	require.NoError(t, err)
	rows := Rows()
	now := Table(rows, io.Discard)
	require.Empty(t, Diff(old, now), "docs/verdicts.md's verdict table differs from what dmelab check says (run make verdicts)")
	require.Equal(t, len(rows)+2, strings.Count(old, "\n"), "a header, a rule and a line per row")
}

func centralRows(t *testing.T) []string {
	t.Helper()
	var rows []Row
	for _, r := range Rows() {
		if r.Algo == "central" {
			rows = append(rows, r)
		}
	}
	table := Table(rows, io.Discard)
	lines := strings.Split(strings.TrimSpace(table), "\n")
	require.Len(t, lines, 2+6, "header, rule and N=2..4 × R=1,2")
	return lines
}

// A stale row, a missing row and an extra row are each named.
func TestDiffNamesDifferingRows(t *testing.T) {
	rows := centralRows(t)
	table := strings.Join(rows, "\n")
	require.Empty(t, Diff(table, table))
	require.Contains(t, rows[2], "| central | — | 2 | 1 | holds | holds | holds |")
	require.Contains(t, rows[4], "| central | — | 3 | 1 | holds | holds | **violated** |", "Order breaks at N=3")

	stale := setCell(rows[2], 8, "12345")                         // the states of safety and liveness
	old := append([]string{rows[0], rows[1], stale}, rows[4:]...) // N=2 R=2 missing
	old = append(old, "| central | — | 9 | 9 | holds | holds | holds | 1 | 1 | — |")
	diff := Diff(strings.Join(old, "\n"), table)
	require.Contains(t, diff, "the file:     "+stale+"\n  dmelab check: "+rows[2])
	require.Contains(t, diff, "missing from the file: "+rows[3])
	require.Contains(t, diff, "only in the file: | central | — | 9 | 9 |")
	require.Equal(t, 4, strings.Count(diff, "\n"), diff)

	// A verdict that changed is one row that differs, not a missing and
	// an extra one.
	flipped := setCell(rows[2], 6, "**violated**") // liveness
	flippedTable := append([]string{rows[0], rows[1], flipped}, rows[3:]...)
	require.Equal(t, "  the file:     "+flipped+"\n  dmelab check: "+rows[2]+"\n", Diff(strings.Join(flippedTable, "\n"), table))

	swapped := append([]string{rows[0], rows[1], rows[3], rows[2]}, rows[4:]...)
	require.Contains(t, Diff(strings.Join(swapped, "\n"), table), "another order")
}

// setCell returns row with its i-th cell (1: the algorithm) set to v.
func setCell(row string, i int, v string) string {
	cells := strings.Split(row, "|")
	cells[i] = " " + v + " "
	return strings.Join(cells, "|")
}

func TestRewritesBetweenMarkers(t *testing.T) {
	readme := filepath.Join(t.TempDir(), "README.md")
	require.NoError(t, os.WriteFile(readme, []byte("intro\n"+Start+"\nold\n"+End+"\nrest\n"), 0o644))
	require.NoError(t, ReplaceTable(readme, "| new |\n"))
	b, err := os.ReadFile(readme)
	require.NoError(t, err)
	require.Equal(t, "intro\n"+Start+"\n| new |\n"+End+"\nrest\n", string(b))
	got, err := FileTable(readme)
	require.NoError(t, err)
	require.Equal(t, "| new |\n", got)

	require.NoError(t, os.WriteFile(readme, []byte("no markers\n"), 0o644))
	require.ErrorContains(t, ReplaceTable(readme, "x"), "has no "+Start)
	_, err = FileTable(readme)
	require.ErrorContains(t, err, "has no "+Start)
	_, err = TableIn("page.md", End+"\n"+Start)
	require.ErrorContains(t, err, "page.md has no "+Start)
}

// One algorithm's rows replace the old table's; a table without the
// other rows asks for the whole table.
func TestSpliceRows(t *testing.T) {
	var whole strings.Builder
	whole.WriteString("| algorithm | flags | N | R | safety | liveness | order | states (safety, liveness) | states (order) | shortest counterexamples |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range Rows() {
		fmt.Fprintf(&whole, "| %s | %s | %d | %d | old | old | old | 1 | 1 | — |\n", r.Algo, r.flags(), r.N, r.R)
	}
	part := strings.Join(centralRows(t), "\n")
	got, err := SpliceRows(whole.String(), part)
	require.NoError(t, err)
	require.Contains(t, got, "| central | — | 3 | 1 | holds | holds | **violated** |")
	require.NotContains(t, got, "| central | — | 3 | 1 | old")
	require.Contains(t, got, "| ra-benari | — | 2 | 1 | old | old | old |")
	require.Contains(t, got, "| lamport | --channels unordered | 3 | 2 | old |")
	require.Contains(t, got, "| election-bully | --crashes 2 | 4 | 1 | old |")
	require.Equal(t, strings.Count(whole.String(), "\n"), strings.Count(got, "\n"), "no row lost or added")

	_, err = SpliceRows("", part)
	require.ErrorContains(t, err, "run without --algo")
	_, err = SpliceRows(strings.Join(strings.Split(whole.String(), "\n")[:5], "\n"), part)
	require.ErrorContains(t, err, "the file has no row for")
}

func TestConfigOfAnUnknownAlgorithm(t *testing.T) {
	_, err := Row{Algo: "nope", N: 2, R: 1}.Config()
	require.ErrorContains(t, err, `unknown algorithm "nope"`)
	o := check(Row{Algo: "nope", N: 2, R: 1})
	require.Equal(t, "error: unknown algorithm \"nope\"", o.states())
	require.Equal(t, "unknown", o.verdict("safety"))
}
