package validate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

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
// fingerprint, which has no record until validate runs again.

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
	if os.MkdirAll(dir, 0o755) == nil {
		_ = os.WriteFile(filepath.Join(dir, fp), []byte(verdict+"\n"), 0o644)
	}
}

// Validated says what dmelab validate said of ex as it is now (its files
// and hidden tests as loaded), from the records in dir: ok, or the first
// problem it found; known is false when it has not validated it so.
func Validated(dir string, ex *exercise.Exercise) (ok bool, problem string, known bool) {
	if dir == "" {
		return false, "", false
	}
	fp, err := fingerprint(ex)
	if err != nil {
		return false, "", false
	}
	b, err := os.ReadFile(filepath.Join(dir, fp))
	if err != nil {
		return false, "", false
	}
	s := strings.TrimSpace(string(b))
	return s == "ok", s, true
}
