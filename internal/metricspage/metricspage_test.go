package metricspage_test

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
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
	var jobs []*metricspage.Row // Algorithm and Nodes set: what to measure
	for _, n := range metricspage.Nodes {
		for _, name := range metricspage.Algorithms() {
			jobs = append(jobs, &metricspage.Row{Algorithm: name, Nodes: n})
		}
	}
	// The rows are measured on every core, and written in the page's order.
	rows := make([]*metricspage.Row, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				rows[i], errs[i] = metricspage.Measure(registry.Lookup(jobs[i].Algorithm), jobs[i].Nodes, metricspage.MaxStates)
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, "%s N=%d", jobs[i].Algorithm, jobs[i].Nodes)
	}
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
