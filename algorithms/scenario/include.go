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

// maxIncludes and maxIncludeBytes bound what a scenario's includes bring
// in, each file counted every time it is included: depth alone does not
// bound fan-out (six files, each including the next forty times, would
// expand to 40^6 copies of the last: a "billion laughs").
const (
	maxIncludes     = 10_000
	maxIncludeBytes = 4 << 20
)

// Expand replaces every include line of f by the statements of the file it
// names, read with read and resolved relative to the including file, and
// recursively so. Included statements keep their own file's positions, so
// an error in a preamble points into the preamble. The include line's
// comments stay with its first statement. A file that includes itself,
// directly or not, is an error, and so are includes that bring in more
// than maxIncludes files or maxIncludeBytes of text. Each file is read
// once.
func Expand(f *File, read ReadFunc) (*File, error) {
	var errs ErrorList
	out := &File{Name: f.Name, Tail: f.Tail, broken: f.broken}
	x := &expander{read: read, files: map[string]readFile{}, errs: &errs}
	out.Stmts = x.expand(f, []string{path.Clean(f.Name)})
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

// An expander expands one scenario's includes.
type expander struct {
	read  ReadFunc
	files map[string]readFile // every file read, by name
	errs  *ErrorList
	count int  // files included so far, each time counted
	bytes int  // their text
	over  bool // a bound was passed: nothing more is included
}

// readFile is a file read, and whether its syntax errors were reported.
type readFile struct {
	src      []byte
	err      error
	reported bool
}

func (x *expander) expand(f *File, stack []string) []Stmt {
	var out []Stmt
	for _, s := range f.Stmts {
		inc, ok := s.(*IncludeStmt)
		if !ok {
			out = append(out, s)
			continue
		}
		if x.over {
			continue
		}
		name := path.Join(path.Dir(f.Name), inc.Path)
		if path.IsAbs(inc.Path) {
			name = path.Clean(inc.Path)
		}
		chain := func() string { return strings.Join(append(stack[:len(stack):len(stack)], name), " → ") }
		switch {
		case len(stack) >= maxIncludeDepth:
			x.errs.add(inc.Pos, "include %s: a chain of includes holds at most %d files (%s)", inc.Path, maxIncludeDepth, chain())
			continue
		case slices.Contains(stack, name):
			x.errs.add(inc.Pos, "include %s: the file includes itself (%s)", inc.Path, chain())
			continue
		}
		rf, seen := x.files[name]
		if !seen {
			rf.src, rf.err = x.read(name)
		}
		x.count++
		x.bytes += len(rf.src)
		switch {
		case x.count > maxIncludes:
			x.over = true
			x.errs.add(inc.Pos, "include %s: more than %s files included, each counted every time it is included (%s): include each file once", inc.Path, thousands(maxIncludes), chain())
			continue
		case x.bytes > maxIncludeBytes:
			x.over = true
			x.errs.add(inc.Pos, "include %s: the included files come to more than %d MiB, each counted every time it is included (%s): include each file once", inc.Path, maxIncludeBytes>>20, chain())
			continue
		}
		if rf.err != nil {
			x.files[name] = rf
			x.errs.add(inc.Pos, "include %s: %v", inc.Path, rf.err)
			continue
		}
		g, err := Parse(name, rf.src)
		if err != nil && !rf.reported {
			// Report the included file's syntax errors (once), and use
			// the statements that parsed.
			*x.errs = append(*x.errs, err.(ErrorList)...)
			rf.reported = true
		}
		x.files[name] = rf
		stmts := x.expand(g, append(stack[:len(stack):len(stack)], name))
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
