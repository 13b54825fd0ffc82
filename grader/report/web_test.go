package report

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The feedback of the exercise pages (Options.Web): see options.go.

// TestWebGolden renders the fixtures as the exercise pages show them, to
// testdata/NAME.web.md and NAME.web.html; -rewrite rewrites them.
func TestWebGolden(t *testing.T) {
	for _, name := range fixtures {
		r := load(t, name)
		for ext, got := range map[string]string{"web.md": Markdown(r, Options{Web: true}), "web.html": HTML(r, Options{Web: true})} {
			t.Run(name+"."+ext, func(t *testing.T) {
				path := filepath.Join("testdata", name+"."+ext)
				if *rewrite {
					require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
					return
				}
				want, err := os.ReadFile(path)
				require.NoError(t, err, "run go test ./grader/report -rewrite to create it")
				require.Equal(t, string(want), got)
			})
		}
	}
}

// TestRenderingsAreBoth: the exercise pages' two renderings, made
// together so that each replay link is computed once, are the two made
// apart, for every fixture (some with several counterexamples, one on a
// listing) and with or without Web.
func TestRenderingsAreBoth(t *testing.T) {
	links := 0
	for _, name := range fixtures {
		for _, o := range []Options{{Web: true}, {}, {PlaygroundURL: "https://example.edu/play/"}} {
			r := load(t, name)
			md, html := Renderings(r, o)
			assert.Equal(t, Markdown(r, o), md, name)
			assert.Equal(t, HTML(r, o), html, name)
			links += strings.Count(md, "#scenario=")
		}
	}
	require.Positive(t, links, "some fixture has a counterexample to link")
}

var dataRE = regexp.MustCompile(`href="data:text/plain;charset=utf-8,([^"]*)"`)

// webViews renders r as the exercise pages do, with the scenarios of its
// downloads decoded after the HTML.
func webViews(t *testing.T, r *Result) map[string]string {
	t.Helper()
	page := HTML(r, Options{Web: true})
	for _, m := range dataRE.FindAllStringSubmatch(page, -1) {
		text, err := url.PathUnescape(m[1])
		require.NoError(t, err)
		page += "\n" + text
	}
	return map[string]string{"web markdown": Markdown(r, Options{Web: true}), "web html": page}
}

// TestWebHiddenMaterialNeverShown: the downloads are the scenarios a
// student may see, without a hidden file's comments.
func TestWebHiddenMaterialNeverShown(t *testing.T) {
	for _, name := range fixtures {
		for view, s := range webViews(t, load(t, name)) {
			all := unpacked(t, s)
			if i := strings.Index(all, "SECRET"); i >= 0 {
				t.Errorf("%s rendered as %s shows %q", name, view, all[max(0, i-60):min(len(all), i+40)])
			}
		}
	}
}

// TestWebTellsNoCommand: on the web a counterexample is a replay link and
// a download; the CLI's feedback keeps `dmelab run`.
func TestWebTellsNoCommand(t *testing.T) {
	r := load(t, "graded")
	require.Contains(t, Markdown(r, Options{}), "dmelab run")
	require.Contains(t, HTML(r, Options{}), "dmelab run")
	md, page := Markdown(r, Options{Web: true}), HTML(r, Options{Web: true})
	assert.NotContains(t, md, "dmelab run")
	assert.NotContains(t, page, "dmelab run")
	// A Go file's schedule replays on the exercise's own algorithm, and
	// the link says so (the playground runs no student Go).
	assert.Contains(t, md, "[▶ Replay this schedule on the exercise's own algorithm, in the playground (your code runs only in the grader: compare its steps with yours)](<"+DefaultPlaygroundURL+"#scenario=")

	downloads := dataRE.FindAllStringSubmatch(page, -1)
	var failed []*Test
	for i := range r.Tests {
		if t := &r.Tests[i]; !t.Passed && shareText(t) != "" {
			failed = append(failed, t)
		}
	}
	require.Len(t, downloads, len(failed), "one download per counterexample")
	for i, m := range downloads {
		text, err := url.PathUnescape(m[1])
		require.NoError(t, err)
		assert.Equal(t, shareText(failed[i]), text)
		assert.Contains(t, page, `download="`+scenarioFile(failed[i].Name)+`"`)
	}
	for _, m := range regexp.MustCompile(`<a [^>]*>`).FindAllString(page, -1) {
		if strings.Contains(m, "#scenario=") {
			assert.Contains(t, m, `target="_blank" rel="noopener"`, "the replay link opens outside the frame")
		}
	}
}

// TestWebFirstFailureFirst: the first failed test, its replay link and
// its counterexample come before the table of every test.
func TestWebFirstFailureFirst(t *testing.T) {
	md := Markdown(load(t, "graded"), Options{Web: true})
	first := strings.Index(md, "\n## ")
	require.True(t, strings.HasPrefix(md[first:], "\n## ✗ "), md[first:first+40])
	replay := strings.Index(md, "▶ Replay this")
	steps := strings.Index(md, "Step by step")
	all := strings.Index(md, "## All tests")
	assert.True(t, first < replay && replay < steps && steps < all, "heading %d, replay %d, steps %d, all tests %d", first, replay, steps, all)

	// Nothing ran in a file that does not compile: no section per test.
	ce := Markdown(load(t, "compile-error"), Options{Web: true})
	assert.NotContains(t, ce, "## ✗")
}

// TestWebHostileStringsEscaped: the web's page has only the elements the
// renderer writes, no handler, and links only to the playground (in a
// window of its own) or to a scenario's data.
func TestWebHostileStringsEscaped(t *testing.T) {
	r := hostile()
	page := HTML(r, Options{Web: true})
	for _, m := range tagRE.FindAllStringSubmatch(page, -1) {
		require.True(t, allowedTags[strings.ToLower(m[1])], "element <%s> in the page", m[1])
	}
	require.NotRegexp(t, `(?i)<[^>]*\son[a-z]+\s*=`, page)
	assert.Contains(t, page, "&lt;script&gt;alert(1)&lt;/script&gt;")
	links := regexp.MustCompile(`<a ([^>]*)>`).FindAllStringSubmatch(page, -1)
	require.NotEmpty(t, links)
	safe := regexp.MustCompile(`^href="` + regexp.QuoteMeta(DefaultPlaygroundURL) + `#scenario=[A-Za-z0-9_-]+" target="_blank" rel="noopener"$` +
		`|^href="data:text/plain;charset=utf-8,[A-Za-z0-9%._~-]*" download="[A-Za-z0-9._-]+\.scn"$`)
	for _, l := range links {
		assert.Regexp(t, safe, l[1])
	}
}

func TestScenarioFile(t *testing.T) {
	for name, want := range map[string]string{
		"public/tie":                   "tie.scn",
		"hidden/three_at_once.scn":     "three_at_once.scn",
		"explore N=2 R=2: liveness":    "explore-N-2-R-2-liveness.scn",
		"a <b> (x) é":                  "a-b-x.scn",
		"":                             "counterexample.scn",
		"../..":                        "counterexample.scn",
		strings.Repeat("a", 200) + "!": strings.Repeat("a", 80) + ".scn",
	} {
		assert.Equal(t, want, scenarioFile(name), name)
	}
}
