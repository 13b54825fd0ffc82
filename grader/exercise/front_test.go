package exercise

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goTypes are what a message must not say: Go's types, YAML's tags.
var goTypes = regexp.MustCompile(`exercise\.[A-Z]|\btype\b|yaml:|!!|unmarshal|\bu?int(8|16|32|64)?\b|float(32|64)|\[\]|map\[|struct`)

// A front matter's mistakes are said like the compiler's, at their line
// and column, in its own terms: the key and the keys it could have
// meant, what a key wants and what it got. Each case is an exercise.md
// in testdata/front, loaded as the exercise "ex".
func TestFrontErrors(t *testing.T) {
	const top = "(the front matter takes title, algorithm, interface, points, partial-credit, limits, explore, conform, max-states, voting-sets)"
	const points = "(points takes public, hidden, explore, walk, conform, voting-sets, tests)"
	for _, c := range []struct{ fixture, want string }{
		{"top-level-typo", `ex/exercise.md:5:1: unknown key "point": did you mean "points"? ` + top},
		{"nested-typo", `ex/exercise.md:6:3: unknown key "publc" in points: did you mean "public"? ` + points},
		{"list-item-typo", `ex/exercise.md:7:16: unknown key "request" in explore[1]: did you mean "requests"? (explore[1] takes nodes, requests, crashes, props)`},
		{"limits-unknown", `ex/exercise.md:7:3: unknown key "timeout" in limits (limits takes call, total, memory, build, log, build-memory)`},
		{"far-from-any", `ex/exercise.md:5:1: unknown key "difficulty" ` + top},
		{"several", `ex/exercise.md:5:1: unknown key "tittle": did you mean "title"? ` + top + "\n" +
			`ex/exercise.md:6:1: unknown key "max_states": did you mean "max-states"? ` + top + "\n" +
			`ex/exercise.md:7:21: unknown key "hiden" in points: did you mean "hidden"? ` + points},
		{"string-for-int", `ex/exercise.md:5:13: max-states wants a whole number, not "lots"`},
		{"float-for-int", `ex/exercise.md:6:13: explore[0].nodes wants a whole number, not "2.5"`},
		{"string-for-number", `ex/exercise.md:6:11: points.public wants a number, not "one"`},
		{"scalar-for-list", `ex/exercise.md:5:17: partial-credit wants a list of strings, not "safety"`},
		{"list-for-mapping", `ex/exercise.md:5:9: points wants a mapping (keys: public, hidden, explore, walk, conform, voting-sets, tests), not a list`},
		{"mapping-for-string", `ex/exercise.md:6:9: limits.call wants a string, not a mapping`},
		{"scalar-for-mapping", `ex/exercise.md:5:9: limits wants a mapping (keys: call, total, memory, build, log, build-memory), not "30s"`},
		{"list-of-ints", `ex/exercise.md:5:18: voting-sets[1] wants a whole number, not "three"`},
		{"test-points", `ex/exercise.md:6:26: points.tests["hidden/ties"] wants a number, not "lots"`},
		{"twice", `ex/exercise.md:5:1: title is given twice (first at line 2)`},
		{"not-a-mapping", `ex/exercise.md:2:1: the front matter wants a mapping (keys: title, algorithm, interface, points, partial-credit, limits, explore, conform, max-states, voting-sets), not "just a sentence"`},
		{"syntax", `ex/exercise.md:5:9: this mapping opens with { and is never closed: end it with }`},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			md, err := os.ReadFile(filepath.Join("testdata", "front", c.fixture+".md"))
			require.NoError(t, err)
			_, err = Load(mk(t, map[string]string{"exercise.md": string(md)}), "")
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
			assert.NotRegexp(t, goTypes, err.Error(), "no Go or YAML types in the message")
		})
	}
	files, err := filepath.Glob(filepath.Join("testdata", "front", "*.md"))
	require.NoError(t, err)
	assert.Len(t, files, 18, "a case for each fixture")
}

// YAML's own syntax errors, when no hint puts them in an author's words
// (yamlHint, errorsTest's TestFrontSyntaxInAuthorsWords), are at the
// file's line, whether its scanner or its parser found them (they count
// lines differently), and say that they are YAML's.
func TestFrontSyntaxLines(t *testing.T) {
	for front, want := range map[string]string{
		"b: 1\nc: \"\\q\"\nd: [a, b\n": "x/exercise.md:3:5: the value of c has \\q in double quotes",
		"title: T\na: [*x]\n":          "x/exercise.md: the front matter is not valid YAML: unknown anchor 'x' referenced",
		"b: 1\na: *x\n":                "x/exercise.md:3:4: the value of a starts with *",
	} {
		e := &Exercise{Name: "x"}
		err := e.readFront([]byte("---\n" + front + "---\n"))
		require.Error(t, err, front)
		assert.True(t, strings.HasPrefix(err.Error(), want), "%q: %s", front, err)
	}
	// The parser's messages keep their line when no hint applies.
	assert.EqualError(t, syntaxError("x/exercise.md", 2, errors.New("yaml: line 3: did not find expected key")), "x/exercise.md:5: the front matter is not valid YAML: did not find expected key")
	assert.EqualError(t, syntaxError("x/exercise.md", 2, errors.New("yaml: line 2: found character that cannot start any token")), "x/exercise.md:3: the front matter is not valid YAML: found character that cannot start any token")
	assert.EqualError(t, syntaxError("x/exercise.md", 2, errors.New("yaml: unknown anchor 'x' referenced")), "x/exercise.md: the front matter is not valid YAML: unknown anchor 'x' referenced")
}

// The same for set.md.
func TestSetFrontErrors(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "a"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a", "exercise.md"), []byte(goodFront), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "set.md"), []byte("---\ntitle: T\norders: [a]\ndir: elsewhere\n---\n"), 0o644))
	_, err := LoadSet(dir)
	assert.EqualError(t, err, filepath.Join(dir, "set.md")+`:3:1: unknown key "orders": did you mean "order"? (the front matter takes title, order)`+"\n"+
		filepath.Join(dir, "set.md")+`:4:1: unknown key "dir" (the front matter takes title, order)`)
}

func TestNearestKey(t *testing.T) {
	keys := []string{"title", "points", "max-states", "call", "log"}
	for key, want := range map[string]string{"point": "points", "Title": "title", "maxstates": "max-states", "cal": "call", "lg": "log", "x": "", "difficulty": "", "lo": "log", "ab": ""} {
		assert.Equal(t, want, nearest(key, keys), key)
	}
}

// Aliases of aliases cost what their text does: a front matter whose
// merge keys double at each of 64 levels (2^64 values once expanded) is
// answered at once, with an error at its line, as any other.
func TestFrontAliasBombIsCheckedOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\ntitle: T\nalgorithm: central\ninterface: centralsteps\nexplore:\n  - &a0 {nodes: 3, requests: 1, props: [safety]}\n")
	for k := 1; k <= 64; k++ {
		fmt.Fprintf(&b, "  - &a%d {<<: *a%d, <<: *a%d}\n", k, k-1, k-1)
	}
	b.WriteString("---\n# T\n")
	_, err := Load(mk(t, map[string]string{"exercise.md": b.String()}), "")
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "ex/exercise.md:7:19: explore[1]: << is given twice in one mapping (first at line 7)"), err.Error())
	assert.NotRegexp(t, goTypes, err.Error())

	// The same doubling with one << and a list.
	b.Reset()
	b.WriteString("---\ntitle: T\nalgorithm: central\ninterface: centralsteps\nexplore:\n  - &a0 {nodes: 3, requests: 1, props: [safety]}\n")
	for k := 1; k <= 64; k++ {
		fmt.Fprintf(&b, "  - &a%d {<<: [*a%d, *a%d]}\n", k, k-1, k-1)
	}
	b.WriteString("---\n# T\n")
	_, err = Load(mk(t, map[string]string{"exercise.md": b.String()}), "")
	require.Error(t, err)
	assert.Equal(t, "ex/exercise.md:2: the front matter's aliases (*name) expand to too many values: write the values out", err.Error())
}

// Merging several mappings with one << and a list works; a second << in
// one mapping is told in the author's words.
func TestFrontMergeKeys(t *testing.T) {
	head := "---\ntitle: T\nalgorithm: central\ninterface: centralsteps\nexplore:\n  - &a {nodes: 2}\n  - &b {requests: 1}\n"
	_, err := Load(mk(t, map[string]string{"exercise.md": head + "  - {<<: [*a, *b], props: [safety]}\n---\n# T\n"}), "")
	if err != nil {
		assert.NotContains(t, err.Error(), "explore[2]", "a merge of a list of mappings is not a mistake")
	}
	_, err = Load(mk(t, map[string]string{"exercise.md": head + "  - {<<: *a, <<: *b}\n---\n# T\n"}), "")
	require.Error(t, err)
	assert.Equal(t, "ex/exercise.md:8:14: explore[2]: << is given twice in one mapping (first at line 8): merge several with <<: [*a, *b]", err.Error())
}
