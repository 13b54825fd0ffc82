package validate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"dmelab/grader/exercise"
)

// What validate said of each exercise is kept, by the exercise's
// content, so that dmelab pack can say whether the exercise it packs was
// validated as it is now: pack only loads the exercise (a validation
// grades every file, which takes seconds to minutes), and staff who pack
// a draft they never validated, or one validate found wrong, would
// otherwise learn of it from their students. A record is one small file
// named by the exercise's fingerprint (every file of its folder, and the
// hidden tests it was loaded with, wherever they are), holding "ok" or
// the first problem validate found; an edit to any file makes another
// fingerprint, which has no record until validate runs again. The
// record also names the build of dmelab that validated (a hash of its
// executable): a new dmelab may grade otherwise, so pack says when the
// exercise was validated by another.

// RecordDir is where the records are kept by default: dmelab's folder in
// the user's cache directory ("" if there is none).
func RecordDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "dmelab", "validated")
}

// fingerprint hashes what grading ex reads: every file of its folder (but
// dot files and editors' leftovers NAME~, which loading passes over),
// with its path, and the hidden schedules and walks it was loaded with
// (which may come from a folder of their own, --hidden).
func fingerprint(ex *exercise.Exercise) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "exercise %q\n", ex.Name)
	err := filepath.WalkDir(ex.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if path != ex.Dir && (strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~")) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(ex.Dir, path)
		fmt.Fprintf(h, "file %q %d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	for _, s := range ex.Hidden {
		fmt.Fprintf(h, "hidden %q %d\n", s.Path, len(s.Text))
		h.Write(s.Text)
	}
	for _, w := range ex.Walks {
		fmt.Fprintf(h, "walk %+v\n", w)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// thisBuild names the running dmelab: a hash of its executable ("" if
// it cannot be read). Go builds are reproducible, so the same sources
// built again name the same build.
var thisBuild = sync.OnceValue(func() string {
	path, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
})

// Keep records in dir what validate said of ex (v); a record that
// cannot be written is left out (pack then says the exercise was not
// validated). Dir calls it for each exercise when Options.Record is set.
func Keep(dir string, ex *exercise.Exercise, v *Exercise) {
	if dir == "" {
		return
	}
	fp, err := fingerprint(ex)
	if err != nil {
		return
	}
	verdict := "ok"
	switch {
	case len(v.Problems) > 0:
		verdict = v.Problems[0]
	case !v.OK():
		for _, m := range v.Mutants {
			if !m.Caught() {
				verdict = fmt.Sprintf("mutant %s survived: no test catches it", m.File)
				break
			}
		}
	}
	verdict = strings.ReplaceAll(verdict, "\n", " ") // one line: the next names the build
	if os.MkdirAll(dir, 0o755) == nil {
		_ = os.WriteFile(filepath.Join(dir, fp), []byte(verdict+"\nbuild "+thisBuild()+"\n"), 0o644)
	}
}

// Record is what dmelab validate said of an exercise as it is now.
type Record struct {
	// Known is false when validate has not validated the exercise as it
	// is now (its files and hidden tests as loaded).
	Known bool
	// OK is true when it passed; Problem is otherwise the first problem
	// it found.
	OK      bool
	Problem string
	// OtherBuild is true when another build of dmelab validated it (or
	// one that did not say which it was).
	OtherBuild bool
}

// Validated says what dmelab validate said of ex as it is now, from the
// records in dir.
func Validated(dir string, ex *exercise.Exercise) Record {
	if dir == "" {
		return Record{}
	}
	fp, err := fingerprint(ex)
	if err != nil {
		return Record{}
	}
	b, err := os.ReadFile(filepath.Join(dir, fp))
	if err != nil {
		return Record{}
	}
	verdict, rest, _ := strings.Cut(string(b), "\n")
	build := strings.TrimSpace(strings.TrimPrefix(rest, "build "))
	verdict = strings.TrimSpace(verdict)
	return Record{
		Known:      true,
		OK:         verdict == "ok",
		Problem:    verdict,
		OtherBuild: thisBuild() != "" && build != thisBuild(),
	}
}
