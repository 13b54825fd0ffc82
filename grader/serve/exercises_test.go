package serve

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFrontMatter(t *testing.T) {
	cases := []struct {
		in    string
		front map[string]string
		body  string
	}{
		{"---\ntitle: A\nalgorithm: 'ra-v1'\n---\nbody\n", map[string]string{"title": "A", "algorithm": "ra-v1"}, "body\n"},
		{"---\r\ntitle: \"B: c\"\r\nlimits:\r\n  time: 2s\r\n---\r\nx", map[string]string{"title": "B: c", "limits": ""}, "x"},
		{"no front matter\n", map[string]string{}, "no front matter\n"},
		{"---\ntitle: never closed\n", map[string]string{}, "---\ntitle: never closed\n"},
		{"\ufeff---\n# comment\ntitle: T\n---\n", map[string]string{"title": "T"}, ""},
	}
	for _, c := range cases {
		front, body := frontMatter(c.in)
		assert.Equal(t, c.front, front, "%q", c.in)
		assert.Equal(t, c.body, body, "%q", c.in)
	}
}

func TestCatalogErrors(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a/x/exercise.md": "# x\n", "b/x/exercise.md": "# x\n"})
	_, err := LoadCatalog(dir, "", false)
	assert.ErrorContains(t, err, `two exercises named "x"`)

	dir = t.TempDir()
	writeTree(t, dir, map[string]string{"bad name/exercise.md": "# x\n"})
	_, err = LoadCatalog(dir, "", false)
	assert.ErrorContains(t, err, "names are letters")

	_, err = LoadCatalog(filepath.Join(t.TempDir(), "missing"), "", false)
	assert.Error(t, err)

	// One exercise's folder (validate and grade take one): said, with
	// the folder to give instead.
	dir = t.TempDir()
	writeTree(t, dir, map[string]string{"sk/exercise.md": "# x\n"})
	_, err = LoadCatalog(filepath.Join(dir, "sk"), "", false)
	assert.ErrorContains(t, err, "sk is one exercise's folder (it holds exercise.md): serve the folder that holds it (--exercises "+dir+")")

	c, err := LoadCatalog("", "", false)
	require.NoError(t, err)
	assert.Empty(t, c.List())
}

func TestCatalogDepthAndDefaults(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"plain/exercise.md":        "Just a statement.\n",
		"s/t/too-deep/exercise.md": "---\ntitle: deep\n---\n",
		"ra/public/exercise.md":    "---\ntitle: inside public\n---\n",
	})
	c, err := LoadCatalog(dir, "", false)
	require.NoError(t, err)
	require.Len(t, c.List(), 1)
	ex := c.Lookup("plain")
	require.NotNil(t, ex)
	assert.Equal(t, "plain", ex.Title, "the folder's name when the front matter has no title")
	assert.Equal(t, "Just a statement.\n", ex.Statement)
	assert.Empty(t, ex.Public)
	assert.NotNil(t, ex.Public, "an empty list, not null, in JSON")
}

// Issue 14, item 13: the catalogue follows set.md: the set's title, its
// introduction, its order (not the folders' alphabetical one).
func TestCatalogFollowsSetIndex(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"set.md":             "---\ntitle: The course\norder: [zeta, alpha, mid]\n---\nStart with *zeta*.\n",
		"alpha/exercise.md":  "---\ntitle: Alpha\n---\n",
		"mid/exercise.md":    "---\ntitle: Mid\n---\n",
		"zeta/exercise.md":   "---\ntitle: Zeta\n---\n",
		"more/b/exercise.md": "---\ntitle: B\n---\n",
		"more/a/exercise.md": "---\ntitle: A\n---\n",
	})
	c, err := LoadCatalog(dir, "", false)
	require.NoError(t, err)
	var names []string
	for _, e := range c.List() {
		names = append(names, e.Name)
	}
	assert.Equal(t, []string{"zeta", "alpha", "mid", "a", "b"}, names, "set.md's order, then a set without index by name")
	sets := c.Sets()
	require.Len(t, sets, 2)
	assert.Equal(t, "The course", sets[0].Title)
	assert.Equal(t, "Start with *zeta*.\n", sets[0].Intro)
	assert.True(t, sets[0].Indexed)
	assert.Equal(t, "more", sets[1].Title)
	assert.False(t, sets[1].Indexed)
}

// A set index that does not match its folders stops the server with the
// reason, as dmelab validate would.
func TestCatalogBadSetIndex(t *testing.T) {
	for index, want := range map[string]string{
		"---\ntitle: T\norder: [a, nowhere]\n---\n": `set.md: "nowhere" is listed but is not an exercise folder here`,
		"---\ntitle: T\norder: []\n---\n":           `set.md: exercise "a" is missing from order`,
		"# no front matter\n":                       "set.md:1: the index must start with a front matter",
	} {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{"s/set.md": index, "s/a/exercise.md": "---\ntitle: A\n---\n"})
		_, err := LoadCatalog(dir, "", false)
		require.Error(t, err, index)
		assert.Contains(t, err.Error(), "s/"+want)
	}
}

// An exercise that asks for a listing offers starter.txt and takes
// solution.txt; the others keep Go.
func TestCatalogListingExercise(t *testing.T) {
	c, err := LoadCatalog(filepath.Join("..", "..", "exercises"), "", false)
	require.NoError(t, err)
	ex := c.Lookup("listing-ra-v1")
	require.NotNil(t, ex)
	assert.True(t, ex.Listing())
	assert.Equal(t, "solution.txt", ex.File)
	assert.Contains(t, ex.Starter, "algorithm ra-v1\n")
	assert.Equal(t, "solution.go", c.Lookup("ra-steps").File)
	assert.False(t, c.Lookup("ra-steps").Listing())
}

// A statement is read on the exercise page, in the browser: it points to
// what the page offers (the listing language's reference folded above the
// editor, the playground, the try box), never to a file of the repository
// (docs/listings.md) or a command line the student cannot run there.
func TestStatementsPointToThePage(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "exercises", "*", "exercise.md"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	bad := regexp.MustCompile("docs/[a-z]+\\.md|`(bin/)?dmelab [a-z]+")
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for i, line := range strings.Split(string(b), "\n") {
			assert.False(t, bad.MatchString(line), "%s:%d: %s", f, i+1, line)
		}
	}
}
