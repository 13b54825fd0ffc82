package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"dmelab/grader/exercise"
)

// Exercise is what the server tells anyone about an exercise: its
// statement, its starter and its public schedules. The catalogue reads
// nothing else from the exercise's folder, so hidden schedules, the
// reference solution and the mutants cannot be served by mistake.
type Exercise struct {
	Name      string `json:"name"` // the folder's name
	Title     string `json:"title"`
	Algorithm string `json:"algorithm,omitempty"`
	Interface string `json:"interface,omitempty"`
	Set       string `json:"set,omitempty"` // the enclosing folder, for exercises grouped in sets
	Statement string `json:"statement"`     // Markdown, front matter removed
	Starter   string `json:"starter"`
	// File is the name a submission is graded under: solution.go, or
	// solution.txt for an exercise that asks for a listing.
	File   string     `json:"file"`
	Public []Schedule `json:"public"`
	// Hidden names the hidden schedules (never their text); filled only
	// for staff.
	Hidden []string `json:"hidden,omitempty"`
}

// Schedule is a public schedule file.
type Schedule struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Catalog is the exercises the server grades, read once at startup.
type Catalog struct {
	list   []*Exercise
	byName map[string]*Exercise
	sets   []*Set
}

// Set is a folder of exercises as its staff wrote it: set.md's title,
// introduction (Markdown) and order. A folder without set.md is a set
// titled by its name, its exercises by name, with no introduction.
type Set struct {
	Dir       string // the folder under the exercises ("" for the top)
	Title     string
	Intro     string
	Indexed   bool // it has a set.md
	Exercises []*Exercise
}

var exerciseName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// maxExerciseFile bounds what the catalogue reads of any one file.
const maxExerciseFile = 1 << 20

// LoadCatalog reads every exercise under dir: each folder holding an
// exercise.md, at most two levels down (sets of exercises). hiddenDir, if
// not empty, holds hidden schedules kept outside the exercises, in a
// folder per exercise; with staff set their names (only) are listed.
func LoadCatalog(dir, hiddenDir string, staff bool) (*Catalog, error) {
	c := &Catalog{byName: map[string]*Exercise{}}
	if dir == "" {
		return c, nil
	}
	root := os.DirFS(dir)
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		base := path.Base(p)
		if p != "." && (strings.HasPrefix(base, ".") || base == "hidden" || base == "mutants" || base == "public") {
			return fs.SkipDir
		}
		if strings.Count(p, "/") > 1 {
			return fs.SkipDir
		}
		md, err := readSmall(root, path.Join(p, "exercise.md"))
		if err != nil {
			return nil // not an exercise folder
		}
		if p == "." {
			// The folder is one exercise (validate and grade take one):
			// the server serves a folder of them, named by their folders.
			return fmt.Errorf("%s is one exercise's folder (it holds exercise.md): serve the folder that holds it (--exercises %s), or put it in a folder of its own", dir, filepath.Dir(filepath.Clean(dir)))
		}
		if !exerciseName.MatchString(base) {
			return fmt.Errorf("exercise folder %q: names are letters, digits, '.', '_' and '-'", p)
		}
		if c.byName[base] != nil {
			return fmt.Errorf("two exercises named %q", base)
		}
		ex, err := loadExercise(root, p, md)
		if err != nil {
			return err
		}
		if staff {
			ex.Hidden = hiddenNames(root, p, hiddenDir, base)
		}
		c.byName[base] = ex
		c.list = append(c.list, ex)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("exercises in %s: %w", dir, err)
	}
	if err := c.index(dir); err != nil {
		return nil, fmt.Errorf("exercises in %s: %w", dir, err)
	}
	return c, nil
}

// index groups the exercises in sets, in the order of each set's set.md
// (checked as dmelab validate checks it: every exercise listed once),
// else by name; the top folder's set comes first, then the others by
// name. The list follows the same order.
func (c *Catalog) index(dir string) error {
	bySet := map[string][]*Exercise{}
	for _, e := range c.list {
		bySet[e.Set] = append(bySet[e.Set], e)
	}
	var dirs []string
	for d := range bySet {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	c.list = nil
	for _, d := range dirs {
		exs := bySet[d]
		sort.Slice(exs, func(i, j int) bool { return exs[i].Name < exs[j].Name })
		set := &Set{Dir: d, Title: d, Exercises: exs}
		if d == "" {
			set.Title = "Exercises"
		}
		full := filepath.Join(dir, filepath.FromSlash(d))
		if _, err := os.Stat(filepath.Join(full, "set.md")); err == nil {
			idx, err := exercise.LoadSet(full)
			if err != nil {
				msg := strings.TrimPrefix(err.Error(), full+": ")
				if d != "" {
					msg = d + "/" + msg
				}
				return errors.New(msg)
			}
			set.Title, set.Intro, set.Indexed = idx.Title, idx.Intro, true
			at := map[string]int{}
			for i, n := range idx.Order {
				at[n] = i
			}
			sort.SliceStable(exs, func(i, j int) bool { return at[exs[i].Name] < at[exs[j].Name] })
		}
		c.sets = append(c.sets, set)
		c.list = append(c.list, exs...)
	}
	return nil
}

func loadExercise(root fs.FS, dir, md string) (*Exercise, error) {
	front, body := frontMatter(md)
	ex := &Exercise{
		Name:      path.Base(dir),
		Title:     front["title"],
		Algorithm: front["algorithm"],
		Interface: front["interface"],
		Statement: body,
		Public:    []Schedule{},
	}
	if ex.Title == "" {
		ex.Title = ex.Name
	}
	if d := path.Dir(dir); d != "." {
		ex.Set = d
	}
	ex.File = "solution.go"
	if ex.Listing() {
		ex.File = "solution.txt"
	}
	ex.Starter, _ = readSmall(root, path.Join(dir, "starter"+path.Ext(ex.File)))
	names, _ := fs.Glob(root, path.Join(dir, "public", "*.scn"))
	for _, n := range names {
		text, err := readSmall(root, n)
		if err != nil {
			return nil, err
		}
		ex.Public = append(ex.Public, Schedule{Name: path.Base(n), Text: text})
	}
	return ex, nil
}

// Listing reports whether the exercise asks for a listing, not Go.
func (e *Exercise) Listing() bool { return e.Interface == exercise.ListingInterface }

// hiddenNames lists the hidden schedules of an exercise by file name.
func hiddenNames(root fs.FS, dir, hiddenDir, name string) []string {
	names, _ := fs.Glob(root, path.Join(dir, "hidden", "*.scn"))
	if hiddenDir != "" {
		more, _ := fs.Glob(os.DirFS(hiddenDir), path.Join(name, "*.scn"))
		names = append(names, more...)
	}
	out := []string{}
	for _, n := range names {
		out = append(out, path.Base(n))
	}
	sort.Strings(out)
	return out
}

func readSmall(root fs.FS, name string) (string, error) {
	f, err := root.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a file", name)
	}
	if st.Size() > maxExerciseFile {
		return "", fmt.Errorf("%s is larger than %d bytes", name, maxExerciseFile)
	}
	b, err := fs.ReadFile(root, name)
	return string(b), err
}

// frontMatter splits a statement into its front matter's top-level
// "key: value" lines and the Markdown after it. Only the plain scalars the
// catalogue shows are read; the grader reads the rest itself.
func frontMatter(md string) (map[string]string, string) {
	m := map[string]string{}
	md = strings.TrimPrefix(md, "\ufeff")
	rest, ok := strings.CutPrefix(md, "---\n")
	if !ok {
		rest, ok = strings.CutPrefix(md, "---\r\n")
	}
	if !ok {
		return m, md
	}
	lines := strings.SplitAfter(rest, "\n")
	for i, ln := range lines {
		t := strings.TrimRight(ln, "\r\n")
		if t == "---" {
			return m, strings.Join(lines[i+1:], "")
		}
		if t == "" || t[0] == ' ' || t[0] == '\t' || t[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(t, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		m[strings.TrimSpace(k)] = v
	}
	return map[string]string{}, md // no closing line: not front matter
}

// Gradable loads every exercise of the catalogue (under dir, its hidden
// tests from hiddenDir) as the grader will for each submission, and
// says which cannot be: a hidden schedule that does not parse would
// otherwise be offered to students and fail every submission to it "on
// the server's side". One line an exercise, each naming its folder.
func (c *Catalog) Gradable(dir, hiddenDir string) error {
	_, err := c.load(dir, hiddenDir)
	return err
}

// load loads every exercise of the catalogue as the grader will, by
// name, and says which cannot be loaded (see Gradable).
func (c *Catalog) load(dir, hiddenDir string) (map[string]*exercise.Exercise, error) {
	loaded := map[string]*exercise.Exercise{}
	var errs []error
	for _, e := range c.list {
		ex, err := c.exercise(dir, hiddenDir, e.Name)
		if err != nil {
			errs = append(errs, fmt.Errorf("exercise %s cannot be graded: %w", path.Join(e.Set, e.Name), err))
			continue
		}
		loaded[e.Name] = ex
	}
	return loaded, errors.Join(errs...)
}

// exercise loads the exercise named name as the grader will.
func (c *Catalog) exercise(dir, hiddenDir, name string) (*exercise.Exercise, error) {
	e := c.byName[name]
	if e == nil {
		return nil, fmt.Errorf("no exercise %q", name)
	}
	return exercise.Load(filepath.Join(dir, filepath.FromSlash(e.Set), e.Name), hiddenDir)
}

// Lookup returns the exercise named name, or nil.
func (c *Catalog) Lookup(name string) *Exercise { return c.byName[name] }

// List returns every exercise, set by set, in each set's order.
func (c *Catalog) List() []*Exercise { return c.list }

// Sets returns the sets: the top folder's first, then by folder name.
func (c *Catalog) Sets() []*Set { return c.sets }

// forViewer is e as staff (everything the catalogue holds) or a student
// (no hidden schedule names) may see it.
func forViewer(e *Exercise, staff bool) *Exercise {
	if staff || e.Hidden == nil {
		return e
	}
	c := *e
	c.Hidden = nil
	return &c
}
