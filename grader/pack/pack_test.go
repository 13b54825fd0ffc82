package pack

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeDmelab stands in for the grader: it records its arguments and, as
// FAKE says, writes a result and exits 0 ("ok"), writes one and exits 4
// ("compile"), or fails without writing ("crash").
const fakeDmelab = `#!/bin/sh
echo "$@" >"$ARGS_FILE"
out=""
prev=""
for a in "$@"; do
  if [ "$prev" = "--out" ]; then out="$a"; fi
  prev="$a"
done
case "$FAKE" in
  ok) echo '{"score": 1, "tests": []}' >"$out"; exit 0 ;;
  compile) echo '{"score": 0, "tests": []}' >"$out"; exit 4 ;;
  *) echo "boom" >&2; exit 2 ;;
esac
`

func exercise() Exercise {
	return Exercise{
		Name:      "ra-steps",
		Title:     "Ricart–Agrawala, step by step",
		Statement: "# Ricart–Agrawala\n\nFill in **P12**: `if requestedNum < myNum {{reply}}`.\n\n<script>alert(1)</script>\n",
		Files: fstest.MapFS{
			"exercise.md":     {Data: []byte("---\ntitle: x\n---\nbody\n")},
			"starter.go":      {Data: []byte("package ra\n\n// P12\nfunc (n *Node) decide() {}\n")},
			"solution.go":     {Data: []byte("package ra\n")},
			"public/a.scn":    {Data: []byte("algorithm ra-v3\n")},
			"hidden/b.scn":    {Data: []byte("# hidden\nalgorithm ra-v3\n")},
			"mutants/m1.go":   {Data: []byte("package ra\n")},
			"solutions/s1.go": {Data: []byte("// another way\npackage ra\n")},
			".git/config":     {Data: []byte("x")},
			".notes":          {Data: []byte("x")},
		},
		Submission: "ra.go",
	}
}

// listingExercise asks for a listing (interface: listing): students
// submit a .txt file.
func listingExercise() Exercise {
	return Exercise{
		Name:      "listing-ra-v1",
		Title:     "Fix the first listing",
		Statement: "# Fix it\n\nEdit **P12**.\n",
		Files: fstest.MapFS{
			"exercise.md":      {Data: []byte("---\ntitle: x\ninterface: listing\n---\nbody\n")},
			"starter.txt":      {Data: []byte("algorithm ra-v1\n# P12: fix me\n")},
			"solution.txt":     {Data: []byte("algorithm ra-v1\n")},
			"public/a.scn":     {Data: []byte("algorithm ra-v1\n")},
			"hidden/b.scn":     {Data: []byte("# hidden\nalgorithm ra-v1\n")},
			"mutants/m1.patch": {Data: []byte("wrong\n")},
			"solutions/s1.txt": {Data: []byte("# another way\nalgorithm ra-v1\n")},
		},
		Submission: "solution.txt",
		Listing:    true,
	}
}

func tool() Tool {
	return Tool{Binary: []byte(fakeDmelab), GoVersion: "1.26.0", Flags: []string{"--playground", "https://play.example.org/it's/"}}
}

func TestGradescopeZip(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, GradescopeZip(&b, exercise(), tool()))
	z, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	require.NoError(t, err)
	var names []string
	modes := map[string]fs.FileMode{}
	for _, f := range z.File {
		names = append(names, f.Name)
		modes[f.Name] = f.Mode()
	}
	sort.Strings(names)
	assert.Equal(t, []string{"dmelab", "exercise/ra-steps/exercise.md", "exercise/ra-steps/hidden/b.scn", "exercise/ra-steps/public/a.scn",
		"exercise/ra-steps/solution.go", "exercise/ra-steps/starter.go", "run_autograder", "setup.sh"}, names)
	for _, n := range []string{"setup.sh", "run_autograder", "dmelab"} {
		assert.Equal(t, fs.FileMode(0o755), modes[n].Perm(), n)
	}
	assert.Equal(t, fs.FileMode(0o644), modes["exercise/ra-steps/hidden/b.scn"].Perm())

	var again bytes.Buffer
	require.NoError(t, GradescopeZip(&again, exercise(), tool()))
	assert.Equal(t, b.Bytes(), again.Bytes(), "the archive is reproducible")

	dir := t.TempDir()
	for _, f := range z.File {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		r, err := f.Open()
		require.NoError(t, err)
		var data bytes.Buffer
		_, err = data.ReadFrom(r)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(p, data.Bytes(), f.Mode().Perm()))
	}
	for _, s := range []string{"setup.sh", "run_autograder"} {
		out, err := exec.Command("bash", "-n", filepath.Join(dir, s)).CombinedOutput()
		require.NoError(t, err, "%s: %s", s, out)
	}
	setup, _ := os.ReadFile(filepath.Join(dir, "setup.sh"))
	assert.Contains(t, string(setup), "GO_VERSION='1.26.0'")
	assert.Contains(t, string(setup), `EX=exercise/'ra-steps'`)
	assert.Contains(t, string(setup), `"$EX/solution.go"`)
}

// gradescopeRoot lays out /autograder as Gradescope does: the zip's
// contents in source/, run_autograder beside it, the submission in
// submission/.
func gradescopeRoot(t *testing.T, submissions map[string]string) string {
	t.Helper()
	return gradescopeRootOf(t, exercise(), submissions)
}

func gradescopeRootOf(t *testing.T, ex Exercise, submissions map[string]string) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, GradescopeZip(&b, ex, tool()))
	z, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	require.NoError(t, err)
	ag := t.TempDir()
	for _, f := range z.File {
		p := filepath.Join(ag, "source", filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		r, err := f.Open()
		require.NoError(t, err)
		var data bytes.Buffer
		_, _ = data.ReadFrom(r)
		require.NoError(t, os.WriteFile(p, data.Bytes(), f.Mode().Perm()))
	}
	run, err := os.ReadFile(filepath.Join(ag, "source", "run_autograder"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ag, "run_autograder"), run, 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(ag, "submission"), 0o755))
	for name, src := range submissions {
		require.NoError(t, os.WriteFile(filepath.Join(ag, "submission", name), []byte(src), 0o644))
	}
	return ag
}

// runScript runs a generated script with the fake grader and returns the
// arguments the grader got ("" if it was not called).
func runScript(t *testing.T, shell, script, rootVar, root, fake string, args ...string) string {
	t.Helper()
	argsFile := filepath.Join(t.TempDir(), "args")
	cmd := exec.Command(shell, append([]string{script}, args...)...)
	cmd.Env = append(os.Environ(), rootVar+"="+root, "FAKE="+fake, "ARGS_FILE="+argsFile)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	a, _ := os.ReadFile(argsFile)
	return string(a)
}

func readJSON(t *testing.T, p string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m), "%s", b)
	return m
}

func TestRunAutograder(t *testing.T) {
	for _, c := range []struct {
		fake  string
		score float64
		note  string
	}{{"ok", 1, ""}, {"compile", 0, ""}, {"crash", 0, "internal error"}} {
		ag := gradescopeRoot(t, map[string]string{"ra.go": "package ra\n"})
		argv := runScript(t, "bash", filepath.Join(ag, "run_autograder"), "AUTOGRADER_ROOT", ag, c.fake)
		assert.Equal(t, "grade --exercise "+ag+"/source/exercise/ra-steps --format gradescope --out "+ag+"/results/results.json --playground https://play.example.org/it's/ "+ag+"/submission/ra.go\n", argv)
		m := readJSON(t, filepath.Join(ag, "results", "results.json"))
		assert.Equal(t, c.score, m["score"], c.fake)
		if c.note != "" {
			assert.Contains(t, m["output"], c.note)
		}
	}
	// A file with another name is taken if it is the only one.
	ag := gradescopeRoot(t, map[string]string{"mine.go": "package ra\n"})
	argv := runScript(t, "bash", filepath.Join(ag, "run_autograder"), "AUTOGRADER_ROOT", ag, "ok")
	assert.True(t, strings.HasSuffix(argv, "/submission/mine.go\n"), argv)
	// Two files: nothing is graded, the student is told.
	ag = gradescopeRoot(t, map[string]string{"a.go": "", "b.go": ""})
	argv = runScript(t, "bash", filepath.Join(ag, "run_autograder"), "AUTOGRADER_ROOT", ag, "ok")
	assert.Empty(t, argv)
	m := readJSON(t, filepath.Join(ag, "results", "results.json"))
	assert.Contains(t, m["output"], "exactly one Go file, named ra.go")
}

var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestPrairieLearn(t *testing.T) {
	course := t.TempDir()
	// What an earlier pack (before this one, or of an older version of
	// the exercise) left goes: a hidden schedule since removed, a
	// solution an older warm-up copied into the image's folder.
	stale := []string{
		filepath.Join(course, "questions", "ra-steps", "tests", "exercise", "ra-steps", "hidden", "removed.scn"),
		filepath.Join(course, "serverFilesCourse", "dmelab-image", "warmup", "ra-steps", "solution.go"),
	}
	for _, f := range stale {
		require.NoError(t, os.MkdirAll(filepath.Dir(f), 0o755))
		require.NoError(t, os.WriteFile(f, []byte("old\n"), 0o644))
	}
	require.NoError(t, PrairieLearn(course, exercise(), tool(), PLOptions{}))
	for _, f := range stale {
		assert.NoFileExists(t, f, "left by an earlier pack")
	}
	q := filepath.Join(course, "questions", "ra-steps")
	info := readJSON(t, filepath.Join(q, "info.json"))
	assert.Regexp(t, uuidRE, info["uuid"])
	assert.Equal(t, "Ricart–Agrawala, step by step", info["title"])
	assert.Equal(t, "v3", info["type"])
	assert.Equal(t, "External", info["gradingMethod"])
	ego := info["externalGradingOptions"].(map[string]any)
	assert.Equal(t, true, ego["enabled"])
	assert.Equal(t, "golang:1.26", ego["image"])
	assert.Equal(t, "/grade/serverFilesCourse/dmelab/run.sh ra.go", ego["entrypoint"])
	assert.Equal(t, []any{"dmelab/"}, ego["serverFilesCourse"])
	assert.Equal(t, float64(60), ego["timeout"])

	html, err := os.ReadFile(filepath.Join(q, "question.html"))
	require.NoError(t, err)
	assert.Contains(t, string(html), "<strong>P12</strong>")
	assert.NotContains(t, string(html), "{{", "Mustache must not see the statement's braces")
	assert.NotContains(t, string(html), "<script>")
	assert.Contains(t, string(html), `<pl-file-editor file-name="ra.go" ace-mode="ace/mode/golang" source-file-name="starter.go">`)
	assert.Contains(t, string(html), "<pl-external-grader-results>")
	starter, err := os.ReadFile(filepath.Join(q, "starter.go"))
	require.NoError(t, err)
	assert.Contains(t, string(starter), "func (n *Node) decide()")
	assert.FileExists(t, filepath.Join(q, "tests", "exercise", "ra-steps", "hidden", "b.scn"))
	assert.NoFileExists(t, filepath.Join(q, "tests", "exercise", "ra-steps", "mutants", "m1.go"))
	assert.NoDirExists(t, filepath.Join(q, "tests", "exercise", "ra-steps", "solutions"), "alternative solutions stay home")
	assert.NoDirExists(t, filepath.Join(course, "serverFilesCourse", "dmelab-image", "warmup", "ra-steps", "solutions"))
	assert.NoDirExists(t, filepath.Join(course, "serverFilesCourse", "dmelab", "warmup"), "grading jobs get no other exercise")
	docker, err := os.ReadFile(filepath.Join(course, "serverFilesCourse", "dmelab-image", "Dockerfile"))
	require.NoError(t, err)
	assert.Contains(t, string(docker), "FROM golang:1.26.0")
	// The image (pushed to a registry, often a public one) holds nothing
	// a student may not read: it warms up on the starter and the public
	// schedules.
	warm := filepath.Join(course, "serverFilesCourse", "dmelab-image", "warmup", "ra-steps")
	assert.NoFileExists(t, filepath.Join(warm, "solution.go"))
	assert.NoDirExists(t, filepath.Join(warm, "hidden"))
	assert.FileExists(t, filepath.Join(warm, "public", "a.scn"))
	assert.FileExists(t, filepath.Join(warm, "dmelab-warmup-starter.go"))
	assert.Contains(t, string(docker), `"$d/dmelab-warmup-starter.go"`)
	assert.NotContains(t, string(docker), "solution.go")

	run := filepath.Join(course, "serverFilesCourse", "dmelab", "run.sh")
	st, err := os.Stat(run)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o755), st.Mode().Perm())
	out, err := exec.Command("sh", "-n", run).CombinedOutput()
	require.NoError(t, err, "%s", out)

	// Run it as PrairieLearn would: /grade/serverFilesCourse, /grade/tests, /grade/student.
	for _, c := range []struct {
		fake     string
		gradable bool
	}{{"ok", true}, {"compile", true}, {"crash", false}} {
		g := t.TempDir()
		require.NoError(t, os.CopyFS(filepath.Join(g, "serverFilesCourse"), os.DirFS(filepath.Join(course, "serverFilesCourse"))))
		require.NoError(t, os.CopyFS(filepath.Join(g, "tests"), os.DirFS(filepath.Join(q, "tests"))))
		require.NoError(t, os.MkdirAll(filepath.Join(g, "student"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(g, "student", "ra.go"), []byte("package ra\n"), 0o644))
		argv := runScript(t, "sh", filepath.Join(g, "serverFilesCourse", "dmelab", "run.sh"), "GRADE_ROOT", g, c.fake, "ra.go")
		assert.Equal(t, "grade --exercise "+g+"/tests/exercise/ra-steps --format prairielearn --out "+g+"/results/results.json --playground https://play.example.org/it's/ "+g+"/student/ra.go\n", argv)
		m := readJSON(t, filepath.Join(g, "results", "results.json"))
		if c.fake == "crash" {
			assert.Equal(t, false, m["gradable"])
			assert.Contains(t, m["format_errors"].([]any)[0], "internal error")
		} else {
			assert.Contains(t, m, "score")
		}
	}
}

func TestPackRefuses(t *testing.T) {
	var b bytes.Buffer
	bad := exercise()
	bad.Name = "../x"
	require.Error(t, GradescopeZip(&b, bad, tool()))
	bad = exercise()
	bad.Submission = "ra.py"
	require.Error(t, GradescopeZip(&b, bad, tool()))
	bad = exercise()
	bad.Submission = "a b.go"
	require.Error(t, PrairieLearn(t.TempDir(), bad, tool(), PLOptions{}))
	tl := tool()
	tl.GoVersion = "1.26; rm -rf /"
	require.Error(t, GradescopeZip(&b, exercise(), tl))
	require.Error(t, GradescopeZip(&b, exercise(), Tool{GoVersion: "1.26.0"}))
	require.Error(t, PrairieLearn(t.TempDir(), exercise(), tool(), PLOptions{Timeout: 601}))
	bad = listingExercise()
	bad.Submission = "solution.go"
	require.ErrorContains(t, GradescopeZip(&b, bad, tool()), "ending in .txt")
	bad = exercise()
	bad.Submission = "ra.txt"
	require.ErrorContains(t, GradescopeZip(&b, bad, tool()), "ending in .go")
	bad = listingExercise()
	bad.Starter = ""
	bad.Files = fstest.MapFS{"starter.go": {Data: []byte("package ra\n")}}
	require.ErrorContains(t, PrairieLearn(t.TempDir(), bad, tool(), PLOptions{}), "no starter file starter.txt")
	bad = exercise()
	bad.Starter = "missing.go"
	require.Error(t, PrairieLearn(t.TempDir(), bad, tool(), PLOptions{}))
}

// A listing exercise packs as a Go one does, with .txt files: the zip
// holds starter.txt and solution.txt (not mutants/ nor solutions/),
// setup.sh warms up on solution.txt, and run_autograder grades the
// submitted solution.txt, or the one .txt file uploaded, and tells a
// student who uploaded Go instead what to submit.
func TestGradescopeListing(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, GradescopeZip(&b, listingExercise(), tool()))
	z, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	require.NoError(t, err)
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	assert.Equal(t, []string{"dmelab", "exercise/listing-ra-v1/exercise.md", "exercise/listing-ra-v1/hidden/b.scn", "exercise/listing-ra-v1/public/a.scn",
		"exercise/listing-ra-v1/solution.txt", "exercise/listing-ra-v1/starter.txt", "run_autograder", "setup.sh"}, names)

	ag := gradescopeRootOf(t, listingExercise(), map[string]string{"solution.txt": "algorithm ra-v1\n"})
	setup, err := os.ReadFile(filepath.Join(ag, "source", "setup.sh"))
	require.NoError(t, err)
	assert.Contains(t, string(setup), `EX=exercise/'listing-ra-v1'`)
	assert.Contains(t, string(setup), `"$EX/solution.txt"`)
	assert.NotContains(t, string(setup), "solution.go")
	for _, s := range []string{"setup.sh", "run_autograder"} {
		out, err := exec.Command("bash", "-n", filepath.Join(ag, "source", s)).CombinedOutput()
		require.NoError(t, err, "%s: %s", s, out)
	}
	for _, c := range []struct {
		fake  string
		score float64
	}{{"ok", 1}, {"compile", 0}, {"crash", 0}} {
		ag := gradescopeRootOf(t, listingExercise(), map[string]string{"solution.txt": "algorithm ra-v1\n"})
		argv := runScript(t, "bash", filepath.Join(ag, "run_autograder"), "AUTOGRADER_ROOT", ag, c.fake)
		assert.Equal(t, "grade --exercise "+ag+"/source/exercise/listing-ra-v1 --format gradescope --out "+ag+"/results/results.json --playground https://play.example.org/it's/ "+ag+"/submission/solution.txt\n", argv)
		assert.Equal(t, c.score, readJSON(t, filepath.Join(ag, "results", "results.json"))["score"], c.fake)
	}
	// Another name: the one .txt file uploaded.
	ag = gradescopeRootOf(t, listingExercise(), map[string]string{"mine.txt": "algorithm ra-v1\n"})
	argv := runScript(t, "bash", filepath.Join(ag, "run_autograder"), "AUTOGRADER_ROOT", ag, "ok")
	assert.True(t, strings.HasSuffix(argv, "/submission/mine.txt\n"), argv)
	// Go instead of a listing: nothing is graded, the student is told.
	ag = gradescopeRootOf(t, listingExercise(), map[string]string{"solution.go": "package ra\n"})
	argv = runScript(t, "bash", filepath.Join(ag, "run_autograder"), "AUTOGRADER_ROOT", ag, "ok")
	assert.Empty(t, argv)
	m := readJSON(t, filepath.Join(ag, "results", "results.json"))
	assert.Contains(t, m["output"], "exactly one listing (a .txt file), named solution.txt")
}

// A listing exercise's PrairieLearn question edits starter.txt as text
// and submits solution.txt, which run.sh grades.
func TestPrairieLearnListing(t *testing.T) {
	course := t.TempDir()
	require.NoError(t, PrairieLearn(course, listingExercise(), tool(), PLOptions{}))
	q := filepath.Join(course, "questions", "listing-ra-v1")
	info := readJSON(t, filepath.Join(q, "info.json"))
	assert.Equal(t, "/grade/serverFilesCourse/dmelab/run.sh solution.txt", info["externalGradingOptions"].(map[string]any)["entrypoint"])
	html, err := os.ReadFile(filepath.Join(q, "question.html"))
	require.NoError(t, err)
	assert.Contains(t, string(html), `<pl-file-editor file-name="solution.txt" ace-mode="ace/mode/text" source-file-name="starter.txt">`)
	starter, err := os.ReadFile(filepath.Join(q, "starter.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(starter), "# P12: fix me")
	assert.FileExists(t, filepath.Join(q, "tests", "exercise", "listing-ra-v1", "solution.txt"))
	assert.NoDirExists(t, filepath.Join(q, "tests", "exercise", "listing-ra-v1", "mutants"))
	assert.NoDirExists(t, filepath.Join(q, "tests", "exercise", "listing-ra-v1", "solutions"))
	docker, err := os.ReadFile(filepath.Join(course, "serverFilesCourse", "dmelab-image", "Dockerfile"))
	require.NoError(t, err)
	assert.Contains(t, string(docker), `"$d/dmelab-warmup-starter.txt"`)
	assert.FileExists(t, filepath.Join(course, "serverFilesCourse", "dmelab-image", "warmup", "listing-ra-v1", "dmelab-warmup-starter.txt"))
	assert.NoFileExists(t, filepath.Join(course, "serverFilesCourse", "dmelab-image", "warmup", "listing-ra-v1", "solution.txt"))

	g := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(g, "serverFilesCourse"), os.DirFS(filepath.Join(course, "serverFilesCourse"))))
	require.NoError(t, os.CopyFS(filepath.Join(g, "tests"), os.DirFS(filepath.Join(q, "tests"))))
	require.NoError(t, os.MkdirAll(filepath.Join(g, "student"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(g, "student", "solution.txt"), []byte("algorithm ra-v1\n"), 0o644))
	argv := runScript(t, "sh", filepath.Join(g, "serverFilesCourse", "dmelab", "run.sh"), "GRADE_ROOT", g, "ok", "solution.txt")
	assert.Equal(t, "grade --exercise "+g+"/tests/exercise/listing-ra-v1 --format prairielearn --out "+g+"/results/results.json --playground https://play.example.org/it's/ "+g+"/student/solution.txt\n", argv)
	assert.Contains(t, readJSON(t, filepath.Join(g, "results", "results.json")), "score")
}

// The packed exercise's folder keeps the exercise's name, which grading
// reads from it (Gradescope's extra_data, PrairieLearn's results), and
// run.sh, which every question of a course shares, grades each question
// against its own exercise.
func TestPackedFolderKeepsTheName(t *testing.T) {
	course := t.TempDir()
	require.NoError(t, PrairieLearn(course, exercise(), tool(), PLOptions{}))
	require.NoError(t, PrairieLearn(course, listingExercise(), tool(), PLOptions{}))
	for _, c := range []struct {
		ex  Exercise
		sub string
	}{{exercise(), "ra.go"}, {listingExercise(), "solution.txt"}} {
		q := filepath.Join(course, "questions", c.ex.Name)
		assert.FileExists(t, filepath.Join(q, "tests", "exercise", c.ex.Name, "exercise.md"))
		g := t.TempDir()
		require.NoError(t, os.CopyFS(filepath.Join(g, "serverFilesCourse"), os.DirFS(filepath.Join(course, "serverFilesCourse"))))
		require.NoError(t, os.CopyFS(filepath.Join(g, "tests"), os.DirFS(filepath.Join(q, "tests"))))
		require.NoError(t, os.MkdirAll(filepath.Join(g, "student"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(g, "student", c.sub), []byte("x\n"), 0o644))
		argv := runScript(t, "sh", filepath.Join(g, "serverFilesCourse", "dmelab", "run.sh"), "GRADE_ROOT", g, "ok", c.sub)
		assert.True(t, strings.HasPrefix(argv, "grade --exercise "+g+"/tests/exercise/"+c.ex.Name+" "), argv)

		ag := gradescopeRootOf(t, c.ex, map[string]string{c.sub: "x\n"})
		assert.FileExists(t, filepath.Join(ag, "source", "exercise", c.ex.Name, "exercise.md"))
		argv = runScript(t, "bash", filepath.Join(ag, "run_autograder"), "AUTOGRADER_ROOT", ag, "ok")
		assert.True(t, strings.HasPrefix(argv, "grade --exercise "+ag+"/source/exercise/"+c.ex.Name+" "), argv)
	}
}

// Hidden tests kept outside the exercise (pack --hidden DIR, as grade
// --hidden DIR) are packed as its hidden/, in place of its own: only
// their schedules and walks, not another exercise's folder beside them.
func TestHiddenKeptElsewhere(t *testing.T) {
	ex := exercise()
	ex.Hidden = fstest.MapFS{
		"x.scn":           {Data: []byte("algorithm ra-v3\n")},
		"w.walk":          {Data: []byte("nodes 3\n")},
		"notes.txt":       {Data: []byte("staff notes\n")},
		".y.scn":          {Data: []byte("x")},
		"central/c.scn":   {Data: []byte("algorithm central\n")},
		"ra-steps2/d.scn": {Data: []byte("x")},
	}
	var b bytes.Buffer
	require.NoError(t, GradescopeZip(&b, ex, tool()))
	z, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	require.NoError(t, err)
	var hidden []string
	for _, f := range z.File {
		if strings.Contains(f.Name, "hidden/") {
			hidden = append(hidden, f.Name)
		}
	}
	sort.Strings(hidden)
	assert.Equal(t, []string{"exercise/ra-steps/hidden/w.walk", "exercise/ra-steps/hidden/x.scn"}, hidden)

	course := t.TempDir()
	require.NoError(t, PrairieLearn(course, ex, tool(), PLOptions{}))
	tests := filepath.Join(course, "questions", "ra-steps", "tests", "exercise", "ra-steps", "hidden")
	assert.FileExists(t, filepath.Join(tests, "x.scn"))
	assert.FileExists(t, filepath.Join(tests, "w.walk"))
	assert.NoFileExists(t, filepath.Join(tests, "b.scn"), "the exercise's own hidden/ is not what grading with --hidden reads")
	assert.NoFileExists(t, filepath.Join(tests, "notes.txt"))
}

// The image's RUN line, run as a shell would run it in the image (with
// the warm-up folder where COPY puts it and the fake grader on the
// path), grades the starter of each packed exercise, takes "graded" and
// "not gradable" (a starter that does not compile still warms the
// caches) and fails the build when the grader cannot grade at all.
func TestPrairieLearnImageWarmsUpOnTheStarter(t *testing.T) {
	course := t.TempDir()
	require.NoError(t, PrairieLearn(course, exercise(), tool(), PLOptions{}))
	img := filepath.Join(course, "serverFilesCourse", "dmelab-image")
	docker, err := os.ReadFile(filepath.Join(img, "Dockerfile"))
	require.NoError(t, err)
	_, run, ok := strings.Cut(string(docker), "\nRUN ")
	require.True(t, ok, "the Dockerfile has a RUN line")
	run = strings.ReplaceAll(run, "\\\n", "") // Docker joins the continued lines
	// The image's /warmup is a copy of the folder here (the line removes it).
	root := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(root, "warmup"), os.DirFS(filepath.Join(img, "warmup"))))
	run = strings.ReplaceAll(run, "/warmup", filepath.Join(root, "warmup"))
	run = strings.ReplaceAll(run, "/tmp/warmup.json", filepath.Join(root, "warmup.json"))
	bin := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bin, "dmelab"), []byte(fakeDmelab), 0o755))
	for _, c := range []struct {
		fake string
		ok   bool
	}{{"ok", true}, {"compile", true}, {"crash", false}} {
		require.NoError(t, os.CopyFS(filepath.Join(root, "warmup-"+c.fake), os.DirFS(filepath.Join(img, "warmup"))))
		line := strings.ReplaceAll(run, filepath.Join(root, "warmup"), filepath.Join(root, "warmup-"+c.fake))
		args := filepath.Join(t.TempDir(), "args")
		cmd := exec.Command("sh", "-c", line)
		cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "FAKE="+c.fake, "ARGS_FILE="+args)
		out, err := cmd.CombinedOutput()
		argv, _ := os.ReadFile(args)
		assert.Contains(t, string(argv), "/ra-steps//dmelab-warmup-starter.go", "%s: the starter is graded", c.fake)
		if c.ok {
			assert.NoError(t, err, "%s: %s", c.fake, out)
			assert.NoDirExists(t, filepath.Join(root, "warmup-"+c.fake), "the warm-up folder is removed")
		} else {
			assert.Error(t, err, c.fake)
			assert.Contains(t, string(out), "this image would fail every submission")
		}
	}
}
