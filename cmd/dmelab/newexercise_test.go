package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/validate"
)

func TestNewExercise(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, exec.Command("cp", "-r", "../../exercises/ra-steps", dir).Run())

	code, out, errs := runCLI("new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "alternative solutions from ra-steps")
	ex, err := exercise.Load(filepath.Join(dir, "my-ra"), "")
	require.NoError(t, err, "the scaffold loads as an exercise")
	assert.Equal(t, "rasteps", ex.Interface)
	assert.Len(t, ex.Public, 1)
	sol, _ := os.ReadFile(filepath.Join(dir, "ra-steps", "solution.go"))
	got, _ := os.ReadFile(ex.Solution())
	assert.Equal(t, sol, got)
	assert.DirExists(t, filepath.Join(dir, "my-ra", "solutions"))
	tmpl, err := exercise.Load(filepath.Join(dir, "ra-steps"), "")
	require.NoError(t, err)
	require.Equal(t, len(tmpl.Solutions), len(ex.Solutions), "the template's alternative solutions come along")
	for i, s := range tmpl.Solutions {
		assert.Equal(t, s.Path, ex.Solutions[i].Path)
		assert.Equal(t, s.Src, ex.Solutions[i].Src)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir}, "exists already"},
		{[]string{"new", "exercise", "c", "--algo", "ra-benari-flagfirst", "--in", dir}, "no student interface is written for ra-benari-flagfirst"},
		{[]string{"new", "exercise", "Bad_Name", "--algo", "central", "--in", dir}, "lower-case"},
		{[]string{"new", "exercise", "x", "--algo", "nope", "--in", dir}, "unknown --algo"},
		{[]string{"new", "thing"}, "usage"},
	} {
		code, _, errs := runCLI(tc.args...)
		assert.Equal(t, exitUsage, code, tc.args)
		assert.Contains(t, errs, tc.want, tc.args)
	}
}

// Outside the repository, with no DMELAB_ROOT, new says the sources are
// not found and how to name them (--root), rather than that no student
// interface exists; with --root it takes the template from their
// exercises.
func TestNewExerciseOutsideTheSources(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	t.Setenv("DMELAB_ROOT", "")
	t.Chdir(t.TempDir()) // the test binary, too, lies outside the sources
	code, _, errs := runCLI("new", "exercise", "my-central", "--algo", "central", "--in", "ex")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "no exercise in ex (--from SET names a set to take one from), and the dmelab sources, which hold central's student interface (dmelab/algorithms/centralsteps) to start from, are not found: run inside the repository, or give --root DIR or DMELAB_ROOT")
	assert.NoDirExists(t, filepath.Join("ex", "my-central"))

	code, out, errs := runCLI("new", "exercise", "my-central", "--algo", "central", "--in", "ex", "--root", root)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "alternative solutions from central")
	_, err = exercise.Load(filepath.Join("ex", "my-central"), "")
	require.NoError(t, err)
}

// Issue 14: --in an empty folder (a new set) takes the template from the
// repository's exercises, not from the empty target.
func TestNewExerciseInEmptyDir(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCLI("new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir)
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "from ra-steps")
	ex, err := exercise.Load(filepath.Join(dir, "my-ra"), "")
	require.NoError(t, err, "the scaffold loads as an exercise")
	assert.Equal(t, "rasteps", ex.Interface)
	sol, _ := os.ReadFile("../../exercises/ra-steps/solution.go")
	got, _ := os.ReadFile(ex.Solution())
	assert.Equal(t, string(sol), string(got))
	_, err = exercise.LoadSet(dir)
	assert.NoError(t, err, "a set without set.md lists its folders")

	// --from names the set to take the template from; with no exercise
	// on the algorithm there, the exercise starts from the skeleton of
	// its student interface.
	// Central's scaffold schedules its clients, N2 and N3: N1 only serves.
	for algo, pkg := range map[string]string{"raymond": "raymondsteps", "suzuki-kasami": "suzukikasamisteps", "central": "centralsteps"} {
		name := "x-" + algo
		code, out, errs = runCLI("new", "exercise", name, "--algo", algo, "--in", dir, "--from", dir)
		require.Equal(t, exitOK, code, errs)
		assert.Contains(t, out, "the skeleton of "+pkg+"'s handlers")
		assert.Contains(t, out, "fill in solution.go")
		ex, err := exercise.Load(filepath.Join(dir, name), "")
		require.NoError(t, err, "the scaffold loads as an exercise")
		assert.Equal(t, pkg, ex.Interface)
		assert.Empty(t, ex.Solutions)
		starter, _ := os.ReadFile(ex.Starter())
		sol, _ := os.ReadFile(ex.Solution())
		assert.Contains(t, string(starter), "type Node struct{ *"+pkg+".Vars }")
		assert.Equal(t, string(starter), string(sol))
		code, _, errs = runCLI("run", filepath.Join(dir, name, "public", "first.scn"))
		assert.Equal(t, exitOK, code, "the placeholder schedule runs: %s", errs)
	}

	// --interface starts from the skeleton even where an exercise on the
	// algorithm exists (ra-steps here), and says nothing was copied.
	code, out, errs = runCLI("new", "exercise", "from-iface", "--algo", "ra-benari", "--in", dir, "--interface")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "the skeleton of rasteps's handlers, to fill in; no alternative solutions copied")
	assert.NotContains(t, out, "check the copied ones")
	starter, _ := os.ReadFile(filepath.Join(dir, "from-iface", "starter.go"))
	assert.Contains(t, string(starter), "type Node struct{ *rasteps.Vars }")
	// The statement's placeholder points to the template by a path that
	// is no machine's.
	md, _ := os.ReadFile(filepath.Join(dir, "my-ra", "exercise.md"))
	assert.Contains(t, string(md), "(see exercises/ra-steps/exercise.md in the dmelab sources)")
	assert.NotContains(t, string(md), dir)
}

// Issue 14: new adds the exercise to set.md's order, so the set still
// loads (validate exited 2 on "missing from order").
func TestNewExerciseAddsToSet(t *testing.T) {
	for name, tc := range map[string]struct{ set, want string }{
		"block": {
			set:  "---\ntitle: T\norder:\n  - ra-steps # the first\n---\nIntro.\n",
			want: "---\ntitle: T\norder:\n  - ra-steps # the first\n  - my-ra\n---\nIntro.\n",
		},
		"block then key": {
			set:  "---\norder:\n- ra-steps\n\ntitle: T\n---\nIntro.\n",
			want: "---\norder:\n- ra-steps\n- my-ra\n\ntitle: T\n---\nIntro.\n",
		},
		"flow": {
			set:  "---\ntitle: T\norder: [ra-steps]\n---\n",
			want: "---\ntitle: T\norder: [ra-steps, my-ra]\n---\n",
		},
		"empty flow": {
			set:  "---\ntitle: T\norder: []\n---\n",
			want: "---\ntitle: T\norder: [my-ra]\n---\n",
		},
		"no order": {
			set:  "---\ntitle: T\n---\n",
			want: "---\ntitle: T\norder:\n  - my-ra\n---\n",
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "ra-steps"), 0o755))
			require.NoError(t, exec.Command("cp", "-r", "../../exercises/ra-steps", dir).Run())
			if name == "no order" || name == "empty flow" {
				require.NoError(t, os.RemoveAll(filepath.Join(dir, "ra-steps")))
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, "set.md"), []byte(tc.set), 0o644))
			code, out, errs := runCLI("new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir)
			require.Equal(t, exitOK, code, errs)
			assert.Contains(t, out, "set.md")
			b, err := os.ReadFile(filepath.Join(dir, "set.md"))
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
			set, err := exercise.LoadSet(dir)
			require.NoError(t, err, "the set loads with the new exercise")
			assert.Equal(t, "my-ra", set.Order[len(set.Order)-1])
		})
	}
}

// A set.md new cannot read is left alone and nothing is written.
func TestNewExerciseBadSet(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "set.md"), []byte("no front matter\n"), 0o644))
	code, _, errs := runCLI("new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, "set.md")
	assert.NoDirExists(t, filepath.Join(dir, "my-ra"))
}

// Help is asked for either way: dmelab new --help, dmelab new exercise --help.
func TestNewHelp(t *testing.T) {
	for _, args := range [][]string{{"new", "--help"}, {"new", "-h"}, {"new", "exercise", "--help"}, {"new", "exercise", "-h"}} {
		code, stdout, errs := runCLI(args...)
		assert.Equal(t, exitOK, code, "%v: %s", args, errs)
		assert.Contains(t, stdout, "dmelab new exercise", args)
	}
}

// The scaffold is unfinished until the staff replace its placeholders and
// add hidden tests, and validate says so (validate.Unfinished reads the
// very placeholders this command writes).
func TestNewExerciseIsUnfinished(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, exec.Command("cp", "-r", "../../exercises/ra-steps", dir).Run())
	code, _, errs := runCLI("new", "exercise", "my-ra", "--algo", "ra-benari", "--in", dir)
	require.Equal(t, exitOK, code, errs)
	ex, err := exercise.Load(filepath.Join(dir, "my-ra"), "")
	require.NoError(t, err)
	got := validate.Unfinished(ex)
	require.Len(t, got, 3, "%q", got)
	assert.Contains(t, got[0], "exercise.md still holds the statement dmelab new wrote")
	assert.Contains(t, got[1], "public/first.scn is still the schedule dmelab new wrote")
	assert.Contains(t, got[2], "no hidden test")
	done, err := exercise.Load(filepath.Join(dir, "ra-steps"), "")
	require.NoError(t, err)
	assert.Empty(t, validate.Unfinished(done), "a finished exercise")

	// One with no public schedule: the statement promises runs to try.
	require.NoError(t, os.RemoveAll(filepath.Join(dir, "ra-steps", "public")))
	bare, err := exercise.Load(filepath.Join(dir, "ra-steps"), "")
	require.NoError(t, err)
	assert.Equal(t, []string{"no public schedule (public/*.scn): students have no run to try their code on before the hidden tests"}, validate.Unfinished(bare))
}
