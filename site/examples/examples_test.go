package examples

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/seeds"
)

const testdata = "../../algorithms/scenario/testdata"

// The gallery holds every worked example and a starter for every
// algorithm, each of which runs; seed 001's example comes first.
func TestBuildGallery(t *testing.T) {
	g, err := Build(testdata)
	require.NoError(t, err)
	worked, _ := filepath.Glob(filepath.Join(testdata, "*.scn"))
	require.Len(t, g.Index, len(worked)+len(registry.All()))
	starters := map[string]bool{}
	for _, e := range g.Index {
		require.Contains(t, g.Files, e.File)
		assert.NotEmpty(t, e.Title, e.File)
		assert.NotEmpty(t, e.Group, e.File)
		assert.True(t, e.OK, e.File)
		if e.Starter {
			starters[e.Algorithm] = true
			assert.Equal(t, StarterGroup, e.Group)
		}
	}
	for _, n := range registry.Names() {
		assert.True(t, starters[n], "no starter for %s", n)
	}
	var first Entry
	for _, e := range g.Index {
		if e.File == "seed001.scn" {
			first = e
		}
	}
	assert.Equal(t, "Seed 001's worked example", first.Title)
	assert.Equal(t, []string{"N3", "N5", "N6", "N12", "N32", "N80"}, first.Nodes)
	assert.Equal(t, 33, first.Expects)
	assert.Equal(t, StarterGroup, g.Index[len(g.Index)-1].Group, "starters come last")
	// The groups in the course's order: the seeds by number, then Ben-Ari's
	// fix and what is beyond the notes, the starters last.
	var groups []string
	for _, e := range g.Index {
		if len(groups) == 0 || groups[len(groups)-1] != e.Group {
			groups = append(groups, e.Group)
		}
	}
	assert.Equal(t, []string{seeds.Seed000, seeds.Seed001, seeds.Seed002, seeds.Seed003, seeds.Seed004, seeds.BenAri, seeds.Beyond, StarterGroup}, groups)

	dir := t.TempDir()
	require.NoError(t, g.Write(dir))
	var idx []Entry
	b, err := os.ReadFile(filepath.Join(dir, "index.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &idx))
	assert.Equal(t, g.Index, idx)
	src, err := os.ReadFile(filepath.Join(dir, "seed001.scn"))
	require.NoError(t, err)
	orig, err := os.ReadFile(filepath.Join(testdata, "seed001.scn"))
	require.NoError(t, err)
	assert.Equal(t, orig, src, "worked examples are copied as they are")
}

// A starter is a scenario that parses, names its algorithm and runs.
func TestStarterRuns(t *testing.T) {
	for _, a := range registry.All() {
		name, src, err := Starter(a)
		require.NoError(t, err, a.Name)
		assert.Equal(t, "start-"+a.Name+".scn", name)
		sc, err := scenario.Load(name, src)
		require.NoError(t, err, a.Name)
		assert.Equal(t, a.Name, sc.Setup.Alg.Name)
		// As many nodes as the playground's settings start with (three
		// where the algorithm says none), so that the script and the run
		// made from the settings are of one system.
		want := a.Shows.Nodes
		if want < 2 {
			want = 3
		}
		assert.Len(t, sc.Setup.Names, want, a.Name)
		res := scenario.Run(sc, scenario.Options{})
		assert.Nil(t, res.Stopped, a.Name)
		assert.True(t, res.OK(), a.Name)
		switch {
		case a.Election:
			assert.Len(t, res.Expects, 1, "%s: the starter says who wins", a.Name)
		case len(res.Entries) == 0:
			assert.Contains(t, string(src), "expect liveness violated", "%s: nobody enters, and the starter does not say why", a.Name)
		}
	}
}

// Every worked example has a title of its own that reads well, and only
// the examples there are have one.
func TestTitles(t *testing.T) {
	g, err := Build(testdata)
	require.NoError(t, err)
	worked := 0
	for _, e := range g.Index {
		if e.Starter {
			continue
		}
		worked++
		assert.NoError(t, CheckTitle(e.Title), e.File)
		assert.Equal(t, titles[e.File], e.Title, e.File)
		assert.NotEqual(t, e.Title, e.Description, "%s: the description is the comment, the title a phrase of its own", e.File)
	}
	assert.Len(t, titles, worked, "a title for every worked example, and none for a file that is not one")
	assert.Equal(t, "a b c", leadComment([]byte("# a\n#  b\n# c\nalgorithm x\n# not this\n")))
}

// CheckTitle refuses what the first clause of a comment, cut, used to
// give: a file name, a fragment, a sentence cut at a comma or a word.
func TestCheckTitle(t *testing.T) {
	for _, ok := range []string{"Seed 001's worked example", "Raymond's tree (1989), beyond the notes", `Seed 000's "Better" (ra-v2): a reused number lets two enter`} {
		assert.NoError(t, CheckTitle(ok), ok)
	}
	for _, bad := range []string{
		"", "  ", "Seed 003", "ra-benari-flagfirst",
		"The interleaving of flagfirst.scn under Ben-Ari's algorithm",
		"Seed 004, Lamport's 1978 algorithm 1 (q[1..N], rules 1–5), whose channels must be FIFO",
		"Seed 002, bully, with a node that comes back,", "The highest node crashes and", "Ricart and Agrawala with the",
		"Maekawa's voting sets (N = 9", "Ben-Ari's fix on the tie:", "Seed 002's ring of —",
	} {
		assert.Error(t, CheckTitle(bad), bad)
	}
}

// An example with no title is refused, naming the file and where titles
// are written.
func TestBuildRejectsAnUntitledExample(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "untitled.scn"), []byte("# Two nodes.\nalgorithm ra-v1\nnodes N1 N2\n"), 0o644))
	_, err := Build(dir)
	assert.ErrorContains(t, err, "untitled.scn: the example has no title: give it one in site/examples/titles.go")
}

func TestBuildRejectsABrokenExample(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.scn"), []byte("algorithm ra-v1\nnodes N1 N2\nexpect N1 phase = in-cs\n"), 0o644))
	_, err := Build(dir)
	assert.ErrorContains(t, err, "bad.scn")
	_, err = Build(t.TempDir())
	assert.Error(t, err)
}

// A card's description names no file the student never saw: another
// example is named by its title; an algorithm's id does not open it, and
// its first letter is a capital. The files themselves are copied as they
// are (TestBuildGallery).
func TestDescriptions(t *testing.T) {
	g, err := Build(testdata)
	require.NoError(t, err)
	by := map[string]Entry{}
	for _, e := range g.Index {
		by[e.File] = e
		assert.NotContains(t, e.Description, ".scn", e.File)
		r := []rune(e.Description)
		assert.False(t, len(r) == 0 || unicode.IsLower(r[0]), "%s: %q starts with a capital", e.File, e.Description)
		if e.Starter {
			assert.Equal(t, e.Algorithm+": a starter scenario", e.Title)
		}
	}
	assert.True(t, strings.HasPrefix(by["lamport_nonfifo.scn"].Description, "The run of the example “Seed 004: Lamport's 1978 algorithm on FIFO channels” on channels that do not keep order."), by["lamport_nonfifo.scn"].Description)
	assert.True(t, strings.HasPrefix(by["benari_flagfirst.scn"].Description, "The interleaving of the example “Ben-Ari's fix split, flag first: deadlock” under Ben-Ari's algorithm."), by["benari_flagfirst.scn"].Description)
	assert.True(t, strings.HasPrefix(by["flagfirst.scn"].Description, "Ben-Ari's requestCS, but the flag"), by["flagfirst.scn"].Description)
	assert.True(t, strings.HasPrefix(by["maekawa_safe.scn"].Description, "Maekawa 1985's full algorithm, beyond the seeds: the same two requests as the example “Seed 003's basic algorithm can deadlock” on"), by["maekawa_safe.scn"].Description)
	assert.Equal(t, "Central server queues requests and grants one at a time (seed 002)", by["start-central.scn"].Description)
	assert.True(t, strings.HasPrefix(by["start-ra-benari-flagfirst.scn"].Description, "Like ra-benari, but with requestCS = true"), by["start-ra-benari-flagfirst.scn"].Description)

	algos := map[string]bool{"ra-v1": true}
	for in, want := range map[string]string{
		"ra-v1: the tie of x.scn's run, and y.scn": "The tie of the run of the example “X”, and the example “Y”",
		"ra-v1 (seed 000): a tie":                  "Seed 000: a tie",
		"ra-v1 with two steps":                     "Like ra-v1, but with two steps",
		"a token":                                  "A token",
	} {
		got, err := describe(in, map[string]string{"x.scn": "X", "y.scn": "Y"}, algos)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err = describe("As gone.scn shows", nil, algos)
	assert.ErrorContains(t, err, "names gone.scn, which is no example of the gallery")
}
