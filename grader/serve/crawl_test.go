package serve

import (
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/site"
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

	seen := map[string]bool{}
	queue := []string{"/", "/exercises/", "/exercises/ra", "/exercises/solution.go", "/exercises/ra/solution.go", "/api/exercises", "/api/health", "/api/submissions/" + id, "/api/submissions/" + id + "/events",
		"/api/submissions/" + id + "?wait=1"}
	queue = append(queue, probes...)
	assets, err := fs.Glob(site.Assets(), "*")
	require.NoError(t, err)
	for _, a := range assets {
		queue = append(queue, "/"+a)
	}
	for _, ex := range e.srv.Catalog().List() {
		queue = append(queue, "/api/exercises/"+ex.Name)
	}
	base, _ := url.Parse(e.ts.URL + "/")
	ok := 0
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		for _, method := range []string{"GET", "HEAD", "POST"} {
			req, err := http.NewRequest(method, e.ts.URL+p, nil)
			require.NoError(t, err)
			req.Header.Set("Accept-Encoding", "identity")
			resp, err := e.ts.Client().Do(req)
			require.NoError(t, err, p)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			for _, m := range secretMarks {
				assert.NotContains(t, string(body), m, "%s %s shows hidden material", method, p)
			}
			if method != "GET" {
				continue
			}
			if resp.StatusCode == http.StatusOK {
				ok++
			}
			for _, mm := range links.FindAllSubmatch(body, -1) {
				for _, g := range mm[1:] {
					ref := strings.TrimSpace(string(g))
					if ref == "" || strings.Contains(ref, "://") || strings.HasPrefix(ref, "data:") {
						continue
					}
					u, err := base.Parse(ref)
					if err == nil && u.Host == base.Host {
						queue = append(queue, u.EscapedPath())
					}
				}
			}
		}
	}
	for _, p := range probes {
		assert.True(t, seen[p])
	}
	assert.GreaterOrEqual(t, ok, len(assets)+4, "the crawl reached the site and the API (%d pages)", len(seen))
}
