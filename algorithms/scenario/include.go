package scenario

import (
	"maps"
	"path"
	"slices"
	"strings"

	"dmelab/algorithms/sim"
)

// ReadFunc returns the contents of a scenario file named by a
// slash-separated path. The scenario package never opens files itself (it
// runs in the browser and in the grader's sandbox too): whoever reads
// scenarios from disk passes one.
type ReadFunc func(name string) ([]byte, error)

// maxIncludeDepth bounds nesting, so that a cycle the name check misses
// (two spellings of one file) still ends.
const maxIncludeDepth = 8

// Expand replaces every include line of f by the statements of the file it
// names, read with read and resolved relative to the including file, and
// recursively so. Included statements keep their own file's positions, so
// an error in a preamble points into the preamble. The include line's
// comments stay with its first statement. A file that includes itself,
// directly or not, is an error.
func Expand(f *File, read ReadFunc) (*File, error) {
	var errs ErrorList
	out := &File{Name: f.Name, Tail: f.Tail, broken: f.broken}
	out.Stmts = expand(f, read, []string{path.Clean(f.Name)}, &errs)
	if len(errs) > 0 {
		// An included file that could not be read or parsed may hold the
		// settings: Check must not call them missing.
		out.broken = maps.Clone(out.broken)
		if out.broken == nil {
			out.broken = map[string]bool{}
		}
		out.broken["include"] = true
	}
	errs.sort()
	return out, errs.Err()
}

func expand(f *File, read ReadFunc, stack []string, errs *ErrorList) []Stmt {
	var out []Stmt
	for _, s := range f.Stmts {
		inc, ok := s.(*IncludeStmt)
		if !ok {
			out = append(out, s)
			continue
		}
		name := path.Join(path.Dir(f.Name), inc.Path)
		if path.IsAbs(inc.Path) {
			name = path.Clean(inc.Path)
		}
		switch {
		case len(stack) >= maxIncludeDepth:
			errs.add(inc.Pos, "include %s: includes nested more than %d deep", inc.Path, maxIncludeDepth)
			continue
		case slices.Contains(stack, name):
			errs.add(inc.Pos, "include %s: the file includes itself (%s)", inc.Path, strings.Join(append(stack, name), " → "))
			continue
		}
		src, err := read(name)
		if err != nil {
			errs.add(inc.Pos, "include %s: %v", inc.Path, err)
			continue
		}
		g, err := Parse(name, src)
		if err != nil {
			// Report the included file's syntax errors, and use the
			// statements that parsed.
			*errs = append(*errs, err.(ErrorList)...)
		}
		stmts := expand(g, read, append(stack, name), errs)
		if len(stmts) > 0 {
			first := *stmts[0].meta()
			first.Lead = append(append([]string(nil), inc.Lead...), first.Lead...)
			setMeta(stmts[0], first)
		}
		out = append(out, stmts...)
	}
	return out
}

// setMeta overwrites a statement's Meta.
func setMeta(s Stmt, m Meta) { *s.meta() = m }

// LoadFiles is Load for scenarios read from files: include lines are
// expanded with read (nil: include is an error, as in Load).
func LoadFiles(filename string, src []byte, read ReadFunc) (*Scenario, error) {
	return LoadFilesWith(filename, src, read, nil)
}

// LoadFilesWith is LoadFiles for a scenario that may name alg, an
// algorithm outside the registry (an edited listing), as LoadWith does;
// alg nil is LoadFiles.
func LoadFilesWith(filename string, src []byte, read ReadFunc, alg *sim.Algorithm) (*Scenario, error) {
	f, err := Parse(filename, src)
	var errs ErrorList
	if err != nil {
		errs = append(errs, err.(ErrorList)...)
	}
	if read != nil {
		f, err = Expand(f, read)
		if err != nil {
			errs = append(errs, err.(ErrorList)...)
		}
	}
	errs.sort()
	s, cerr := checkWith(f, alg)
	if len(errs) == 0 {
		return s, cerr
	}
	return checkAlsoErr(f, errs, cerr)
}
