package exercise

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const goodFront = "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\nexplore:\n  - {nodes: 2, requests: 1, props: [safety]}\n---\n# T\n"

// mk writes an exercise folder with the given files.
func mk(t *testing.T, files map[string]string) string {
	dir := filepath.Join(t.TempDir(), "ex")
	for name, text := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return dir
}

func TestLoadTheExercises(t *testing.T) {
	for _, name := range []string{"ra-steps", "maekawa"} {
		ex, err := Load(filepath.Join("..", "..", "exercises", name), "")
		require.NoError(t, err)
		assert.NotEmpty(t, ex.Title)
		assert.NotEmpty(t, ex.Public)
		assert.NotEmpty(t, ex.Hidden)
		assert.NotEmpty(t, ex.Walks)
		assert.GreaterOrEqual(t, len(ex.Mutants), 4)
		for _, m := range ex.Mutants {
			assert.NotEmpty(t, m.Comment, m.Name)
		}
		for _, s := range ex.Solutions {
			assert.NotEmpty(t, s.Comment, s.Name)
			assert.Equal(t, "solutions/"+s.Name+".go", s.Path)
		}
		assert.Positive(t, ex.Limits.Call)
		assert.Positive(t, ex.Limits.Memory)
	}
	ex, err := Load(filepath.Join("..", "..", "exercises", "ra-steps"), "")
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(ex.Solutions), 3, "ra-steps's alternative solutions")
}

// Hidden tests kept elsewhere (--hidden DIR) come from DIR/NAME, or DIR;
// a DIR that is not there is an error, not an exercise graded with no
// hidden test.
func TestLoadHiddenElsewhere(t *testing.T) {
	dir := filepath.Join("..", "..", "exercises", "ra-steps")
	kept := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(kept, "ra-steps"), os.DirFS(filepath.Join(dir, "hidden"))))
	ex, err := Load(dir, kept)
	require.NoError(t, err)
	assert.NotEmpty(t, ex.Hidden)
	assert.NotEmpty(t, ex.Walks)

	_, err = Load(dir, filepath.Join(kept, "typo"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the hidden tests' folder "+filepath.Join(kept, "typo")+" is not there")
}

// A --hidden DIR that holds folders, none named for the exercise, and no
// schedule of its own is a folder per exercise that misses this one: an
// error naming the folders (and the likely one), not an exercise graded
// with no hidden test.
func TestLoadHiddenElsewhereMissesTheExercise(t *testing.T) {
	dir := filepath.Join("..", "..", "exercises", "ra-steps")
	tests := []struct {
		name  string
		files []string // under the hidden folder
		want  string   // "" loads
	}{
		{"misspelt", []string{"ra-setps/a.scn", "central/b.scn"},
			"holds folders (central, ra-setps), none named ra-steps, and no schedule or walk of its own: name ra-steps's folder there ra-steps (is ra-setps meant to be it?), or give --hidden KEPT/ra-setps;"},
		{"another exercise's only", []string{"sk-ring/a.scn"},
			"holds folders (sk-ring), none named ra-steps, and no schedule or walk of its own: name ra-steps's folder there ra-steps, or give --hidden KEPT/sk-ring;"},
		{"others, none near", []string{"central/a.scn", "maekawa/b.scn"},
			"holds folders (central, maekawa), none named ra-steps, and no schedule or walk of its own: name ra-steps's folder there ra-steps; an exercise's hidden tests"},
		{"its own schedules beside folders", []string{"a.scn", "old/b.scn"}, ""},
		{"a walk of its own", []string{"w.walk", "central/b.scn"}, ""},
		{"dot folders only", []string{".git/x"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept := t.TempDir()
			for _, f := range tt.files {
				p := filepath.Join(kept, f)
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				text := "algorithm ra-benari\nnodes N1 N2\nrequest N1\nexpect N1 phase = in-cs\n"
				if filepath.Ext(f) == ".walk" {
					text = "nodes 3\nrequests 1\nwalks 2\ndepth 10\nseed 1\nprops safety\n"
				}
				require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
			}
			_, err := Load(dir, kept)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), "the hidden tests' folder "+kept+" "+strings.ReplaceAll(tt.want, "KEPT", kept))
		})
	}
}

func TestLoad(t *testing.T) {
	ex, err := Load(mk(t, map[string]string{
		"exercise.md":        goodFront,
		"public/a.scn":       "algorithm ra-benari\nnodes N1 N2\nrequest N1\n",
		"elsewhere/b.scn":    "algorithm ra-benari\nnodes N1 N2\n",
		"elsewhere/w.walk":   "nodes 3\nseed 7\n",
		"mutants/m.go":       "// forgets everything\npackage ra\n",
		"mutants/l.patch":    "forgets a term\n" + toyDiff,
		"solution.go":        toySolution,
		"solutions/b.go":     "// answers the highest id first\npackage ra\n",
		"solutions/a.go":     "//   a switch  \npackage ra\n",
		"solutions/notes.md": "not a solution",
		"hidden/ignored.scn": "algorithm ra-benari\nnodes N1 N2\n",
	}), "")
	require.NoError(t, err)
	assert.Equal(t, "ex", ex.Name)
	assert.Len(t, ex.Public, 1)
	assert.Len(t, ex.Hidden, 1)
	assert.Equal(t, 1.0, ex.Points.Public)
	require.Len(t, ex.Mutants, 2)
	assert.Equal(t, Mutant{Name: "l", Path: "mutants/l.patch", Comment: "forgets a term", Src: []byte(toyMutant("forgets a term")), Patch: []byte("forgets a term\n" + toyDiff)}, ex.Mutants[0])
	assert.Equal(t, "forgets everything", ex.Mutants[1].Comment)
	require.Len(t, ex.Solutions, 2)
	assert.Equal(t, Solution{Name: "a", Path: "solutions/a.go", Comment: "a switch", Src: []byte("//   a switch  \npackage ra\n")}, ex.Solutions[0])
	assert.Equal(t, "answers the highest id first", ex.Solutions[1].Comment)

	// Hidden material from elsewhere.
	dir := mk(t, map[string]string{"exercise.md": goodFront, "other/b.scn": "algorithm ra-benari\nnodes N1 N2\n", "other/w.walk": "nodes 3\nseed 7\n"})
	ex, err = Load(dir, filepath.Join(dir, "other"))
	require.NoError(t, err)
	require.Len(t, ex.Hidden, 1)
	assert.Equal(t, "b", ex.Hidden[0].Name)
	require.Len(t, ex.Walks, 1)
	assert.Equal(t, uint64(7), ex.Walks[0].Seed)
}

func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no front matter", map[string]string{"exercise.md": "# T\n"}, "exercise.md:1: the statement must start with a front matter"},
		{"unknown key", map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\npoints: {publik: 2}\n---\n"}, `exercise.md:5:10: unknown key "publik" in points: did you mean "public"?`},
		{"unknown algorithm", map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-x\ninterface: rasteps\n---\n"}, `algorithm "ra-x" is not one of`},
		{"unknown interface", map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-benari\ninterface: x\n---\n"}, `interface "x" is not one of`},
		{"bad limit", map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\nlimits: {memory: lots}\n---\n"}, `limits: memory "lots"`},
		{"bad build memory", map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\nlimits: {build-memory: 2s}\n---\n"}, `limits: build-memory "2s"`},
		{"bad property", map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\npartial-credit: [speed]\n---\n"}, `"speed" is not a property`},
		{"other algorithm", map[string]string{"exercise.md": goodFront, "public/a.scn": "algorithm ra-v3\nnodes N1 N2\n"}, "public/a.scn:1:11: the schedule is written for ra-v3, and this exercise is about ra-benari: write algorithm ra-benari"},
		{"other names", map[string]string{"exercise.md": goodFront, "public/a.scn": "algorithm ra-benari\nnodes A B\n"}, "name their nodes N1..N2"},
		{"bad schedule", map[string]string{"exercise.md": goodFront, "hidden/a.scn": "algorithm ra-benari\nnodes N1 N2\nfrobnicate\n"}, "hidden/a.scn:3:1"},
		{"mutant without comment", map[string]string{"exercise.md": goodFront, "mutants/m.go": "package ra\n"}, "mutants/m.go:1: a mutant starts with a one-line comment"},
		{"mutant patch that does not apply", map[string]string{"exercise.md": goodFront, "solution.go": "// ref\npackage ra\n", "mutants/m.patch": "x\n" + toyDiff}, "ex/mutants/m.patch:4: hunk 1 does not apply"},
		{"mutant patch without solution", map[string]string{"exercise.md": goodFront, "mutants/m.patch": "x\n" + toyDiff}, "ex/mutants/m.patch: a patch mutant is a change to the reference solution, solution.go, which is missing"},
		{"mutant twice", map[string]string{"exercise.md": goodFront, "solution.go": toySolution, "mutants/m.patch": "x\n" + toyDiff, "mutants/m.go": "// x\npackage ra\n"}, "mutant m is also mutants/"},
		{"solution without comment", map[string]string{"exercise.md": goodFront, "solutions/s.go": "package ra\n// late\n"}, "solutions/s.go:1: an alternative solution starts with a one-line comment saying how it differs"},
		{"solution with an empty comment", map[string]string{"exercise.md": goodFront, "solutions/s.go": "//  \npackage ra\n"}, "solutions/s.go:1: an alternative solution starts"},
		{"bad walk", map[string]string{"exercise.md": goodFront, "hidden/w.walk": "nodes 3\nspeed 9\n"}, `hidden/w.walk:2:1: unknown setting "speed"`},
		{"walk without nodes", map[string]string{"exercise.md": goodFront, "hidden/w.walk": "seed 3\n"}, "nodes is missing"},
		{"walk crashing everyone", map[string]string{"exercise.md": goodFront, "hidden/w.walk": "nodes 3\ncrashes 3\n"}, "crashes must be fewer than nodes"},
		{"exploration crashing everyone", map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\nexplore: [{nodes: 2, requests: 1, crashes: 2, props: [safety]}]\n---\n"}, "crashes 0..nodes-1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(mk(t, c.files), "")
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestSize(t *testing.T) {
	for s, want := range map[string]int64{"64MiB": 64 << 20, "64MB": 64 << 20, "16 KiB": 16 << 10, "4096": 4096} {
		n, ok := size(s)
		assert.True(t, ok, s)
		assert.Equal(t, want, n, s)
	}
	for _, s := range []string{"", "-1MiB", "x", "99999999999TiB"} {
		_, ok := size(s)
		assert.False(t, ok, s)
	}
}

func FuzzParseWalk(f *testing.F) {
	f.Add("nodes 4\nrequests 2\nwalks 10\ndepth 5\nseed 9\nprops safety\n")
	f.Add("nodes 99\nprops\n# c\nseed -1\n")
	f.Add("nodes 3\ncrashes 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		w, err := parseWalk("w.walk", text)
		if err == nil && (w.Nodes < 1 || w.Nodes > 16 || len(w.Props) == 0 || w.Crashes < 0 || w.Crashes >= w.Nodes) {
			t.Fatalf("accepted a bad walk: %+v", w)
		}
	})
}

func FuzzReadFront(f *testing.F) {
	f.Add([]byte(goodFront))
	f.Add([]byte("---\nlimits: {call: 2s, memory: 1GiB}\npoints: {tests: {a: 2}}\n---\n"))
	f.Fuzz(func(t *testing.T, md []byte) {
		e := &Exercise{Name: "x"}
		_ = e.readFront(md)
	})
}

// An exercise may bound its build's memory (build-memory), as it bounds
// the rest.
func TestBuildMemoryLimit(t *testing.T) {
	dir := mk(t, map[string]string{"exercise.md": "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\nlimits: {build: 30s, build-memory: 512MiB}\n---\n"})
	ex, err := Load(dir, "")
	require.NoError(t, err)
	assert.Equal(t, int64(512<<20), ex.BuildMemory)
	assert.Equal(t, 30*time.Second, ex.Build)
}

// A listing exercise: .txt files, patches of solution.txt, its schedules
// checked against its reference listing (they may name its variables),
// and no conformance search.
func TestListingExercise(t *testing.T) {
	ex, err := Load(filepath.Join("..", "..", "exercises", "listing-central"), "")
	require.NoError(t, err)
	assert.True(t, ex.IsListing())
	assert.Nil(t, ex.Iface())
	assert.Equal(t, "starter.txt", filepath.Base(ex.Starter()))
	require.NotNil(t, ex.Reference)
	assert.Equal(t, "central", ex.Reference.Name)
	require.NotEmpty(t, ex.Mutants)
	for _, m := range ex.Mutants {
		assert.Equal(t, m.Name+".txt", m.File())
		assert.True(t, strings.HasPrefix(string(m.Src), "# "+m.Comment+"\n"), m.Name)
	}
	require.Len(t, ex.Solutions, 3)

	sol, err := os.ReadFile(ex.Solution())
	require.NoError(t, err)
	md, err := os.ReadFile(filepath.Join(ex.Dir, "exercise.md"))
	require.NoError(t, err)
	files := map[string]string{"solution.txt": string(sol), "starter.txt": string(sol),
		"exercise.md": strings.Replace(string(md), "max-states:", "conform: [{nodes: 2, requests: 1}]\nmax-states:", 1)}
	_, err = Load(mk(t, files), "")
	assert.ErrorContains(t, err, "conform: a listing exercise")

	files["exercise.md"] = string(md)
	files["solution.txt"] = strings.Replace(string(sol), "algorithm central", "algorithm central2", 1)
	_, err = Load(mk(t, files), "")
	assert.ErrorContains(t, err, "the listing is of algorithm central2")

	files["solution.txt"] = strings.Replace(string(sol), "holder = none\n", "holder = nobody\n", 1)
	_, err = Load(mk(t, files), "")
	assert.ErrorContains(t, err, "the reference listing does not compile")
}

// A file students are shown that is a link to a hidden one (every
// reader of the folder follows it) would show them a hidden test or the
// reference: the exercise does not load. A copy is the author's choice.
func TestShownFileThatLinksToAHiddenOne(t *testing.T) {
	src := filepath.Join("..", "..", "exercises", "central")
	for _, c := range []struct{ link, to, want string }{
		{"public/zz.scn", "../hidden/HIDDEN", "central/public/zz.scn is a link to hidden/HIDDEN: students are shown it"},
		{"starter.go", "solution.go", "central/starter.go is a link to solution.go: students are shown it"},
		{"public/copy.scn", "", ""},
	} {
		t.Run(c.link, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "central")
			require.NoError(t, os.CopyFS(dir, os.DirFS(src)))
			hidden, err := filepath.Glob(filepath.Join(dir, "hidden", "*.scn"))
			require.NoError(t, err)
			require.NotEmpty(t, hidden)
			h := filepath.Base(hidden[0])
			link := filepath.Join(dir, c.link)
			if err := os.Remove(link); err != nil {
				require.ErrorIs(t, err, os.ErrNotExist) // a new file
			}
			if c.to == "" {
				text, err := os.ReadFile(hidden[0])
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(link, text, 0o644))
				_, err = Load(dir, "")
				assert.NoError(t, err)
				return
			}
			require.NoError(t, os.Symlink(strings.ReplaceAll(c.to, "HIDDEN", h), link))
			_, err = Load(dir, "")
			require.Error(t, err)
			assert.Contains(t, err.Error(), strings.ReplaceAll(c.want, "HIDDEN", h))
		})
	}
}
