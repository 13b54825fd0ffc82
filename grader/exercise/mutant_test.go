package exercise

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toySolution is a reference solution the patches below apply to.
const toySolution = `// Reference solution: a toy.
package ra

func a() int {
	x := 1
	y := 2
	z := 3
	return x + y + z
}

func b() int {
	p := 1
	q := 2
	r := 3
	return p * q * r
}
`

// toyDiff is two hunks (diff -U1 -F '^func '): a() and b() forget a term.
const toyDiff = `--- solution.go
+++ m.go
@@ -7,3 +7,3 @@ func a() int {
 	z := 3
-	return x + y + z
+	return x + y
 }
@@ -14,3 +14,3 @@ func b() int {
 	r := 3
-	return p * q * r
+	return p * q
 }
`

// toyMutant is what toyDiff makes of toySolution, under a comment.
func toyMutant(comment string) string {
	s := strings.Replace(toySolution, "x + y + z", "x + y", 1)
	s = strings.Replace(s, "p * q * r", "p * q", 1)
	return strings.Replace(s, "// Reference solution: a toy.", "// "+comment, 1)
}

func TestPatchMutant(t *testing.T) {
	for _, c := range []struct {
		name, patch, sol string
		comment, src     string
	}{
		{"plain comment", "forgets a term\n" + toyDiff, toySolution, "forgets a term", toyMutant("forgets a term")},
		{"// comment", "//  forgets a term \n" + toyDiff, toySolution, "forgets a term", toyMutant("forgets a term")},
		{"# comment, then an explanation", "# forgets a term\n\nBoth functions drop their last operand.\n" + toyDiff, toySolution, "forgets a term", toyMutant("forgets a term")},
		{"git diff --no-index", "forgets a term\ndiff --git a/solution.go b/m.go\nindex 84d7105..60acb3b 100644\n" + strings.Replace(strings.Replace(toyDiff, "--- solution.go", "--- a/solution.go", 1), "+++ m.go", "+++ b/m.go", 1), toySolution, "forgets a term", toyMutant("forgets a term")},
		{"a reference without a comment", "no op\n--- solution.go\n+++ m.go\n@@ -1,2 +1,2 @@\n package ra\n-var x = 1\n+var x = 2\n", "package ra\nvar x = 1\n", "no op", "// no op\npackage ra\nvar x = 2\n"},
		{"the patch rewrites the comment line", "late\n--- solution.go\n+++ m.go\n@@ -1 +1 @@\n-// ref\n+// mine\n", "// ref\n", "late", "// late\n"},
		{"lines added above the hunks", "forgets a term\n" + toyDiff, strings.Replace(toySolution, "package ra\n", "package ra\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n", 1), "forgets a term", strings.Replace(toyMutant("forgets a term"), "package ra\n", "package ra\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n", 1)},
		{"lines removed above and between the hunks", "forgets a term\n" + toyDiff, strings.Replace(strings.Replace(toySolution, "\ty := 2\n", "", 1), "\n\nfunc b", "\nfunc b", 1), "forgets a term", strings.Replace(strings.Replace(toyMutant("forgets a term"), "\ty := 2\n", "", 1), "\n\nfunc b", "\nfunc b", 1)},
		{"the nearest of two places", "twice\n--- solution.go\n+++ m.go\n@@ -3,2 +3,2 @@\n a\n-b\n+c\n", "// ref\na\nb\nx\na\nb\n", "twice", "// twice\na\nc\nx\na\nb\n"},
		{"the nearest of two places, moved", "twice\n--- solution.go\n+++ m.go\n@@ -5,2 +5,2 @@\n a\n-b\n+c\n", "// ref\na\nb\nx\ny\na\nb\n", "twice", "// twice\na\nb\nx\ny\na\nc\n"},
		{"no newline at the end", "adds\n--- solution.go\n+++ m.go\n@@ -1,2 +1,2 @@\n // ref\n-package ra\n+package rb\n\\ No newline at end of file\n", "// ref\npackage ra\n", "adds", "// adds\npackage rb"},
	} {
		t.Run(c.name, func(t *testing.T) {
			comment, src, err := PatchMutant("mutants/m.patch", []byte(c.patch), []byte(c.sol))
			require.NoError(t, err)
			assert.Equal(t, c.comment, comment)
			assert.Equal(t, c.src, string(src))
		})
	}
}

func TestPatchMutantErrors(t *testing.T) {
	for _, c := range []struct{ name, patch, want string }{
		{"no comment", toyDiff, "mutants/m.patch:1: a patch mutant starts with a line saying what is wrong"},
		{"blank comment", "//\n" + toyDiff, "mutants/m.patch:1: a patch mutant starts with a line"},
		{"no diff", "forgets a term\n", "mutants/m.patch: no diff after the comment"},
		{"two files", "x\n" + toyDiff + strings.Replace(toyDiff, "solution.go", "other.go", 1), "changes 2 files"},
		{"a new file", "x\n--- /dev/null\n+++ m.go\n@@ -0,0 +1 @@\n+package ra\n", "must change solution.go's text"},
		{"context does not match", "x\n" + strings.Replace(toyDiff, " \tr := 3", " \tr := 4", 1), `mutants/m.patch:10: hunk 2 does not apply: solution.go line 14 is "\tr := 3", the patch expects "\tr := 4"`},
		{"removed line does not match", "x\n" + strings.Replace(toyDiff, "-\treturn x + y + z", "-\treturn x", 1), `mutants/m.patch:6: hunk 1 does not apply: solution.go line 8 is "\treturn x + y + z", the patch expects "\treturn x"`},
		{"past the end", "x\n--- solution.go\n+++ m.go\n@@ -40,2 +40,2 @@\n a\n-b\n+c\n", "mutants/m.patch:4: hunk 1 does not apply"},
		{"hunks out of order", "x\n--- solution.go\n+++ m.go\n@@ -14,3 +14,3 @@\n \tr := 3\n-\treturn p * q * r\n+\treturn p * q\n }\n@@ -7,3 +7,3 @@\n \tz := 3\n-\treturn x + y + z\n+\treturn x + y\n }\n", "mutants/m.patch:9: hunk 2 does not apply"},
		{"hunk miscounts its lines", "x\n--- solution.go\n+++ m.go\n@@ -7,4 +7,3 @@\n \tz := 3\n-\treturn x + y + z\n+\treturn x + y\n }\n", "mutants/m.patch:"},
		{"bad hunk header", "x\n--- solution.go\n+++ m.go\n@@ -7,3 +7,3\n \tz := 3\n", "mutants/m.patch:"},
		{"a line that is no diff line", "x\n--- solution.go\n+++ m.go\n@@ -7,3 +7,3 @@\n \tz := 3\n?\treturn x + y + z\n+\treturn x + y\n }\n", "mutants/m.patch:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := PatchMutant("mutants/m.patch", []byte(c.patch), []byte(toySolution))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}

	// Two lines added above: hunk 1 moves down by 2, and hunk 2, whose
	// context is nowhere, is reported 2 lines down too.
	moved := strings.Replace(toySolution, "package ra\n", "package ra\n\nvar _ = 0\n", 1)
	_, _, err := PatchMutant("mutants/m.patch", []byte("x\n"+strings.Replace(toyDiff, " \tr := 3", " \tr := 4", 1)), []byte(moved))
	assert.ErrorContains(t, err, `mutants/m.patch:10: hunk 2 does not apply: solution.go line 16 is "\tr := 3", the patch expects "\tr := 4"`)
}

// Every mutant of the course is a patch, and each reads whole.
func TestReadMutant(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "exercises", "*", "mutants", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		m, err := ReadMutant(f)
		require.NoError(t, err, f)
		assert.NotEmpty(t, m.Comment, f)
		ext, comment := ".go", "// "
		if strings.Contains(f, "listing-") { // a listing exercise's mutants patch solution.txt
			ext, comment = ".txt", "# "
		}
		assert.True(t, strings.HasPrefix(string(m.Src), comment+m.Comment+"\n"), f)
		assert.Equal(t, m.Name+ext, m.File())
	}

	dir := mk(t, map[string]string{"solution.go": toySolution, "mutants/m.patch": "forgets a term\n" + toyDiff, "mutants/w.go": "// whole\npackage ra\n", "mutants/n.txt": "x"})
	m, err := ReadMutant(filepath.Join(dir, "mutants", "m.patch"))
	require.NoError(t, err)
	assert.Equal(t, Mutant{Name: "m", Path: "mutants/m.patch", Comment: "forgets a term", Src: []byte(toyMutant("forgets a term")), Patch: []byte("forgets a term\n" + toyDiff)}, m)
	m, err = ReadMutant(filepath.Join(dir, "mutants", "w.go"))
	require.NoError(t, err)
	assert.Equal(t, Mutant{Name: "w", Path: "mutants/w.go", Comment: "whole", Src: []byte("// whole\npackage ra\n")}, m)
	_, err = ReadMutant(filepath.Join(dir, "mutants", "n.txt"))
	assert.ErrorContains(t, err, "a mutant is a .patch or a .go file")
	_, err = ReadMutant(filepath.Join(dir, "mutants", "gone.patch"))
	assert.Error(t, err)
	require.NoError(t, os.Remove(filepath.Join(dir, "solution.go")))
	_, err = ReadMutant(filepath.Join(dir, "mutants", "m.patch"))
	assert.ErrorContains(t, err, "a patch mutant is a change to the reference solution, solution.go, which is missing")
}

// A malformed patch is an error, never a panic; a patch that applies
// gives a file that opens with its comment.
func FuzzPatchMutant(f *testing.F) {
	f.Add("forgets a term\n"+toyDiff, toySolution)
	f.Add("x\n--- solution.go\n+++ m.go\n@@ -7,4 +7,3 @@\n \tz := 3\n-\treturn x + y + z\n", toySolution)
	f.Add("x\n--- /dev/null\n+++ m.go\n@@ -0,0 +1 @@\n+package ra\n", "")
	f.Add("x\n--- solution.go\n+++ m.go\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n", "a")
	if patches, _ := filepath.Glob(filepath.Join("..", "..", "exercises", "central", "mutants", "*.patch")); len(patches) > 0 {
		sol, _ := os.ReadFile(filepath.Join("..", "..", "exercises", "central", "solution.go"))
		for _, p := range patches {
			b, _ := os.ReadFile(p)
			f.Add(string(b), string(sol))
		}
	}
	f.Fuzz(func(t *testing.T, patch, sol string) {
		comment, src, err := PatchMutant("mutants/m.patch", []byte(patch), []byte(sol))
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "mutants/m.patch"), err.Error())
			return
		}
		require.NotEmpty(t, comment)
		require.True(t, strings.HasPrefix(string(src), "// "+comment+"\n"))
	})
}
