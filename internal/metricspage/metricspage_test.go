package metricspage_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/internal/metricspage"
)

// docs/metrics.md shows make metrics' whole output, and it is what the
// code makes today (about twenty core-seconds: its verdict searches are
// bounded at 100,000 states). Run make metrics and paste its output after
// a change that moves a figure or a verdict.
func TestPageIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("measures every algorithm")
	}
	rows, err := metricspage.Rows(metricspage.Nodes, metricspage.Algorithms(), metricspage.MaxStates)
	require.NoError(t, err)
	var out bytes.Buffer
	metricspage.Write(&out, metricspage.Nodes, metricspage.MaxStates, rows)

	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "metrics.md"))
	require.NoError(t, err)
	want := "```\n$ make metrics\n" + out.String() + "```\n"
	if strings.Contains(string(page), want) {
		return
	}
	// Say which line differs first, not only that something does.
	got := string(page)
	if i := strings.Index(got, "$ make metrics\n"); i >= 0 {
		got = got[i+len("$ make metrics\n"):]
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(out.String(), "\n")
	for k := range wl {
		if k >= len(gl) || gl[k] != wl[k] {
			var was string
			if k < len(gl) {
				was = gl[k]
			}
			t.Fatalf("docs/metrics.md differs from make metrics at line %d of its output:\n  the page: %s\n  dmelab:   %s", k+1, was, wl[k])
		}
	}
	t.Fatalf("docs/metrics.md does not show make metrics' output in a code block after \"$ make metrics\"")
}
