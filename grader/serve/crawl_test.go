package serve

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// links finds what a page, script or stylesheet refers to: attributes,
// imports and quoted paths of files.
var links = regexp.MustCompile(`(?:href|src|action)=["']([^"'#?]+)|["'](\.{0,2}/?[A-Za-z0-9_./-]+\.(?:js|mjs|css|wasm|json|svg|png|html|scn|go|md|txt|webmanifest))["']|url\(([^)"']+)\)|"(/api/[^"]*)"`)

// The hidden material's own paths, as someone hunting for it would try
// them, raw and encoded.
var probes = []string{
	"/exercises/ra/hidden/race.scn", "/ra/hidden/race.scn", "/hidden/race.scn", "/ra/solution.go",
	"/exercises/ra/solution.go", "/ra/mutants/flag.go", "/outside.scn", "/hidden/ra/outside.scn",
	"/api/exercises/ra/hidden", "/api/exercises/ra/hidden/race.scn", "/api/exercises/ra/solution.go",
	"/api/exercises/ra%2Fhidden%2Frace.scn", "/api/exercises/..%2Fhidden%2Fra%2Foutside.scn",
	"/api/exercises/ra/..%2F..%2Fhidden", "/api/exercises/.git", "/api/exercises/hidden",
	"/api/exercises/ra?file=solution.go", "/api/exercises/ra/mutants", "/api/exercises/mutants",
	"/..%2Fexercises%2Fra%2Fsolution.go", "/%2e%2e/%2e%2e/hidden/ra/outside.scn", "/static/../ra/solution.go",
	"/dmelab.db", "/api/dmelab.db", "/api/submissions/..%2F..%2Fdmelab.db",
}

func TestCrawlNeverShowsHiddenMaterial(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	// A graded submission, whose result has a hidden test with a staff-only
	// source and a commented counterexample.
	id := e.submit("crawl.go")
	e.await(id)

	start := []string{"/exercises/ra", "/exercises/solution.go", "/exercises/ra/solution.go", "/api/submissions/" + id,
		"/api/submissions/" + id + "/events", "/api/submissions/" + id + "?wait=1"}
	_, seen := crawlFor(t, e, append(start, probes...), secretMarks)
	for _, p := range probes {
		assert.True(t, seen[p])
	}
}
