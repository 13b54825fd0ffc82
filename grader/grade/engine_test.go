package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
)

// The engine changes how long grading takes, never what it finds: the
// same report, test for test and word for word, from the interpreter,
// the compiler and auto (which switches between them partway). The solutions are compared in
// sandbox.TestAutoSwitchesToCompiledCode; here, mutants with counterexamples.
func TestEnginesGradeAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles each file to machine code")
	}
	dir := t.TempDir()
	t.Cleanup(sandbox.WaitCompilations) // before the directory goes: auto's compiler may outlive its grading
	graders := map[sandbox.Engine]*grade.Grader{}
	for _, eng := range []sandbox.Engine{sandbox.Compiler, sandbox.Auto} {
		graders[eng] = &grade.Grader{Builder: grader.Builder, Sandbox: sandbox.Options{Engine: eng, CacheDir: filepath.Join(dir, eng.String())}}
	}
	for _, c := range []struct{ exercise, mutant string }{
		{"ra-steps", "no_tie_break"}, {"lamport", "no_rule_3b"},
	} {
		ex := load(t, c.exercise)
		i := slices.IndexFunc(ex.Mutants, func(m exercise.Mutant) bool { return m.Name == c.mutant })
		require.GreaterOrEqual(t, i, 0, c.mutant)
		file, src := ex.Mutants[i].File(), ex.Mutants[i].Src
		want, err := grader.Grade(context.Background(), ex, file, src)
		require.NoError(t, err)
		for eng, g := range graders {
			got, err := g.Grade(context.Background(), ex, file, src)
			require.NoError(t, err)
			require.Equal(t, want, got, "%s %s with the %s", c.exercise, file, eng)
		}
	}
}

// A recursion without end stops as fast, with the same messages, under
// both engines (the guest's small stack: the interpreter stops a
// recursion at 2,000 nested calls, the compiler much deeper). Only the
// log differs: the compiled code lets Go print its own stack overflow.
func TestEnginesStopARecursionAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the file to machine code")
	}
	ex := load(t, "ra-steps")
	src, err := os.ReadFile(filepath.Join(root, "cmd", "hostile", "testdata", "corpus", "deep_recursion.go"))
	require.NoError(t, err)
	want, err := grader.Grade(context.Background(), ex, "deep.go", src)
	require.NoError(t, err)
	g := &grade.Grader{Builder: grader.Builder, Sandbox: sandbox.Options{Engine: sandbox.Compiler, CacheDir: t.TempDir()}}
	got, err := g.Grade(context.Background(), ex, "deep.go", src)
	require.NoError(t, err)
	require.Less(t, got.Score, got.MaxScore)
	require.Contains(t, got.Tests[0].Message, "overflowed its stack")
	want.Log, want.LogTruncated, got.Log, got.LogTruncated = "", false, "", false
	require.Equal(t, want, got)
}
