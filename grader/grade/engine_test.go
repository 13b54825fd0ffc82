package grade_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
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
		want, _ := gradedBeside(t, ex, file, src, true) // as TestMutantsAreCaught graded it
		for eng, g := range graders {
			got, err := g.Grade(context.Background(), ex, file, src)
			require.NoError(t, err)
			require.Equal(t, want, got, "%s %s with the %s", c.exercise, file, eng)
		}
	}
}

// Auto learns which exercises are long: once a grading of lamport has
// made its fifteen thousand calls, the next new file of lamport is
// compiled before its first call. A grading that stops at its first
// failure (validate's mutants) is not remembered.
func TestAutoCompilesALongExerciseAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a file to machine code")
	}
	dir := t.TempDir()
	t.Cleanup(sandbox.WaitCompilations)
	var engines []string
	g := &grade.Grader{Builder: grader.Builder, Sandbox: sandbox.Options{Engine: sandbox.Auto, CacheDir: dir},
		Progress: func(format string, args ...any) {
			if line := fmt.Sprintf(format, args...); strings.HasPrefix(line, "graded in") {
				engines = append(engines, line[strings.LastIndex(line, "; ")+2:])
			}
		}}
	ex := load(t, "lamport")
	src, err := os.ReadFile(filepath.Join(ex.Dir, "solution.go"))
	require.NoError(t, err)
	grade := func(g *grade.Grader, src []byte) {
		t.Helper()
		res, err := g.Grade(context.Background(), ex, "solution.go", src)
		require.NoError(t, err)
		require.Equal(t, report.Graded, res.Status)
	}
	runs := func() string {
		t.Helper()
		files, err := os.ReadDir(filepath.Join(dir, "runs"))
		require.NoError(t, err)
		require.Len(t, files, 1)
		data, err := os.ReadFile(filepath.Join(dir, "runs", files[0].Name()))
		require.NoError(t, err)
		return string(data)
	}
	grade(g, src)
	require.Len(t, engines, 1)
	assert.True(t, strings.HasPrefix(engines[0], "interpreter"), engines[0])
	first := runs()
	n, err := strconv.Atoi(strings.TrimSpace(first))
	require.NoError(t, err, first)
	require.Positive(t, n)

	grade(g, append(slices.Clip(src), "\n// another file, never compiled\n"...))
	assert.Equal(t, "compiler", engines[1], "a new file of a long exercise (%d calls ran in the first grading)", n)
	assert.Equal(t, first+first, runs())

	ff := *g
	ff.FirstFailure = true
	i := slices.IndexFunc(ex.Mutants, func(m exercise.Mutant) bool { return m.Name == "no_rule_3b" })
	require.GreaterOrEqual(t, i, 0)
	grade(&ff, ex.Mutants[i].Src)
	assert.Equal(t, first+first, runs(), "a grading that stops at its first failure")
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

// The limits are on processor time, and the interpreter runs the code
// several times slower than the compiler: a file that ran out of time
// under Auto, interpreted, is graded again compiled, so that its verdict
// is the one the compiler gives it, whether or not its module was
// compiled before (a correct file whose start or step is slow would
// otherwise lose its points on its first grading and keep them on the
// next). A start that never ends and a step that loops on one request
// are graded again so, and end as the compiler grades them.
func TestAutoGradesAgainCompiledWhatRanOutOfTime(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles each file to machine code")
	}
	dir := t.TempDir()
	t.Cleanup(sandbox.WaitCompilations)
	ex := load(t, "ra-steps")
	for _, f := range []string{
		filepath.Join("..", "..", "cmd", "hostile", "testdata", "corpus", "init_loops.go"),
		filepath.Join("testdata", "hostile", "ra_loop_on_tie.go"),
	} {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		var lines []string
		auto := &grade.Grader{Builder: grader.Builder, Sandbox: sandbox.Options{Engine: sandbox.Auto, CacheDir: filepath.Join(dir, "auto", filepath.Base(f))},
			Progress: func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }}
		got, err := auto.Grade(context.Background(), ex, "p.go", src)
		require.NoError(t, err)
		assert.Contains(t, lines, "the code ran out of time or stack in the interpreter: graded again, compiled", f)
		// Only the grading that counts is remembered for the exercise's
		// workload (what Auto goes by), not the one stopped early.
		// (A start that never ends makes no call, and is not remembered.)
		kept, err := filepath.Glob(filepath.Join(dir, "auto", filepath.Base(f), "runs", "*"))
		require.NoError(t, err)
		remembered := 0
		for _, k := range kept {
			runs, err := os.ReadFile(k)
			require.NoError(t, err)
			remembered += strings.Count(string(runs), "\n")
		}
		assert.LessOrEqual(t, remembered, 1, "%s: at most the one grading that counts", f)
		compiler := &grade.Grader{Builder: grader.Builder, Sandbox: sandbox.Options{Engine: sandbox.Compiler, CacheDir: filepath.Join(dir, "compiler", filepath.Base(f))}}
		want, err := compiler.Grade(context.Background(), ex, "p.go", src)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%s: Auto's verdict is the compiler's", f)
		assert.Less(t, got.Score, got.MaxScore, f)
	}
}

// wazero's interpreter stops a recursion a few thousand calls deep; the
// compiled code goes on within its 1 MB stack. A correct file that
// recursed 10,000 calls deep got 0 under Auto on a module not compiled
// before ("overflowed its stack") and full marks once it had been: it is
// graded again compiled, as a file that ran out of time is, and gets the
// compiler's verdict (full marks) from the first grading. The
// interpreter alone, asked for, still stops it.
func TestAutoGradesAgainCompiledWhatOverflowedInterpreted(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the file to machine code")
	}
	t.Cleanup(sandbox.WaitCompilations)
	ex := load(t, "ra-steps")
	// The reference solution, with a recursion 10,000 calls deep in P2
	// that ends: correct, though the interpreter stops it.
	ref, err := os.ReadFile(filepath.Join(root, "exercises", "ra-steps", "solution.go"))
	require.NoError(t, err)
	src := []byte(strings.Replace(string(ref), "n.MyNum = n.HighestNum + 1", "n.MyNum = plusOne(n.HighestNum, 10000)", 1) +
		"\n// plusOne is h + 1, counted the long way round: depth nested calls.\nfunc plusOne(h, depth int) int {\n\tif depth == 0 {\n\t\treturn h + 1\n\t}\n\treturn plusOne(h, depth-1)\n}\n")
	require.Contains(t, string(src), "plusOne(n.HighestNum", "P2 recurses")
	var lines []string
	auto := &grade.Grader{Builder: grader.Builder, Sandbox: sandbox.Options{Engine: sandbox.Auto, CacheDir: t.TempDir()},
		Progress: func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }}
	got, err := auto.Grade(context.Background(), ex, "deep.go", src)
	require.NoError(t, err)
	assert.Contains(t, lines, "the code ran out of time or stack in the interpreter: graded again, compiled")
	assert.Equal(t, got.MaxScore, got.Score, "a recursion that ends is no fault")

	interpreter := &grade.Grader{Builder: grader.Builder, Sandbox: sandbox.Options{Engine: sandbox.Interpreter}}
	slow, err := interpreter.Grade(context.Background(), ex, "deep.go", src)
	require.NoError(t, err)
	require.NotEmpty(t, slow.Tests)
	assert.Contains(t, slow.Tests[0].Message, "overflowed its stack", "the interpreter alone stops it: what Auto goes past")
}
