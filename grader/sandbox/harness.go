package sandbox

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"dmelab/grader/iface"
)

// guestDirs returns the directories, relative to root, of the dmelab
// packages a student's module can be built from: those the interfaces'
// glue and students may import (each interface's package), and all that
// they import in turn, read from the import declarations of every
// non-test file whatever its build tags (so a superset of what a wasip1
// build compiles). The explorer, the listings and the rest of the host's
// packages are not among them: a change to those leaves every module
// built before as it was. TestHarnessDirsCoverTheGuestBuild holds this to
// what go list says a build needs.
func guestDirs(root string) ([]string, error) {
	const module = "dmelab/"
	var queue []string
	seen := map[string]bool{}
	add := func(path string) {
		if rel, ok := strings.CutPrefix(path, module); ok && !seen[rel] {
			seen[rel] = true
			queue = append(queue, rel)
		}
	}
	fset := token.NewFileSet()
	for _, name := range iface.Names() {
		in := iface.Lookup(name)
		add(in.Import)
		f, err := parser.ParseFile(fset, name+" glue", in.Glue("STUDENT"), parser.ImportsOnly)
		if err != nil {
			return nil, fmt.Errorf("the %s glue: %v", name, err)
		}
		for _, im := range f.Imports {
			if p, err := strconv.Unquote(im.Path.Value); err == nil && p != "STUDENT" {
				add(p)
			}
		}
	}
	for len(queue) > 0 {
		rel := queue[0]
		queue = queue[1:]
		dir := filepath.Join(root, filepath.FromSlash(rel))
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("the harness's package %s: %v", rel, err)
		}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ImportsOnly)
			if err != nil {
				return nil, fmt.Errorf("the harness's sources: %v", err)
			}
			for _, im := range f.Imports {
				if p, err := strconv.Unquote(im.Path.Value); err == nil {
					add(p)
				}
			}
		}
	}
	dirs := make([]string, 0, len(seen))
	for rel := range seen {
		dirs = append(dirs, rel)
	}
	sort.Strings(dirs)
	return dirs, nil
}
