package exercise

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// strays reports what a folder of the exercise holds that loading would
// pass over in silence: a file whose name does not end in one of exts
// (hidden/busy.scen, public/alone.SCN) and a folder inside it. A test
// left out that way is a test the students never meet, noticed only
// when a mutant survives. Notes (*.md) and what editors and patch leave
// behind (dot files, NAME~, *.orig, *.rej) are left alone. rel is
// the folder's name in the exercise ("hidden"), what says what its
// files are.
func strays(dir, rel, name string, exts []string, what string, errs *ErrorList) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return // no such folder: nothing to pass over
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, "."), strings.HasSuffix(n, "~"), hasExt(n, []string{".md", ".orig", ".rej"}):
		case e.IsDir():
			errs.add(name, fmt.Errorf("%s/%s/%s/: a folder inside %s/ is not read: %s are the files of %s/ itself", name, rel, n, rel, what, rel))
		case !hasExt(n, exts):
			errs.add(name, fmt.Errorf("%s/%s/%s: not read: %s end in %s; rename it or move it out of %s/", name, rel, n, what, strings.Join(exts, " or "), rel))
		}
	}
}

func hasExt(n string, exts []string) bool {
	for _, x := range exts {
		if filepath.Ext(n) == x {
			return true
		}
	}
	return false
}
