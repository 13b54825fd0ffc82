// Package pack writes an exercise out for the autograding platforms
// courses already use: Gradescope's autograder zip (setup.sh and
// run_autograder at its root) and a PrairieLearn question with an external
// grader. Both call `dmelab grade` inside the platform's container, which
// writes the platform's own results.json (package report renders it);
// this package only lays out the files.
package pack

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// Exercise is what both platforms need of an exercise.
type Exercise struct {
	// Name is the exercise's folder name ("ra-steps"); it names the
	// PrairieLearn question and seeds its UUID.
	Name  string
	Title string
	// Statement is the body of exercise.md (Markdown, front matter
	// removed), shown by PrairieLearn above the editor.
	Statement string
	// Files is the exercise folder: statement, starter, solution,
	// public/, hidden/, mutants/, solutions/. It goes where only the
	// grader reads it; mutants/ and solutions/ (the alternative correct
	// solutions) are left out: grading does not use them, and a correct
	// solution has no business on a machine students' code runs on.
	Files fs.FS
	// Submission is the file name students submit ("ra.go"; for a
	// listing exercise a .txt file, "solution.txt").
	Submission string
	// Starter is the starter file's path in Files ("starter.go", or
	// "starter.txt" for a listing exercise, if empty).
	Starter string
	// Listing says that students submit a listing (the course notes'
	// pseudocode, `interface: listing`) instead of Go: the submission,
	// the starter and the solution are .txt files.
	Listing bool
	// Hidden is the folder of hidden schedules and walks when they are
	// kept outside the exercise (`grade --hidden DIR`, resolved as grade
	// resolves it: DIR/NAME or DIR). Its *.scn and *.walk files, and only
	// those (no subfolders: DIR may hold other exercises' folders), are
	// packed as the exercise's hidden/, in place of the folder's own
	// hidden/, which grading with --hidden does not read either. Nil
	// packs the exercise's own hidden/.
	Hidden fs.FS
}

// ext is the extension of the files students write: ".txt" for a listing,
// ".go" otherwise.
func (ex *Exercise) ext() string {
	if ex.Listing {
		return ".txt"
	}
	return ".go"
}

// kind says what students submit, for the platforms' messages.
func (ex *Exercise) kind() string {
	if ex.Listing {
		return "listing (a .txt file)"
	}
	return "Go file"
}

// Tool is the grader the platforms run.
type Tool struct {
	// Binary is the dmelab executable built for the platform's machines
	// (GOOS=linux GOARCH=amd64).
	Binary []byte
	// GoVersion is the Go toolchain the grader compiles submissions with
	// ("1.26.0"); Gradescope's setup.sh installs it.
	GoVersion string
	// Flags are added to every `dmelab grade` command line, for example
	// the playground's address for the replay links.
	Flags []string
	// Source is the dmelab module's directory: grading compiles the
	// student's file inside the module, so the packages go along (go.mod,
	// go.sum and the Go files of algorithms/ and grader/, tests left out)
	// and the scripts point DMELAB_ROOT at them. Nil leaves them out: the
	// platform's image must then provide them and set DMELAB_ROOT.
	Source fs.FS
}

// walkSource calls fn for every file of Tool.Source that grading needs.
func (t *Tool) walkSource(fn func(name string, data []byte) error) error {
	if t.Source == nil {
		return nil
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := fs.ReadFile(t.Source, f)
		if err != nil {
			return fmt.Errorf("pack: the dmelab sources: %w", err)
		}
		if err := fn(f, b); err != nil {
			return err
		}
	}
	for _, top := range []string{"algorithms", "grader"} {
		err := fs.WalkDir(t.Source, top, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if b := path.Base(p); b == "testdata" || strings.HasPrefix(b, ".") {
					return fs.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || !d.Type().IsRegular() {
				return nil
			}
			b, err := fs.ReadFile(t.Source, p)
			if err != nil {
				return err
			}
			return fn(p, b)
		})
		if err != nil {
			return fmt.Errorf("pack: the dmelab sources: %w", err)
		}
	}
	return nil
}

var (
	nameRE    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
	versionRE = regexp.MustCompile(`^[0-9]+\.[0-9]+(\.[0-9]+)?([a-z]+[0-9]+)?$`)
)

func (ex *Exercise) check() error {
	if !nameRE.MatchString(ex.Name) {
		return fmt.Errorf("pack: exercise name %q: use letters, digits, '.', '_' and '-'", ex.Name)
	}
	if !nameRE.MatchString(ex.Submission) || !strings.HasSuffix(ex.Submission, ex.ext()) {
		return fmt.Errorf("pack: submission file name %q: a plain file name ending in %s", ex.Submission, ex.ext())
	}
	if ex.Files == nil {
		return fmt.Errorf("pack: exercise %s has no files", ex.Name)
	}
	if ex.Starter == "" {
		ex.Starter = "starter" + ex.ext()
	}
	return nil
}

func (t *Tool) check() error {
	if len(t.Binary) == 0 {
		return fmt.Errorf("pack: no dmelab binary")
	}
	if !versionRE.MatchString(t.GoVersion) {
		return fmt.Errorf("pack: Go version %q: like 1.26.0", t.GoVersion)
	}
	return nil
}

// walk calls fn for every regular file of the exercise that grading
// needs, with its slash-separated path: hidden/ comes from ex.Hidden when
// it is set.
func (ex *Exercise) walk(fn func(name string, data []byte) error) error {
	err := fs.WalkDir(ex.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == "mutants" || p == "solutions" || (p == "hidden" && ex.Hidden != nil) || (p != "." && strings.HasPrefix(path.Base(p), ".")) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || strings.HasPrefix(path.Base(p), ".") {
			return nil
		}
		data, err := fs.ReadFile(ex.Files, p)
		if err != nil {
			return err
		}
		return fn(p, data)
	})
	if err != nil || ex.Hidden == nil {
		return err
	}
	entries, err := fs.ReadDir(ex.Hidden, ".")
	if err != nil {
		return fmt.Errorf("pack: the hidden folder: %w", err)
	}
	for _, e := range entries { // sorted by name: the archive stays reproducible
		n := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(n, ".") || !(strings.HasSuffix(n, ".scn") || strings.HasSuffix(n, ".walk")) {
			continue
		}
		data, err := fs.ReadFile(ex.Hidden, n)
		if err != nil {
			return fmt.Errorf("pack: the hidden folder: %w", err)
		}
		if err := fn("hidden/"+n, data); err != nil {
			return err
		}
	}
	return nil
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func shellWords(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}
