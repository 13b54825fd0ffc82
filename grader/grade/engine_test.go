package grade_test

import (
	"context"
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
