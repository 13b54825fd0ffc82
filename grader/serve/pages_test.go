package serve

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exercise pages: a catalogue linking every exercise, a page with the
// statement rendered from Markdown, the starter in the editor and the
// public schedules; unknown names are 404 pages.
func TestExercisePages(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	code, body, hdr := e.do("GET", "/exercises/", "", nil)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, hdr.Get("Content-Type"), "text/html")
	assert.Contains(t, hdr.Get("Content-Security-Policy"), "script-src 'self'")
	assert.Contains(t, string(body), `<a href="/exercises/ra">Ricart–Agrawala steps</a>`)
	assert.Contains(t, string(body), `<a href="/exercises/mk">Maekawa</a>`)

	code, body, _ = e.do("GET", "/exercises/ra", "", nil)
	assert.Equal(t, http.StatusOK, code)
	page := string(body)
	assert.Contains(t, page, "<h1>The steps</h1>", "the statement's Markdown is rendered")
	assert.Contains(t, page, `data-exercise="ra"`)
	assert.Contains(t, page, "package ra // STARTER", "the starter is in the editor")
	assert.Contains(t, page, "two", "the public schedule is listed")
	assert.NotContains(t, page, "race", "hidden schedules are not named to students")

	code, _, _ = e.do("GET", "/exercises/nope", "", nil)
	assert.Equal(t, http.StatusNotFound, code)
	code, body, _ = e.do("GET", "/exercises/assets/exercise.js", "", nil)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, string(body), "/api/submissions")
	code, _, hdr = e.do("GET", "/exercises", "", nil)
	assert.Equal(t, http.StatusOK, code, "redirected to the catalogue")
	code, body, _ = e.do("GET", "/exercises/ra/", "", nil)
	assert.Equal(t, http.StatusOK, code, "a slash at the end is redirected to the page")
	assert.Contains(t, string(body), `data-exercise="ra"`)
	code, _, _ = e.do("GET", "/exercises/nope/", "", nil)
	assert.Equal(t, http.StatusNotFound, code)
}

// The page offers the starter under the name the statement gives it
// (starter.go), and says the editor starts as it; the file downloads as
// it is, and no other file of the exercise is served so.
func TestExercisePageStarter(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	_, body, _ := e.do("GET", "/exercises/ra", "", nil)
	page := string(body)
	assert.Contains(t, page, `<a id="starter-download" href="/exercises/ra/starter.go" download="starter.go">Download starter.go</a>`)
	assert.Contains(t, page, `<label for="source" id="source-label">Your solution.go (starts as starter.go)</label>`)
	assert.Contains(t, page, `>Back to starter.go</button>`)

	code, body, hdr := e.do("GET", "/exercises/ra/starter.go", "", nil)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, string(body), "package ra // STARTER")
	assert.Equal(t, `attachment; filename="starter.go"`, hdr.Get("Content-Disposition"))
	assert.Contains(t, hdr.Get("Content-Type"), "text/plain")
	for _, p := range []string{"/exercises/ra/solution.go", "/exercises/ra/starter.txt", "/exercises/nope/starter.go", "/exercises/ra/hidden"} {
		code, _, _ = e.do("GET", p, "", nil)
		assert.Equal(t, http.StatusNotFound, code, p)
	}
}

// Staff see the hidden schedules' names on the page; students never do.
func TestExercisePageStaff(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.Staff = true
	e := start(t, o).asStaff()
	_, body, _ := e.do("GET", "/exercises/ra", "", nil)
	assert.Contains(t, string(body), "Hidden schedules (staff view)")
}

// With Staff, the catalogue shows the exercises' validation once it is
// computed; students never see it.
func TestStaffValidation(t *testing.T) {
	release := make(chan struct{})
	validate := func(ctx context.Context, _, _ string) (string, error) {
		<-release
		return "| exercise | mutants caught |\n|---|---|\n| ra | 7/7 |\n", nil
	}
	o := testOptions(t, newRecorder())
	o.Staff, o.Validate = true, validate
	e := start(t, o).asStaff()
	_, body, _ := e.do("GET", "/exercises/", "", nil)
	assert.Contains(t, string(body), "Validation (staff view): running")
	close(release)
	assert.Eventually(t, func() bool {
		_, body, _ = e.do("GET", "/exercises/", "", nil)
		return strings.Contains(string(body), "<td>7/7</td>")
	}, 5*time.Second, 10*time.Millisecond, "the validation table appears")

	o = testOptions(t, newRecorder())
	o.Validate = validate
	student := start(t, o)
	_, body, _ = student.do("GET", "/exercises/", "", nil)
	assert.NotContains(t, string(body), "Validation")
}

// Issue 14: the staff's validation table has padded cells, as the
// catalogue's have: the page's stylesheet (served at
// /exercises/assets/exercise.css) has a rule for the table that
// validationHTML renders (a Markdown table inside section.validation).
func TestStaffValidationTableIsPadded(t *testing.T) {
	html := string(validationSection(t))
	assert.Contains(t, html, `<section class="staff validation"><table>`)
	rules := cssRules(string(pageCSS))
	for _, cell := range []string{".validation td", ".validation th"} {
		decl, ok := rules[cell]
		if assert.True(t, ok, "exercise.css has no rule for %s", cell) {
			assert.Regexp(t, `(^|;)\s*padding:\s*[.0-9]*[1-9]`, decl, cell)
			assert.Contains(t, decl, "border", cell)
		}
	}
	if decl, ok := rules[".validation table"]; assert.True(t, ok) {
		assert.Contains(t, decl, "border-collapse: collapse")
	}
}

// validationSection is what a staff member's catalogue shows for a small
// validation table.
func validationSection(t *testing.T) []byte {
	o := testOptions(t, newRecorder())
	o.Staff = true
	o.Validate = func(ctx context.Context, _, _ string) (string, error) {
		return "| exercise | mutants caught |\n|---|---|\n| ra | 7/7 |\n", nil
	}
	e := start(t, o).asStaff()
	var body []byte
	assert.Eventually(t, func() bool {
		_, body, _ = e.do("GET", "/exercises/", "", nil)
		return strings.Contains(string(body), "<td>7/7</td>")
	}, 5*time.Second, 10*time.Millisecond)
	i := strings.Index(string(body), `<section class="staff validation">`)
	if i < 0 {
		t.Fatal("no validation section")
	}
	return body[i:]
}

// cssRules maps each selector of a flat stylesheet (no @media blocks
// needed here) to its declarations.
func cssRules(css string) map[string]string {
	rules := map[string]string{}
	for _, block := range strings.Split(css, "}") {
		sel, decl, ok := strings.Cut(block, "{")
		if !ok {
			continue
		}
		for _, s := range strings.Split(sel, ",") {
			s = strings.Join(strings.Fields(s), " ")
			rules[s] += strings.TrimSpace(decl) + ";"
		}
	}
	return rules
}

// The catalogue shows each set's title and introduction (rendered), its
// exercises in the set's order, and a best-score cell for each, filled
// in by the page's script from this browser's history.
func TestCataloguePageShowsSets(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	_, body, _ := e.do("GET", "/exercises/", "", nil)
	page := string(body)
	assert.Contains(t, page, `<h2 id="set-2">Set one</h2>`)
	assert.Contains(t, page, "<p>The <em>first</em> set.</p>", "the introduction's Markdown is rendered")
	assert.Contains(t, page, `<td class="best" data-exercise="mk">not tried</td>`)
	assert.Contains(t, page, `<td class="best" data-exercise="ra">not tried</td>`)
	assert.Less(t, strings.Index(page, `href="/exercises/ra"`), strings.Index(page, `href="/exercises/mk"`), "the top set first")
}

// The page of an exercise that asks for a listing has the listing
// language's reference (docs/listings.md's "The language") above the
// editor, beside the public schedules; a Go exercise's page has none.
func TestListingPageHasTheLanguage(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.Exercises, o.Hidden = t.TempDir(), ""
	writeTree(t, o.Exercises, map[string]string{
		"fix/exercise.md": "---\ntitle: Fix the listing\nalgorithm: central\ninterface: listing\n---\n# Fix it\n",
		"fix/starter.txt": "algorithm central\n",
		"go/exercise.md":  "---\ntitle: Steps\nalgorithm: ra-benari\ninterface: rasteps\n---\n# Steps\n",
		"go/starter.go":   "package ra\n",
	})
	ref, err := os.ReadFile("../../exercises/listing-central/solution.txt")
	require.NoError(t, err)
	writeTree(t, o.Exercises, map[string]string{"fix/solution.txt": string(ref)})
	e := start(t, o)
	code, body, _ := e.do("GET", "/exercises/fix", "", nil)
	assert.Equal(t, http.StatusOK, code)
	page := string(body)
	assert.Contains(t, page, "<summary>The listing language (grammar, what runs when, errors)</summary>")
	assert.Contains(t, page, ">Grammar</h4>")
	assert.Contains(t, page, "A listing is lines.")
	assert.NotContains(t, page, "How it is built")
	_, body, _ = e.do("GET", "/exercises/go", "", nil)
	assert.NotContains(t, string(body), "The listing language")
}
