package validate

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/sandbox"
)

func signatures(t *testing.T, dir string) []string {
	t.Helper()
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	ex, err := exercise.Load(dir, "")
	require.NoError(t, err)
	return Signatures(ex, root)
}

// Issue 14, item 12: each name and parameter list the statement (or the
// starter's comments) shows that the starter and its interface do not
// declare is reported where it is written.
func TestSignaturesMismatch(t *testing.T) {
	got := signatures(t, filepath.Join("testdata", "signatures", "mismatch"))
	assert.Equal(t, []string{
		"mismatch/starter.go:10:11: `n.SendRequest(to, number)` does not match the declaration: rasteps.Vars declares SendRequest(to, num) (write the parameters as it names them)",
		"mismatch/exercise.md:8:12: `n.SendRequest(N, num)` does not match the declaration: rasteps.Vars declares SendRequest(to, num) (write the parameters as it names them)",
		"mismatch/exercise.md:8:40: `n.SendReply(N)` does not match the declaration: rasteps.Vars declares SendReply(to) (write the parameters as it names them)",
		"mismatch/exercise.md:10:8: `P4(to)` does not match the declaration: the starter's Node declares P4(N) (write the parameters as it names them)",
		"mismatch/exercise.md:10:18: `n.SendRequest(to)` does not match the declaration: rasteps.Vars declares SendRequest(to, num) (write the parameters as it names them)",
		"mismatch/exercise.md:10:49: `n.SendRequests(to, num)` calls SendRequests, which neither the starter nor the package it imports declares",
		"mismatch/exercise.md:14:1: `func (n Node) P4(node int)` does not match the declaration: the starter's Node declares P4(N) (write the parameters as it names them)",
		"mismatch/exercise.md:15:2: `n.SendReply(node, 1)` does not match the declaration: rasteps.Vars declares SendReply(to) (write the parameters as it names them)",
	}, got)
}

func TestSignaturesMatch(t *testing.T) {
	assert.Empty(t, signatures(t, filepath.Join("testdata", "signatures", "match")))
}

// The exercises of the set agree with their starters.
func TestSignaturesOfTheSet(t *testing.T) {
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	set, err := exercise.LoadSet(filepath.Join(root, "exercises"))
	require.NoError(t, err)
	for _, name := range set.Order {
		ex, err := exercise.Load(filepath.Join(root, "exercises", name), "")
		require.NoError(t, err)
		assert.Empty(t, Signatures(ex, root), name)
	}
}

// A starter that is not Go, or imports a dmelab package that is not
// there, is a clear problem, not a panic.
func TestSignaturesBadStarter(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bad")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	md, err := os.ReadFile(filepath.Join("testdata", "signatures", "match", "exercise.md"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "exercise.md"), md, 0o644))
	for src, want := range map[string]string{
		"package ra\nfunc (": "bad/starter.go: does not parse: ",
		"package ra\nimport \"dmelab/algorithms/nowhere\"\n": `bad/starter.go: import "dmelab/algorithms/nowhere": `,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "starter.go"), []byte(src), 0o644))
		got := signatures(t, dir)
		require.Len(t, got, 1, src)
		assert.True(t, strings.HasPrefix(got[0], want), got[0])
	}
}

// Validation fails on a statement that disagrees with its starter, and
// its report says where.
func TestValidateSignatures(t *testing.T) {
	dir := t.TempDir()
	ex := copyExercise(t, "ra-steps", dir)
	md, err := os.ReadFile(filepath.Join(ex, "exercise.md"))
	require.NoError(t, err)
	bad := strings.Replace(string(md), "`n.SendRequest(to, num)`", "`n.SendRequest(N, num)`", 1)
	require.NotEqual(t, string(md), bad)
	require.NoError(t, os.WriteFile(filepath.Join(ex, "exercise.md"), []byte(bad), 0o644))

	r, err := Dir(context.Background(), ex, Options{Grader: newGrader(t)})
	require.NoError(t, err)
	require.Len(t, r.Exercises, 1)
	assert.False(t, r.OK())
	at := strings.Index(bad, "`n.SendRequest(N, num)`")
	line := 1 + strings.Count(bad[:at], "\n")
	col := at - strings.LastIndex(bad[:at], "\n") + 1 // the code after the backtick
	want := "ra-steps/exercise.md:" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": `n.SendRequest(N, num)` does not match the declaration: rasteps.Vars declares SendRequest(to, num) (write the parameters as it names them)"
	assert.Contains(t, r.Exercises[0].Problems, want)
	assert.Contains(t, r.Markdown(), "**problem:** ra-steps/exercise.md:"+strconv.Itoa(line)+":"+strconv.Itoa(col)+": ")
}

// A fenced go block that is not Go (in none of its readings: a file,
// declarations, statements) is a problem at its error's line and column
// in exercise.md, a block indented in a list too; one that parses is
// checked as before, and pseudo-code fenced otherwise is left alone.
func TestSignaturesGoBlockThatDoesNotParse(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("testdata", "signatures", "match", "exercise.md"))
	require.NoError(t, err)
	starter, err := os.ReadFile(filepath.Join("testdata", "signatures", "match", "starter.go"))
	require.NoError(t, err)
	lines := strings.Count(string(md), "\n")
	for _, c := range []struct{ name, block, want string }{
		{"statements", "```go\nif n.MyNum > 0 {\n\tn.SendReply(to)\n} else if {\n}\n```\n",
			"bad/exercise.md:" + strconv.Itoa(lines+5) + ":11: this go block is not Go: "},
		{"in a list", "- the step:\n\n  ```go\n  func (n Node) P4(N int) {\n      n.SendRequest(N, n.MyNum\n  }\n  ```\n",
			"bad/exercise.md:" + strconv.Itoa(lines+6) + ":31: this go block is not Go: missing ',' before newline in argument list"},
		{"a brace left open", "```go\nfunc (n Node) P4(N int) {\n\tn.SendRequest(N, n.MyNum)\n```\n",
			"bad/exercise.md:" + strconv.Itoa(lines+4) + ":28: this go block is not Go: expected '}', found 'EOF'"},
		{"pseudo-code fenced as text", "```text\nP4: send(request, N) if ever\n```\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "bad")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "exercise.md"), append(append([]byte(nil), md...), "\n"+c.block...), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "starter.go"), starter, 0o644))
			got := signatures(t, dir)
			if c.want == "" {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1, "%q", got)
			assert.True(t, strings.HasPrefix(got[0], c.want), "%s\nwant prefix %s", got[0], c.want)
			assert.Contains(t, got[0], "fence pseudo-code as text")
		})
	}
}
