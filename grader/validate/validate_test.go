package validate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
)

func newGrader(t *testing.T) *grade.Grader {
	t.Helper()
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	return &grade.Grader{Builder: &sandbox.Builder{Root: root, Cache: t.TempDir()}}
}

// copyExercise copies exercises/NAME into dir, leaving its mutants out.
func copyExercise(t *testing.T, name, dir string) string {
	t.Helper()
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	src := filepath.Join(root, "exercises", name)
	dst := filepath.Join(dir, name)
	require.NoError(t, filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		rel, _ := filepath.Rel(src, p)
		if strings.HasPrefix(rel, "mutants") && rel != "mutants" {
			return nil
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	}))
	return dst
}

// A set whose mutants are too few, one of which is a correct solution in
// disguise: validation names the survivor and fails; a real mutant is
// caught by named tests.
func TestValidateFindsSurvivors(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "ra-steps", dir)
	root, _ := sandbox.FindRoot(".")
	sol, err := os.ReadFile(filepath.Join(ex, "solution.go"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "mutants", "disguised.go"), append([]byte("// Claims to be wrong but is the reference solution.\n"), sol...), 0o644))
	real, err := os.ReadFile(filepath.Join(root, "exercises", "ra-steps", "mutants", "no_tie_break.go"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "mutants", "no_tie_break.go"), real, 0o644))

	r, err := Dir(context.Background(), dir, Options{Grader: newGrader(t)})
	require.NoError(t, err)
	require.Len(t, r.Exercises, 1)
	e := r.Exercises[0]
	assert.False(t, r.OK())
	assert.Contains(t, e.Problems, "2 mutants; an exercise needs at least 4")
	require.Len(t, e.Mutants, 2)
	byName := map[string]Mutant{}
	for _, m := range e.Mutants {
		byName[m.File] = m
	}
	assert.False(t, byName["disguised.go"].Caught())
	assert.Contains(t, byName["disguised.go"].Hint, "survived")
	assert.True(t, byName["no_tie_break.go"].Caught())
	assert.Contains(t, byName["no_tie_break.go"].CaughtBy, "public/tie")
	assert.Equal(t, e.MaxScore, e.Solution.Score, "the reference passes")
	assert.Less(t, e.Starter.Score, e.Starter.MaxScore, "the starter fails something")

	md := r.Markdown()
	assert.Contains(t, md, "| ra-steps | 15 | 30 | 30/30 |")
	assert.Contains(t, md, "| disguised.go | Claims to be wrong but is the reference solution. | 30 | **survived**")
	assert.Contains(t, md, "**not ok**")
}

// A set index that does not match its folders is bad input, found before
// any grading.
func TestValidateBadSet(t *testing.T) {
	dir := t.TempDir()
	copyExercise(t, "ra-steps", dir)
	for index, want := range map[string]string{
		"---\ntitle: T\norder: [ra-steps, nowhere]\n---\nintro\n": `"nowhere" is listed but is not an exercise folder here`,
		"---\ntitle: T\norder: []\n---\nintro\n":                  `exercise "ra-steps" is missing from order`,
		"no front matter\n":                                       "set.md:1: the index must start with a front matter",
		"---\ntitle: T\norder: [ra-steps]\nextra: 1\n---\n":       "field extra not found",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "set.md"), []byte(index), 0o644))
		_, err := Dir(context.Background(), dir, Options{Grader: newGrader(t)})
		var bad *LoadError
		require.ErrorAs(t, err, &bad, index)
		assert.Contains(t, err.Error(), want)
	}
	_, err := Dir(context.Background(), t.TempDir(), Options{Grader: newGrader(t)})
	assert.ErrorContains(t, err, "no exercises")
}
