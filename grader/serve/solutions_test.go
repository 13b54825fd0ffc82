package serve

import (
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/sandbox"
	"dmelab/site"
)

// markAlternative is planted in an alternative solution (solutions/*.go)
// of the test exercises: no response may contain it.
const markAlternative = "SECRET-ALTERNATIVE-SOLUTION"

// solutionProbes are the paths someone hunting for the alternative
// solutions would try, raw and encoded.
var solutionProbes = []string{
	"/ra/solutions/highest.go", "/exercises/ra/solutions/highest.go", "/exercises/ra/solutions",
	"/solutions/highest.go", "/api/exercises/ra/solutions", "/api/exercises/ra/solutions/highest.go",
	"/api/exercises/solutions", "/api/exercises/ra?file=solutions/highest.go",
	"/api/exercises/ra%2Fsolutions%2Fhighest.go", "/api/exercises/ra/..%2Fsolutions%2Fhighest.go",
	"/..%2Fexercises%2Fra%2Fsolutions%2Fhighest.go", "/static/../ra/solutions/highest.go",
	"/set1/mk/solutions/other.go", "/api/exercises/mk/solutions/other.go",
}

// crawlFor requests every page, asset and API route the server links to,
// starting from start, by GET, HEAD and POST, and reports every response
// holding one of marks. It returns how many GETs answered 200 and every
// path it requested.
func crawlFor(t *testing.T, e *env, start []string, marks []string) (int, map[string]bool) {
	t.Helper()
	queue := append([]string{"/", "/exercises/", "/api/exercises", "/api/health"}, start...)
	assets, err := fs.Glob(site.Assets(), "*")
	require.NoError(t, err)
	for _, a := range assets {
		queue = append(queue, "/"+a)
	}
	for _, ex := range e.srv.Catalog().List() {
		queue = append(queue, "/api/exercises/"+ex.Name, "/exercises/"+ex.Name)
	}
	base, _ := url.Parse(e.ts.URL + "/")
	seen := map[string]bool{}
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
			for _, m := range marks {
				assert.NotContains(t, string(body), m, "%s %s shows material it must not (hidden or staff-only)", method, p)
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
					if u, err := base.Parse(ref); err == nil && u.Host == base.Host {
						queue = append(queue, u.EscapedPath())
					}
				}
			}
		}
	}
	assert.GreaterOrEqual(t, ok, len(assets)+4, "the crawl reached the site and the API (%d pages)", len(seen))
	return ok, seen
}

// The test exercises get alternative solutions (solutions/*.go) with a
// marker: no route serves them, whatever path is tried, and the catalogue
// knows nothing of them.
func TestNoRouteServesAnAlternativeSolution(t *testing.T) {
	o := testOptions(t, newRecorder())
	writeTree(t, o.Exercises, map[string]string{
		"ra/solutions/highest.go":    "// P7 answers the highest id first. " + markAlternative + "\npackage ra // " + markAlternative + "\n",
		"set1/mk/solutions/other.go": "// " + markAlternative + "\npackage mk\n",
	})
	e := start(t, o)
	id := e.submit("alternatives.go")
	e.await(id)

	for _, ex := range e.srv.Catalog().List() {
		assert.NotContains(t, ex.Starter+ex.Statement, markAlternative, ex.Name)
		for _, s := range ex.Public {
			assert.NotContains(t, s.Name+s.Text, markAlternative, ex.Name)
		}
	}
	crawlFor(t, e, append([]string{"/api/submissions/" + id, "/api/submissions/" + id + "?wait=1"}, solutionProbes...), []string{markAlternative})
}

// The same over the project's own exercise set: the text of no
// alternative solution of exercises/*/solutions/ is served (its first
// line, which says how it differs, is unique to it; so is its text).
func TestNoRouteServesTheSetsAlternatives(t *testing.T) {
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join(root, "exercises", "*", "solutions", "*.go"))
	require.NoError(t, err)
	listings, err := filepath.Glob(filepath.Join(root, "exercises", "*", "solutions", "*.txt"))
	require.NoError(t, err)
	files = append(files, listings...)
	if len(files) == 0 {
		t.Skip("no alternative solutions in exercises/")
	}
	var marks, probes []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		first, _, _ := strings.Cut(string(b), "\n")
		marks = append(marks, strings.TrimSpace(first), string(b))
		name := filepath.Base(filepath.Dir(filepath.Dir(f)))
		probes = append(probes, "/exercises/"+name+"/solutions/"+filepath.Base(f), "/api/exercises/"+name+"/solutions/"+filepath.Base(f), "/"+name+"/solutions/"+filepath.Base(f))
	}
	o := testOptions(t, newRecorder())
	o.Exercises, o.Hidden = filepath.Join(root, "exercises"), ""
	e := start(t, o)
	require.NotEmpty(t, e.srv.Catalog().List())
	crawlFor(t, e, probes, marks)
}
