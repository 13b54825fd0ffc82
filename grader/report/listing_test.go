package report

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/scenario"
)

// listingResult is the "graded" fixture as a listing exercise's result:
// its counterexamples run on the submitted listing.
func listingResult(t *testing.T) *Result {
	r := load(t, "graded")
	r.File = "mine.txt"
	r.Listing = "algorithm ra-v1\n# the student's own listing\n"
	return r
}

// linkShared reads what a replay link holds.
func linkShared(t *testing.T, link string) scenario.Shared {
	t.Helper()
	_, frag, ok := strings.Cut(link, "#")
	require.True(t, ok, link)
	s, err := scenario.ParseShared(frag)
	require.NoError(t, err, link)
	return s
}

// A listing exercise's replay link carries the listing (lst=) beside the
// scenario; a Go exercise's carries none. A hidden test's scenario still
// loses its comments.
func TestReplayLinkCarriesTheListing(t *testing.T) {
	r := listingResult(t)
	for i := range r.Tests {
		tt := &r.Tests[i]
		link := ReplayLink(r, tt, Options{})
		if tt.Counterexample == nil {
			assert.Empty(t, link, tt.Name)
			continue
		}
		s := linkShared(t, link)
		assert.Equal(t, r.Listing, s.Listing, tt.Name)
		assert.Equal(t, shareText(tt), s.Text, tt.Name)
		assert.Equal(t, -1, s.At)
		if tt.Visibility == Hidden {
			assert.NotContains(t, s.Text, "SECRET", tt.Name)
		}
		// The same test of a Go exercise: no listing in the link.
		assert.NotContains(t, ReplayLink(load(t, "graded"), tt, Options{}), "lst=")
		assert.NotContains(t, ReplayLink(nil, tt, Options{}), "lst=")
	}
	require.Contains(t, ReplayLink(r, &r.Tests[2], Options{}), "&lst=", "the fixture's hidden test has a counterexample")
}

// Every rendering a student sees links to the listing's replay, and the
// commands that run a scenario name the listing (--listing and the
// submitted file's name).
func TestListingFeedbackRunsTheListing(t *testing.T) {
	r := listingResult(t)
	for view, s := range studentViews(t, r) {
		// JSON escapes & as \u0026, HTML as &amp;.
		s = strings.NewReplacer(`\u0026`, "&", "&amp;", "&").Replace(s)
		assert.Contains(t, s, "&lst=", view)
	}
	md := Markdown(r, Options{NoHTML: true})
	assert.Contains(t, md, "run it yourself with* `dmelab run --listing mine.txt public/")
	assert.Contains(t, md, "save it and run `dmelab run --listing mine.txt FILE`")
	assert.NotContains(t, md, "`dmelab run FILE`")
	// The replay runs the listing itself: it is this run.
	assert.Contains(t, md, "[▶ Replay this run in the playground](<")
	assert.NotContains(t, md, "exercise's own algorithm")
	for _, s := range []string{Markdown(r, Options{}), HTML(r, Options{})} {
		assert.Contains(t, s, "<code>dmelab run --listing mine.txt FILE</code>")
		assert.NotContains(t, s, "<code>dmelab run FILE</code>")
	}
	// A Go exercise's feedback is as before.
	g := Markdown(load(t, "graded"), Options{NoHTML: true})
	assert.Contains(t, g, "save it and run `dmelab run FILE`")
	assert.NotContains(t, g, "--listing")
	assert.Contains(t, g, "[▶ Replay this schedule on the exercise's own algorithm, in the playground")
}

// The submitted file's name goes into a command only when it needs no
// quoting; otherwise a placeholder stands for it.
func TestListingArg(t *testing.T) {
	for in, want := range map[string]string{
		"mine.txt":              "mine.txt",
		"solution.txt":          "solution.txt",
		"dir/sub/mine_2.txt":    "mine_2.txt",
		`C:\Users\me\mine.txt`:  "mine.txt",
		"":                      "LISTING",
		"my listing.txt":        "LISTING",
		"-rf":                   "LISTING",
		"$(rm -rf ~).txt":       "LISTING",
		"a;b.txt":               "LISTING",
		"`x`.txt":               "LISTING",
		"../":                   "LISTING",
		"é.txt":                 "LISTING",
		strings.Repeat("a", 80): "LISTING",
		"mine.txt\n<script>":    "LISTING",
	} {
		assert.Equal(t, want, listingArg(in), "%q", in)
	}
}

// A Go exercise's replay link names the exercise (ex=), so that the
// playground can say it replays the schedule on the exercise's own
// algorithm and link back; a listing's link runs the student's listing
// and needs no such word; a name that is not a folder name is left out.
func TestReplayLinkNamesTheExercise(t *testing.T) {
	g := load(t, "graded")
	var tt *Test
	for i := range g.Tests {
		if g.Tests[i].Counterexample != nil {
			tt = &g.Tests[i]
			break
		}
	}
	require.NotNil(t, tt, "the fixture has a counterexample")
	assert.True(t, strings.HasSuffix(ReplayLink(g, tt, Options{}), "&ex="+g.Exercise), ReplayLink(g, tt, Options{}))
	// A listing exercise's links name it too: the playground says the
	// run is the student's listing and leads back to the exercise.
	l := listingResult(t)
	require.NotEmpty(t, l.Exercise)
	named := 0
	for i := range l.Tests {
		if link := ReplayLink(l, &l.Tests[i], Options{}); link != "" {
			assert.Contains(t, link, "&lst=", "the listing goes with it")
			assert.True(t, strings.HasSuffix(link, "&ex="+l.Exercise), link)
			named++
		}
	}
	assert.Positive(t, named, "the fixture has a replay link")
	odd := *g
	odd.Exercise = `x"><script>`
	assert.NotContains(t, ReplayLink(&odd, tt, Options{}), "ex=")
}
