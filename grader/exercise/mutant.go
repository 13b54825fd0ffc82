package exercise

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// A mutant is written one of two ways:
//
//   - mutants/NAME.patch: a unified diff against the exercise's
//     solution.go (what `diff -u solution.go NAME.go` or
//     `git diff --no-index` prints), after one line of plain text that
//     says what is wrong (a leading "//" or "#" is dropped; more lines of
//     explanation may follow it, up to the diff). The diff is the bug.
//     It always applies to solution.go: the names on its --- and +++
//     lines are labels, not read. Each hunk applies where its context
//     and removed lines are, nearest to the line its header names (see
//     place); every line must match.
//   - mutants/NAME.go: the whole wrong solution, its first line a
//     comment saying what is wrong.
//
// A patch mutant's source is solution.go patched, its first line (the
// reference's own one-line comment) replaced by "// " and the mutant's
// comment (prepended if solution.go does not open with a // line), so
// that the graded file says what it is, as a .go mutant does.

// PatchMutant applies patch (the text of the file at path, for messages)
// to the reference solution sol. It returns the mutant's comment and its
// source. Every problem is an error naming path and the line of the patch.
func PatchMutant(path string, patch, sol []byte) (comment string, src []byte, err error) {
	return patchMutant(path, patch, sol, ".go")
}

// patchMutant is PatchMutant for a solution whose files end in ext: a
// listing's (.txt) comments start with "#".
func patchMutant(path string, patch, sol []byte, ext string) (comment string, src []byte, err error) {
	solName, cp := "solution"+ext, commentPrefix(ext)
	files, preamble, err := gitdiff.Parse(bytes.NewReader(patch))
	if err != nil {
		return "", nil, fmt.Errorf("%s", parseError(path, err))
	}
	first, _, _ := strings.Cut(preamble, "\n")
	comment = strings.TrimSpace(first)
	for _, p := range []string{"//", "#"} {
		if c, ok := strings.CutPrefix(comment, p); ok {
			comment = strings.TrimSpace(c)
			break
		}
	}
	switch {
	case comment == "":
		return "", nil, fmt.Errorf("%s:1: a patch mutant starts with a line saying what is wrong, then the diff against %s", path, solName)
	case len(files) == 0:
		return "", nil, fmt.Errorf("%s: no diff after the comment (write it as diff -u %s NAME%s prints it)", path, solName, ext)
	case len(files) > 1:
		return "", nil, fmt.Errorf("%s: the patch changes %d files; a mutant patches %s only", path, len(files), solName)
	}
	f := files[0]
	switch {
	case f.IsBinary || f.IsNew || f.IsDelete || f.IsCopy || f.IsRename:
		return "", nil, fmt.Errorf("%s: the patch must change %s's text (it creates, deletes, renames or copies a file, or is binary)", path, solName)
	case len(f.TextFragments) == 0:
		return "", nil, fmt.Errorf("%s: the patch has no hunk: it changes nothing", path)
	}
	heads := hunkLines(patch, strings.Count(preamble, "\n"))
	var out bytes.Buffer
	a := gitdiff.NewTextApplier(&out, bytes.NewReader(sol))
	for i, frag := range place(f.TextFragments, sol) {
		if err := a.ApplyFragment(frag); err != nil {
			return "", nil, applyError(path, solName, i, heads, frag, sol, err)
		}
	}
	if err := a.Close(); err != nil {
		return "", nil, fmt.Errorf("%s: %v", path, err)
	}
	src = out.Bytes()
	if bytes.HasPrefix(src, []byte(cp)) {
		if _, rest, ok := bytes.Cut(src, []byte("\n")); ok {
			src = rest
		} else {
			src = nil
		}
	}
	return comment, append([]byte(cp+" "+comment+"\n"), src...), nil
}

// place moves each hunk to where its old lines (context and removed
// lines) are in sol, nearest to the line its header names (shifted as
// the hunks before it were), never before the end of the hunk before it
// — as patch and git apply do, so that a line added to or removed from
// solution.go above a bug does not break the bug's patch. A hunk whose
// old lines are nowhere stays where its header puts it, shifted as the
// hunks before it were (and then fails to apply, naming the line that
// does not match); one that has none stays where its header puts it.
func place(frags []*gitdiff.TextFragment, sol []byte) []*gitdiff.TextFragment {
	lines := strings.SplitAfter(string(sol), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	out := make([]*gitdiff.TextFragment, len(frags))
	offset, lo := int64(0), int64(0)
	for i, f := range frags {
		out[i] = f
		var old []string
		for _, l := range f.Lines {
			if l.Old() {
				old = append(old, l.Line)
			}
		}
		if len(old) == 0 || f.OldPosition < 1 {
			continue
		}
		want := f.OldPosition - 1 + offset
		best, dist := int64(-1), int64(0)
	next:
		for p := lo; p+int64(len(old)) <= int64(len(lines)); p++ {
			for k, l := range old {
				if lines[p+int64(k)] != l {
					continue next
				}
			}
			if d := max(p-want, want-p); best < 0 || d < dist {
				best, dist = p, d
			}
		}
		if best < 0 {
			// Nowhere: shifted as the hunks before it, so that the
			// error names the line it was meant for.
			if p := f.OldPosition + offset; offset != 0 && p > lo {
				moved := *f
				moved.OldPosition = p
				out[i] = &moved
			}
			continue
		}
		moved := *f
		moved.OldPosition = best + 1
		out[i] = &moved
		offset, lo = best-(f.OldPosition-1), best+int64(len(old))
	}
	return out
}

var parseLineRE = regexp.MustCompile(`^gitdiff: line (\d+): `)

// parseError turns the library's "gitdiff: line N: msg" into path:N: msg.
func parseError(path string, err error) string {
	msg := err.Error()
	if m := parseLineRE.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s:%s: %s", path, m[1], msg[len(m[0]):])
	}
	return fmt.Sprintf("%s: %s", path, strings.TrimPrefix(msg, "gitdiff: "))
}

// hunkLines are the line numbers in patch (from 1) of its hunk headers
// ("@@ -a,b +c,d @@"), after the preamble's skip lines.
func hunkLines(patch []byte, skip int) []int {
	var out []int
	for i, l := range strings.Split(string(patch), "\n") {
		if i >= skip && strings.HasPrefix(l, "@@ -") {
			out = append(out, i+1)
		}
	}
	return out
}

// applyError says where hunk i (from 0) of the patch did not apply.
func applyError(path, solName string, i int, heads []int, frag *gitdiff.TextFragment, sol []byte, err error) error {
	at, hunk := path, fmt.Sprintf("hunk %d", i+1)
	if i < len(heads) {
		at = path + ":" + strconv.Itoa(heads[i])
	}
	var ae *gitdiff.ApplyError
	if !errors.As(err, &ae) {
		return fmt.Errorf("%s: %s: %v", at, hunk, err)
	}
	cause := ae.Unwrap()
	if ae.FragmentLine > 0 && ae.FragmentLine <= len(frag.Lines) && i < len(heads) {
		at = path + ":" + strconv.Itoa(heads[i]+ae.FragmentLine)
	}
	var c *gitdiff.Conflict
	if errors.As(cause, &c) && ae.FragmentLine > 0 && ae.FragmentLine <= len(frag.Lines) && ae.Line > 0 {
		want := strings.TrimSuffix(frag.Lines[ae.FragmentLine-1].Line, "\n")
		lines := strings.SplitAfter(string(sol), "\n")
		if int(ae.Line) <= len(lines) {
			got := strings.TrimSuffix(lines[ae.Line-1], "\n")
			return fmt.Errorf("%s: %s does not apply: %s line %d is %q, the patch expects %q", at, hunk, solName, ae.Line, got, want)
		}
	}
	if ae.Line > 0 {
		return fmt.Errorf("%s: %s does not apply at %s line %d: %v", at, hunk, solName, ae.Line, cause)
	}
	return fmt.Errorf("%s: %s does not apply: %v", at, hunk, cause)
}

// ReadMutant reads one mutant file, a .patch (applied to the solution.go
// of the exercise whose mutants/ folder holds it) or a .go, and returns
// it whole.
func ReadMutant(file string) (Mutant, error) {
	// A listing exercise's mutants are .txt files and patch solution.txt.
	ext, dir := ".go", filepath.Join(filepath.Dir(file), "..")
	if _, err := os.Stat(filepath.Join(dir, "solution.go")); err != nil {
		if _, err := os.Stat(filepath.Join(dir, "solution.txt")); err == nil {
			ext = ".txt"
		}
	}
	return readMutant(file, file, ext, func() ([]byte, error) {
		return os.ReadFile(filepath.Join(dir, "solution"+ext))
	})
}

// readMutant reads the mutant file (at names it in messages); sol reads
// the reference solution, for a patch.
func readMutant(at, file, ext string, sol func() ([]byte, error)) (Mutant, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return Mutant{}, err
	}
	base := filepath.Base(file)
	m := Mutant{Path: "mutants/" + base}
	if ext != ".go" {
		m.ext = ext
	}
	if name, ok := strings.CutSuffix(base, ".patch"); ok {
		ref, err := sol()
		if errors.Is(err, fs.ErrNotExist) {
			return Mutant{}, fmt.Errorf("%s: a patch mutant is a change to the reference solution, solution%s, which is missing", at, ext)
		}
		if err != nil {
			return Mutant{}, fmt.Errorf("%s: a patch mutant needs its exercise's solution%s: %v", at, ext, err)
		}
		m.Name, m.Patch = name, data
		m.Comment, m.Src, err = patchMutant(at, data, ref, ext)
		return m, err
	}
	name, ok := strings.CutSuffix(base, ext)
	if !ok {
		return Mutant{}, fmt.Errorf("%s: a mutant is a .patch or a %s file", at, ext)
	}
	m.Name, m.Src = name, data
	m.Comment, err = lineComment(at, data, ext, "a mutant starts with a one-line comment saying what is wrong")
	return m, err
}

// goComment is the one-line comment that opens a Go file of mutants/ or
// solutions/ (else the error says need).
func goComment(at string, src []byte, need string) (string, error) {
	first, _, _ := strings.Cut(string(src), "\n")
	comment, ok := strings.CutPrefix(strings.TrimSpace(first), "//")
	if !ok || strings.TrimSpace(comment) == "" {
		return "", fmt.Errorf("%s:1: %s", at, need)
	}
	return strings.TrimSpace(comment), nil
}
