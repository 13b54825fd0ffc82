package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dmelab/grader/exercise"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every exercise of the project says in its statement what its front
// matter's points give, in a grading section the check reads.
func TestStatementPointsAgreeInEveryExercise(t *testing.T) {
	dirs, err := filepath.Glob("../../exercises/*/exercise.md")
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	checked := 0
	for _, md := range dirs {
		ex, err := exercise.Load(filepath.Dir(md), "")
		require.NoError(t, err, md)
		assert.Empty(t, StatementPoints(ex), ex.Name)
		for _, s := range statementSentences(ex.Statement) {
			if s.grading && kindRE.MatchString(s.text) && pointsRE.MatchString(s.text) {
				checked++
				break
			}
		}
	}
	assert.Equal(t, len(dirs), checked, "every statement has a grading section the check reads")
}

// editedExercise is exercises/NAME copied, its files remove removed and
// its exercise.md's words replaced (old, new pairs, each of which must
// apply once).
func editedExercise(t *testing.T, name string, remove []string, oldnew ...string) *exercise.Exercise {
	t.Helper()
	dir := t.TempDir()
	copyExercise(t, name, dir)
	for _, r := range remove {
		files, err := filepath.Glob(filepath.Join(dir, name, r))
		require.NoError(t, err)
		require.NotEmpty(t, files, r)
		for _, f := range files {
			require.NoError(t, os.Remove(f))
		}
	}
	path := filepath.Join(dir, name, "exercise.md")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	text := string(b)
	for k := 0; k+1 < len(oldnew); k += 2 {
		require.Equal(t, 1, strings.Count(text, oldnew[k]), "the edit %q applies once", oldnew[k])
		text = strings.Replace(text, oldnew[k], oldnew[k+1], 1)
	}
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	ex, err := exercise.Load(filepath.Join(dir, name), "")
	require.NoError(t, err)
	return ex
}

// lamport's tests, as the problems say them.
const lamportTests = "its tests are 2 public schedules (1 point each), 6 hidden schedules (2 points each), 2 exploration tests (3 points each) and 2 random walks (2 points each), 24 points in all"

// A statement that says other points than the front matter, points for
// a kind of test the exercise does not have, or another total, is a
// problem at its line and column of exercise.md, with what the front
// matter says instead; prose the check cannot read is left alone.
func TestStatementPointsDisagree(t *testing.T) {
	const (
		hiddenItem = "- Hidden schedules: 2 points each; you see their names and, when one\n  fails, its counterexample.\n"
		walkItem   = "- Random walks on larger systems (3 and 4 nodes, too many schedules to\n  try them all): 2 points each.\n"
		heading    = "## How it is graded\n\n"
	)
	for _, c := range []struct {
		name   string
		remove []string
		edits  []string
		want   []string
	}{
		{name: "as written"},
		{
			name:  "front matter changed",
			edits: []string{"  hidden: 2\n", "  hidden: 4\n"},
			want:  []string{`lamport/exercise.md:107:21: the statement says hidden schedules are worth 2 points ("Hidden schedules: 2 points"), but the front matter's points make them worth 4 points: change one or the other`},
		},
		{
			name:  "statement changed, a decimal",
			edits: []string{"run them in the playground): 1 point each.", "run them in the playground): 1.5 points each."},
			want:  []string{`lamport/exercise.md:106:64: the statement says public schedules are worth 1.5 points ("Public schedules (in ` + "`public/`" + `, run them in the playground): 1.5 points"), but the front matter's points make them worth 1 point: change one or the other`},
		},
		{
			name:  "an override agrees",
			edits: []string{"  walk: 2\n", "  walk: 2\n  tests: {hidden/walk_four: 5}\n"},
		},
		{
			name:  "every number of a sentence, each about the kind before it",
			edits: []string{hiddenItem, "- Public schedules: 1 point each, hidden schedules: 3 points each.\n"},
			want:  []string{`lamport/exercise.md:107:53: the statement says hidden schedules are worth 3 points ("Public schedules: 1 point each, hidden schedules: 3 points"), but the front matter's points make them worth 2 points: change one or the other`},
		},
		{
			name:  "the kind after the number",
			edits: []string{hiddenItem, "- 5 points for each hidden schedule.\n"},
			want:  []string{`lamport/exercise.md:107:3: the statement says hidden schedules are worth 5 points ("5 points"), but the front matter's points make them worth 2 points: change one or the other`},
		},
		{
			name:   "walks the exercise does not have",
			remove: []string{"hidden/*.walk"},
			want:   []string{`lamport/exercise.md:111:3: the statement says random walks are worth 2 points ("Random walks on larger systems (3 and 4 nodes, too many schedules to try them all): 2 points"), but the exercise has no random walk (no hidden/*.walk): its tests are 2 public schedules (1 point each), 6 hidden schedules (2 points each) and 2 exploration tests (3 points each), 20 points in all`},
		},
		{
			name:  "an exploration the exercise does not have",
			edits: []string{"explore:\n  - {nodes: 2, requests: 3, props: [safety, liveness]}\n", "", "partial-credit: [safety, liveness]\n", ""},
			want:  []string{`lamport/exercise.md:106:3: the statement says explorations are worth 3 points ("Exhaustive exploration of every schedule for 2 nodes asking three times: 3 points"), but the exercise has no exploration (no explore: in the front matter): its tests are 2 public schedules (1 point each), 6 hidden schedules (2 points each) and 2 random walks (2 points each), 18 points in all`},
		},
		{
			name:   "hidden tests kept apart are not compared",
			remove: []string{"hidden/*"},
		},
		{
			name:  "hidden tests: schedules and walks",
			edits: []string{hiddenItem, "Hidden tests are worth 3 points each.\n\n"},
			want:  []string{`lamport/exercise.md:107:24: the statement says hidden tests are worth 3 points ("Hidden tests are worth 3 points"), but the front matter's points make them worth 2 points: change one or the other`},
		},
		{
			name:  "public tests, the explorer, walks",
			edits: []string{heading, heading + "- Public tests: 2 points each.\n- The explorer: 4 points per property.\n- Walks: 1 point.\n\n"},
			want: []string{
				`lamport/exercise.md:106:17: the statement says public tests are worth 2 points ("Public tests: 2 points"), but the front matter's points make them worth 1 point: change one or the other`,
				`lamport/exercise.md:107:17: the statement says explorations are worth 4 points ("The explorer: 4 points"), but the front matter's points make them worth 3 points: change one or the other`,
				`lamport/exercise.md:108:10: the statement says random walks are worth 1 point ("Walks: 1 point"), but the front matter's points make them worth 2 points: change one or the other`,
			},
		},
		{
			name:  "a total that is not the exercise's",
			edits: []string{heading, heading + "Your code is graded out of 20 points.\n\n"},
			want:  []string{`lamport/exercise.md:106:28: the statement says the exercise is worth 20 points in all ("Your code is graded out of 20 points"), but the front matter's points make it worth 24 points: ` + lamportTests + `; change one or the other`},
		},
		{
			name:  "a total in the title",
			edits: []string{"# Lamport 1978: the array q\n", "# Lamport 1978: the array q (10 points in total)\n"},
			want:  []string{`lamport/exercise.md:20:30: the statement says the exercise is worth 10 points in all ("Lamport 1978: the array q (10 points in total"), but the front matter's points make it worth 24 points: ` + lamportTests + `; change one or the other`},
		},
		{
			name:  "the exercise's total, a kind's total",
			edits: []string{heading, heading + "A total of 24 points; hidden schedules, 12 points in all.\n\n"},
		},
		{
			name:  "a kind's total that is not",
			edits: []string{walkItem, "- Random walks: 2 points each (6 points in total).\n"},
			want:  []string{`lamport/exercise.md:111:32: the statement says random walks are worth 6 points in all ("Random walks: 2 points each (6 points in total"), but the front matter's points make them worth 4 points together (its tests are 2 random walks (2 points each), 4 points in all): change one or the other`},
		},
		{
			name:  "a kind's points together",
			edits: []string{"try them all): 2 points each.", "try them all): 4 points."},
		},
		{
			name:  "a kind's points together, but each",
			edits: []string{"try them all): 2 points each.", "try them all): 4 points each."},
			want:  []string{`lamport/exercise.md:112:18: the statement says random walks are worth 4 points ("Random walks on larger systems (3 and 4 nodes, too many schedules to try them all): 4 points"), but the front matter's points make them worth 2 points: change one or the other`},
		},
		{
			name:  "outside a grading section only totals are read",
			edits: []string{"## How it is graded", "## What to hand in"},
		},
		{
			name:  "prose the check cannot read",
			edits: []string{heading, heading + "Points are given as the list below says; e.g. 7 points may be lost at once.\nAt one point the token is lost: 9 points.\n\n"},
		},
		{
			name:  "fenced code is not read",
			edits: []string{heading, heading + "```text\nHidden schedules: 9 points each, out of 99 points\n```\n\n"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex := editedExercise(t, "lamport", c.remove, c.edits...)
			assert.Equal(t, c.want, StatementPoints(ex))
		})
	}
}

// The sentences of a statement: list items with their continuation
// lines, paragraphs and headings, split after a full stop before a
// capital; grading says which are in a grading section.
func TestStatementSentences(t *testing.T) {
	md := "# Title\n\nIntro: 9 points. Next.\n\n## How it is graded\n\n- Public schedules: 1 point each; hidden schedules: 2\n  points each.\n1. Random walks: 2 points, e.g. 2 walks.\n\n```\ncode\n```\nA note.\n\n## The rules\n\n- Hidden schedules: 7 points.\n"
	var got []string
	var grading []bool
	for _, s := range statementSentences(md) {
		got = append(got, s.text)
		grading = append(grading, s.grading)
		assert.Equal(t, s.text[:1], md[s.at[0]:s.at[0]+1], "where %q starts", s.text)
		assert.Len(t, s.at, len(s.text))
	}
	assert.Equal(t, []string{"Title", "Intro: 9 points.", "Next.", "How it is graded", "Public schedules: 1 point each; hidden schedules: 2 points each.", "Random walks: 2 points, e.g. 2 walks.", "A note.", "The rules", "Hidden schedules: 7 points."}, got)
	assert.Equal(t, []bool{false, false, false, false, true, true, true, false, false}, grading)
	for name, kind := range map[string]string{
		"hidden schedules": "hidden", "Hidden tests": "hidden-any", "public tests": "public-any", "Public scenarios": "public",
		"random walk": "walk", "Walks": "walk", "hidden walks": "walk", "random schedules": "walk",
		"Exhaustive exploration": "explore", "explorer": "explore", "exploring": "explore", "model checking": "explore",
		"Conformance": "conform", "conformance searches": "conform", "voting sets": "voting-sets",
	} {
		require.Equal(t, name, kindRE.FindString(name), "kindRE reads %q", name)
		assert.Equal(t, kind, kindOf(name), name)
	}
	assert.False(t, kindRE.MatchString("Your listing is compiled as the playground compiles it; a walkthrough."))
}
