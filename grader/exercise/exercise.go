// Package exercise reads an exercise folder (SPEC.md §7):
//
//	exercise.md      statement: Markdown after a YAML front matter
//	starter.go       what students start from (compiles, fails tests)
//	solution.go      the reference solution (passes everything)
//	public/*.scn     schedules students see
//	hidden/*.scn     schedules they do not (named, never shown)
//	hidden/*.walk    seeded random walks (the seed is private to staff)
//	mutants/*.patch  known-wrong solutions, each a diff against solution.go
//	                 after a line that says what is wrong (PatchMutant)
//	mutants/*.go     or whole known-wrong solutions, each opening with a
//	                 one-line comment that says what is wrong
//	solutions/*.go   other correct solutions, written differently from the
//	                 reference (each opening with a one-line comment that
//	                 says how): they must get full marks, so that no test
//	                 asks more than the statement does
//
// An exercise whose students write a listing (`interface: listing`, see
// ListingInterface) has starter.txt, solution.txt and solutions/*.txt
// instead, each opening with a # comment, and its patches apply to
// solution.txt.
//
// The front matter:
//
//	title: Ricart–Agrawala, step by step
//	algorithm: ra-benari        # what the schedules name; the student's code replaces it
//	interface: rasteps          # the Go interface students implement (grader/iface), or listing
//	points:                     # per test, by kind (defaults: 1, 1, 2, 2, 2)
//	  public: 1
//	  hidden: 2
//	  explore: 3                # per exploration, or per property with partial credit
//	  walk: 2
//	  conform: 2
//	  voting-sets: 2
//	  tests: {"hidden/ties": 4} # overrides for single tests
//	partial-credit: [safety, liveness]  # properties scored separately in explorations
//	limits: {call: 2s, total: 30s, memory: 64MiB, build: 60s, build-memory: 1GiB}
//	explore:                    # exhaustive searches (public configurations)
//	  - {nodes: 2, requests: 2, props: [safety, liveness]}
//	  - {nodes: 3, requests: 1, crashes: 1, props: [safety, liveness]}  # elections
//	conform:                    # every schedule, in step with the algorithm
//	  - {nodes: 2, requests: 2}  # (for the flawed listings: write it as it is)
//	max-states: 500000          # bound of each search
//	voting-sets: [2, 3, 4, 9]   # Maekawa: check VotingSets(n) for these n
//
// Schedules name the exercise's algorithm and their nodes N1..Nn (the
// names the student's variables print). Hidden material may live outside
// the exercise (Load's hiddenDir).
package exercise

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"

	"go.yaml.in/yaml/v3"
)

// Exercise is a loaded exercise.
type Exercise struct {
	Dir, Name string
	Front
	Statement string // the Markdown after the front matter
	Limits    sandbox.Limits
	Build     time.Duration
	// BuildMemory is the build's memory bound (0: the builder's).
	BuildMemory int64
	Public      []Schedule
	Hidden      []Schedule
	// Own are a student's own schedules (UseOwn), the only tests when set.
	Own     []Schedule
	Walks   []Walk
	Mutants []Mutant
	// Solutions are the alternative correct solutions (solutions/*.go).
	Solutions []Solution
	// Reference is a listing exercise's solution.txt, compiled: the
	// algorithm its schedules are checked against (their variables are
	// the listing's), nil for a Go exercise.
	Reference *sim.Algorithm
	// front is the front matter's top node: where each value is written.
	front *yaml.Node
}

// Front is the front matter.
type Front struct {
	Title         string    `yaml:"title"`
	Algorithm     string    `yaml:"algorithm"`
	Interface     string    `yaml:"interface"`
	Points        Points    `yaml:"points"`
	PartialCredit []string  `yaml:"partial-credit"`
	RawLimits     RawLimits `yaml:"limits"`
	Explore       []Explore `yaml:"explore"`
	Conform       []Conform `yaml:"conform"`
	MaxStates     int       `yaml:"max-states"`
	VotingSets    []int     `yaml:"voting-sets"`
}

// Points per test kind, and overrides by test name ("hidden/ties").
type Points struct {
	Public     float64            `yaml:"public"`
	Hidden     float64            `yaml:"hidden"`
	Explore    float64            `yaml:"explore"`
	Walk       float64            `yaml:"walk"`
	Conform    float64            `yaml:"conform"`
	VotingSets float64            `yaml:"voting-sets"`
	Tests      map[string]float64 `yaml:"tests"`
}

// RawLimits are the limits as written.
type RawLimits struct {
	Call   string `yaml:"call"`
	Total  string `yaml:"total"`
	Memory string `yaml:"memory"`
	Build  string `yaml:"build"`
	Log    string `yaml:"log"`
	// BuildMemory bounds the build tree's resident memory (go build, the
	// compiler, the linker); the default is sandbox.DefaultBuildMemory.
	BuildMemory string `yaml:"build-memory"`
}

// Explore is one exhaustive search.
type Explore struct {
	Nodes    int      `yaml:"nodes"`
	Requests int      `yaml:"requests"`
	Crashes  int      `yaml:"crashes"` // how many nodes may crash (elections)
	Props    []string `yaml:"props"`
}

// Name is how the test is called: "N=3 R=1", "N=3 R=1 C=1".
func (e Explore) Name() string {
	if e.Crashes > 0 {
		return fmt.Sprintf("N=%d R=%d C=%d", e.Nodes, e.Requests, e.Crashes)
	}
	return fmt.Sprintf("N=%d R=%d", e.Nodes, e.Requests)
}

// Conform is a conformance search: every schedule of the configuration,
// the student's code in step with the exercise's algorithm from the
// registry. It grades exercises whose algorithm is deliberately flawed
// (seed 000's listings), where the student is asked to write the listing
// as it is, flaws and all.
type Conform struct {
	Nodes    int `yaml:"nodes"`
	Requests int `yaml:"requests"`
}

// Name is how the test is called: "N=2 R=2".
func (c Conform) Name() string { return fmt.Sprintf("N=%d R=%d", c.Nodes, c.Requests) }

// Schedule is a scenario file.
type Schedule struct {
	Name string // the file's name without .scn
	Path string // relative to the exercise (or the hidden folder)
	Text []byte
}

// Walk is a hidden seeded random-walk search.
type Walk struct {
	Name, Path      string
	Nodes, Requests int
	Crashes         int // how many nodes may crash in a run
	Walks, Depth    int
	Seed            uint64
	Props           []string
}

// Mutant is a known-wrong solution: mutants/NAME.patch (a diff against
// solution.go, see PatchMutant) or mutants/NAME.go (the whole file).
type Mutant struct {
	Name, Path string // Path: mutants/NAME.patch or mutants/NAME.go
	Comment    string // what is wrong, from its first line
	Src        []byte // the source graded (a patch's: the solution patched)
	Patch      []byte // a patch mutant's patch, nil for a whole-file mutant
	ext        string // ".go", or ".txt" for a listing's mutant
}

// File is the name the mutant's source is graded under: NAME.go (NAME.txt
// for a listing exercise's mutant).
func (m Mutant) File() string {
	if m.ext == "" {
		return m.Name + ".go"
	}
	return m.Name + m.ext
}

// Solution is an alternative correct solution, written differently from
// the reference.
type Solution struct {
	Name, Path string
	Comment    string // how it differs, from its first line
	Src        []byte
}

// Starter and Solution are the paths of those files.
func (e *Exercise) Starter() string  { return filepath.Join(e.Dir, e.StarterFile()) }
func (e *Exercise) Solution() string { return filepath.Join(e.Dir, e.SolutionFile()) }

// LongestGrading is how long a grading of e may take by its own limits:
// a build of up to its build limit, then up to its total of processor
// time (the code's calls and the grader's own work on it together). A
// server's bounds on one grading must be longer, or a submission that
// uses the time its exercise allows (a loop the grader stops at
// "total") is cut short and never gets the feedback that says so.
func (e *Exercise) LongestGrading() time.Duration {
	build := e.Build
	if build <= 0 {
		build = sandbox.DefaultBuildTime
	}
	return build + e.Limits.OrDefault().Total
}

// MinGradingDeadline is the least wall time a server gives one grading.
const MinGradingDeadline = 3 * time.Minute

// GradingDeadline is the wall time a server gives one grading of e
// before it stops it and says so ("took longer than ..."): twice
// LongestGrading, since the limits count processor time and a busy
// machine's cores are shared, and at least MinGradingDeadline.
func (e *Exercise) GradingDeadline() time.Duration {
	return max(MinGradingDeadline, 2*e.LongestGrading())
}

// Iface is the exercise's Go interface (nil for a listing exercise).
func (e *Exercise) Iface() *iface.Interface { return iface.Lookup(e.Interface) }

// Load reads and checks the exercise in dir. Hidden schedules and walks
// come from hiddenDir when it is not empty (from hiddenDir/NAME if that
// folder exists, else from hiddenDir itself), and from dir/hidden
// otherwise. Every problem is reported with the file (named with the
// exercise folder: "ex/hidden/w.walk") and, where there is one, the line
// and column. Every problem found is reported at once, as an ErrorList:
// only a front matter that does not decode stops the loading there.
func Load(dir, hiddenDir string) (*Exercise, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	e := &Exercise{Dir: abs, Name: filepath.Base(abs)}
	md, err := os.ReadFile(filepath.Join(dir, "exercise.md"))
	if err != nil {
		return nil, fmt.Errorf("%s: not an exercise: %v", dir, err)
	}
	if err := e.readFront(md); err != nil {
		return nil, err
	}
	var errs ErrorList
	for _, err := range e.limits() {
		errs.add(e.Name, err)
	}
	e.Public = schedules(filepath.Join(dir, "public"), "public", e.Name, &errs)
	hidden := filepath.Join(dir, "hidden")
	if hiddenDir != "" {
		hidden = hiddenDir
		// A folder of hidden tests that is not there (a typo, a path
		// from elsewhere) would grade with none: said, not passed over.
		if st, err := os.Stat(hiddenDir); err != nil || !st.IsDir() {
			errs = append(errs, fmt.Errorf("the hidden tests' folder %s is not there (--hidden names a folder that holds them, or one a folder per exercise)", hiddenDir))
		}
		if st, err := os.Stat(filepath.Join(hiddenDir, e.Name)); err == nil && st.IsDir() {
			hidden = filepath.Join(hiddenDir, e.Name)
		} else if err := otherExercisesOnly(hiddenDir, e.Name); err != nil {
			errs = append(errs, err)
		}
	}
	e.Hidden = schedules(hidden, "hidden", e.Name, &errs)
	for _, err := range HiddenLinks(dir, hiddenDir) {
		errs.add(e.Name, err)
	}
	e.Walks = walks(hidden, e.Name, &errs)
	e.Mutants = e.mutants(filepath.Join(dir, "mutants"), &errs)
	e.Solutions = solutions(filepath.Join(dir, "solutions"), e.Ext(), e.Name, &errs)
	strays(filepath.Join(dir, "public"), "public", e.Name, []string{".scn"}, "public schedules", &errs)
	if hiddenDir == "" { // a folder of its own (one elsewhere may hold other exercises')
		strays(hidden, "hidden", e.Name, []string{".scn", ".walk"}, "hidden schedules and walks", &errs)
	}
	strays(filepath.Join(dir, "mutants"), "mutants", e.Name, []string{".patch", e.Ext()}, "mutants", &errs)
	strays(filepath.Join(dir, "solutions"), "solutions", e.Name, []string{e.Ext()}, "alternative solutions", &errs)
	for _, err := range e.check() {
		errs.add(e.Name, err)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return e, nil
}

// otherExercisesOnly says why hiddenDir cannot be the exercise's own
// folder of hidden tests when it holds folders and no schedule or walk:
// it is then a folder per exercise with none named for this one (a
// folder named otherwise, or not made), and reading it as the exercise's
// own would grade with no hidden test at all, which nothing but
// validate's table would say.
func otherExercisesOnly(hiddenDir, name string) error {
	entries, err := os.ReadDir(hiddenDir)
	if err != nil {
		return nil // Load has said that it is not there
	}
	var folders []string
	for _, d := range entries {
		switch ext := filepath.Ext(d.Name()); {
		case !d.IsDir() && (ext == ".scn" || ext == ".walk"):
			return nil
		case d.IsDir() && !strings.HasPrefix(d.Name(), "."):
			folders = append(folders, d.Name())
		}
	}
	if len(folders) == 0 {
		return nil
	}
	near := nearest(name, folders)
	meant, or := "", ""
	if near != "" {
		meant = fmt.Sprintf(" (is %s meant to be it?)", near)
	} else if len(folders) == 1 {
		near = folders[0]
	}
	if near != "" {
		or = fmt.Sprintf(", or give --hidden %s", filepath.Join(hiddenDir, near))
	}
	return fmt.Errorf("the hidden tests' folder %s holds folders (%s), none named %s, and no schedule or walk of its own: name %s's folder there %s%s%s; an exercise's hidden tests kept apart are read from DIR/NAME, NAME the name of the exercise's folder, else from DIR itself", hiddenDir, strings.Join(folders, ", "), name, name, name, meant, or)
}

func (e *Exercise) readFront(md []byte) error {
	text, body, err := splitFront(e.Name+"/exercise.md", md, "the statement must start with a front matter: a line ---, the keys (title, algorithm, interface, ...), and a line --- that closes it")
	if err != nil {
		return err
	}
	front, err := decodeFront(e.Name+"/exercise.md", frontFirstLine, text, &e.Front)
	if err != nil {
		return err
	}
	e.front = front
	e.Statement = body
	for _, k := range e.Points.kinds() {
		if !written(e.front, "points", k.key) {
			*k.v = k.def
		}
	}
	return nil
}

// limits reads the limits as written; it returns a problem for each
// that does not read, or reads outside its range (limitRanges).
func (e *Exercise) limits() []error {
	l := &e.RawLimits
	var errs []error
	bad := func(what, v string) error {
		return e.frontErrorf([]any{"limits", what}, "limits: %s %q is not a duration or size (e.g. 2s, 64MiB)", what, v)
	}
	for _, d := range []struct {
		name, v string
		to      *time.Duration
	}{{"call", l.Call, &e.Limits.Call}, {"total", l.Total, &e.Limits.Total}, {"build", l.Build, &e.Build}} {
		if d.v == "" {
			continue
		}
		x, err := time.ParseDuration(d.v)
		if err != nil {
			errs = append(errs, bad(d.name, d.v))
			continue
		}
		r := limitRanges[d.name]
		if x < time.Duration(r.min) || x > time.Duration(r.max) {
			errs = append(errs, e.frontErrorf([]any{"limits", d.name}, "limits: %s %s is out of range: it is from %s to %s", d.name, d.v, time.Duration(r.min), time.Duration(r.max)))
			continue
		}
		*d.to = x
	}
	for _, s := range []struct {
		name, v string
		to      func(int64)
	}{{"memory", l.Memory, func(n int64) { e.Limits.Memory = n }}, {"log", l.Log, func(n int64) { e.Limits.Log = int(n) }},
		{"build-memory", l.BuildMemory, func(n int64) { e.BuildMemory = n }}} {
		if s.v == "" {
			continue
		}
		n, ok := size(s.v)
		if !ok {
			errs = append(errs, bad(s.name, s.v))
			continue
		}
		r := limitRanges[s.name]
		if n < r.min || n > r.max {
			unit := ""
			if _, err := strconv.ParseInt(strings.TrimSpace(s.v), 10, 64); err == nil {
				unit = fmt.Sprintf(" (a size without a unit is in bytes: %s MiB is written %sMiB)", s.v, strings.TrimSpace(s.v))
			}
			errs = append(errs, e.frontErrorf([]any{"limits", s.name}, "limits: %s %s is out of range: it is from %s to %s%s", s.name, s.v, sizeText(r.min), sizeText(r.max), unit))
			continue
		}
		s.to(n)
	}
	return errs
}

// limitRanges bound each limit (durations in nanoseconds, sizes in
// bytes): below them the reference itself cannot run (a module starts
// with some 2.4 MiB), above them one submission could hold the grader
// for hours or more memory than a WebAssembly module can address.
var limitRanges = map[string]struct{ min, max int64 }{
	"call":         {int64(time.Millisecond), int64(10 * time.Minute)},
	"total":        {int64(10 * time.Millisecond), int64(time.Hour)},
	"build":        {int64(time.Second), int64(time.Hour)},
	"memory":       {4 << 20, 4 << 30},
	"log":          {1 << 10, 16 << 20},
	"build-memory": {256 << 20, 64 << 30},
}

// sizeText writes n bytes as a limit is written: 4MiB, 4GiB.
func sizeText(n int64) string {
	for _, u := range []struct {
		unit string
		m    int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.m && n%u.m == 0 {
			return fmt.Sprintf("%d%s", n/u.m, u.unit)
		}
	}
	return fmt.Sprintf("%dB", n)
}

// size reads 64MiB, 64MB, 16KiB, 4096.
func size(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		m      int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"TB", 1 << 40}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.m
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mult {
		return 0, false
	}
	return n * mult, true
}

// schedules reads dir/*.scn; each problem goes to errs, named with the
// exercise name.
func schedules(dir, kind, name string, errs *ErrorList) []Schedule {
	files, err := filepath.Glob(filepath.Join(dir, "*.scn"))
	if err != nil {
		errs.add(name, err)
		return nil
	}
	sort.Strings(files)
	var out []Schedule
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			errs.add(name, err)
			continue
		}
		out = append(out, Schedule{Name: strings.TrimSuffix(filepath.Base(f), ".scn"), Path: kind + "/" + filepath.Base(f), Text: text})
	}
	return out
}

// HiddenLinks says which of the files students are shown (exercise.md,
// the starter, public/) are links to a hidden one (under the exercise's
// hidden folder or hiddenDir, its reference or its mutants): every
// reader follows a link, so students would read a hidden test or the
// reference on the exercise's page. A link elsewhere, or a copy, is the
// author's choice. serve calls it on the folders it copies, since its
// copy holds files, not links.
func HiddenLinks(dir, hiddenDir string) []error {
	secret := []string{filepath.Join(dir, "hidden"), filepath.Join(dir, "mutants"), filepath.Join(dir, "solutions"),
		filepath.Join(dir, "solution.go"), filepath.Join(dir, "solution.txt")}
	if hiddenDir != "" {
		secret = append(secret, hiddenDir)
	}
	for i, p := range secret {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			secret[i] = r
		}
	}
	shown, _ := filepath.Glob(filepath.Join(dir, "public", "*"))
	shown = append(shown, filepath.Join(dir, "exercise.md"), filepath.Join(dir, "starter.go"), filepath.Join(dir, "starter.txt"))
	var errs []error
	for _, f := range shown {
		if st, err := os.Lstat(f); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		to, err := filepath.EvalSymlinks(f)
		if err != nil {
			continue // a broken link is told where the file is read
		}
		for _, s := range secret {
			if rel, err := filepath.Rel(s, to); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				name, _ := filepath.Rel(dir, f)
				if real, err := filepath.EvalSymlinks(dir); err == nil {
					if r, err := filepath.Rel(real, to); err == nil && !strings.HasPrefix(r, "..") {
						to = r
					}
				}
				errs = append(errs, fmt.Errorf("%s is a link to %s: students are shown it, and would read what is kept from them; copy what they may see instead", filepath.ToSlash(name), filepath.ToSlash(to)))
				break
			}
		}
	}
	return errs
}

// mutants reads mutants/*.patch and mutants/*.go (see PatchMutant), by
// name; the patches apply to the reference solution. Each problem goes
// to errs, and the mutants that read are returned.
func (e *Exercise) mutants(dir string, errs *ErrorList) []Mutant {
	var files []string
	for _, pat := range []string{"*.patch", "*" + e.Ext()} {
		f, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			errs.add(e.Name, err)
			return nil
		}
		files = append(files, f...)
	}
	sort.Strings(files)
	var sol []byte
	var solErr error
	var out []Mutant
	seen := map[string]string{}
	for _, f := range files {
		m, err := readMutant(e.Name+"/mutants/"+filepath.Base(f), f, e.Ext(), func() ([]byte, error) {
			if sol == nil && solErr == nil {
				sol, solErr = os.ReadFile(e.Solution())
			}
			return sol, solErr
		})
		if err != nil {
			errs.add(e.Name, err)
			continue
		}
		if other, ok := seen[m.Name]; ok {
			errs.add(e.Name, fmt.Errorf("%s/%s: mutant %s is also %s: keep one", e.Name, m.Path, m.Name, other))
			continue
		}
		seen[m.Name] = m.Path
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// solutions reads dir/*ext, the alternative solutions; each problem
// goes to errs, named with the exercise name.
func solutions(dir, ext, name string, errs *ErrorList) []Solution {
	files, err := filepath.Glob(filepath.Join(dir, "*"+ext))
	if err != nil {
		errs.add(name, err)
		return nil
	}
	sort.Strings(files)
	var out []Solution
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			errs.add(name, err)
			continue
		}
		path := "solutions/" + filepath.Base(f)
		comment, err := lineComment(path, src, ext, "an alternative solution starts with a one-line comment saying how it differs from the reference")
		if err != nil {
			errs.add(name, err)
			continue
		}
		out = append(out, Solution{Name: strings.TrimSuffix(filepath.Base(f), ext), Path: path, Comment: comment, Src: src})
	}
	return out
}

// check validates the front matter's values and every schedule. It
// returns every problem, each at the value's line and column in
// exercise.md, with the value it could have meant where one is near.
func (e *Exercise) check() []error {
	var errs []error
	bad := func(path []any, format string, args ...any) {
		errs = append(errs, e.frontErrorf(path, format, args...))
	}
	// algOK says whether the schedules can be checked against the
	// exercise's algorithm (else each would say it names another).
	algOK := true
	// missing says that a required key is left out or has no value.
	missing := func(key string) string {
		if written(e.front, key) {
			return key + " has no value"
		}
		return key + " is missing"
	}
	if strings.TrimSpace(e.Title) == "" {
		bad([]any{"title"}, "%s: write title: and the name students know the exercise by", missing("title"))
	}
	algs := strings.Join(registry.Names(), ", ")
	switch {
	case strings.TrimSpace(e.Algorithm) == "":
		fits := ""
		if i := iface.Lookup(e.Interface); i != nil && !e.IsListing() {
			fits = fmt.Sprintf(" (interface %s runs %s's steps: algorithm: %s)", i.Name, i.Runs(), i.Runs())
		}
		bad([]any{"algorithm"}, "%s: write algorithm: and the algorithm the schedules run%s, one of %s", missing("algorithm"), fits, algs)
		algOK = false
	case e.IsListing():
		if err := e.compileReference(); err != nil {
			errs, algOK = append(errs, err), false
		}
	case registry.Lookup(e.Algorithm) == nil:
		bad([]any{"algorithm"}, "algorithm %q is not one of the algorithms%s (algorithm takes %s)", e.Algorithm, didYouMean(e.Algorithm, registry.Names()), algs)
		algOK = false
	}
	switch {
	case e.IsListing() && len(e.Conform) > 0:
		bad([]any{"conform"}, "conform: a listing exercise asks for a listing of its own, not one in step with %s: leave conform out", e.Algorithm)
	case e.IsListing() && len(e.VotingSets) > 0:
		bad([]any{"voting-sets"}, "voting-sets needs a Go interface with voting sets, not a listing")
	case strings.TrimSpace(e.Interface) == "":
		fits := ""
		if algOK {
			if i := iface.ForAlgorithm(e.Algorithm); i != nil {
				fits = fmt.Sprintf(" (%s's is %s)", e.Algorithm, i.Name)
			}
		}
		names := append(append([]string(nil), iface.Names()...), ListingInterface)
		bad([]any{"interface"}, "%s: write interface: and what students write%s, one of %s", missing("interface"), fits, strings.Join(names, ", "))
	case !e.IsListing() && iface.Lookup(e.Interface) == nil:
		names := append(append([]string(nil), iface.Names()...), ListingInterface)
		bad([]any{"interface"}, "interface %q is not one of the interfaces%s (interface takes %s)", e.Interface, didYouMean(e.Interface, names), strings.Join(names, ", "))
	case algOK && !e.IsListing() && e.Iface().Runs() != e.Algorithm:
		bad([]any{"interface"}, "interface %s runs %s's steps, not %s's%s", e.Interface, e.Iface().Runs(), e.Algorithm, ifaceFor(e.Algorithm))
	case len(e.VotingSets) > 0 && e.Iface().Sets == nil:
		bad([]any{"voting-sets"}, "voting-sets needs an interface with voting sets")
	}
	props := strings.Join(explore.Properties, ", ")
	for i, p := range e.PartialCredit {
		if !validProp(p) {
			bad([]any{"partial-credit", i}, "partial-credit: %q is not a property%s (a property is one of %s)", p, didYouMean(p, explore.Properties), props)
		}
	}
	for i, x := range e.Explore {
		if x.Nodes < 1 || x.Nodes > 8 || x.Requests < 1 || x.Requests > 5 || x.Crashes < 0 || x.Crashes >= x.Nodes {
			bad([]any{"explore", i}, "explore[%d]: nodes must be 1..8, requests 1..5 and crashes 0..nodes-1", i)
		}
		if len(x.Props) == 0 {
			bad([]any{"explore", i, "props"}, "explore[%d]: props is missing", i)
		}
		for j, p := range x.Props {
			if !validProp(p) {
				bad([]any{"explore", i, "props", j}, "explore[%d]: %q is not a property%s (a property is one of %s)", i, p, didYouMean(p, explore.Properties), props)
			}
		}
	}
	e.checkPoints(bad)
	errs = append(errs, e.checkTestNames(bad)...)
	for i, c := range e.Conform {
		if c.Nodes < 1 || c.Nodes > 8 || c.Requests < 1 || c.Requests > 5 {
			bad([]any{"conform", i}, "conform[%d]: nodes must be 1..8 and requests 1..5", i)
		}
	}
	if e.IsListing() && e.Reference == nil {
		return errs // its schedules name the listing's variables
	}
	for _, list := range [][]Schedule{e.Public, e.Hidden} {
		for _, s := range list {
			if err := e.checkSchedule(s, algOK); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errs
}

// ifaceFor is ": ALG's is NAME" for the interface that runs algorithm
// alg's steps, or says that none does.
func ifaceFor(alg string) string {
	if i := iface.ForAlgorithm(alg); i != nil {
		return fmt.Sprintf(": %s's is %s", alg, i.Name)
	}
	return fmt.Sprintf(": no Go interface runs %s's steps (a listing exercise can: interface: %s)", alg, ListingInterface)
}

func validProp(p string) bool {
	for _, q := range explore.Properties {
		if p == q {
			return true
		}
	}
	return false
}

// checkSchedule parses and checks schedule s; algOK says whether the
// exercise's algorithm is known, and so whether the schedule must name it.
//
// A schedule written for another algorithm (its algorithm line names
// one) is that one error, at its algorithm line: checked against the
// algorithm it names, each of its lines would say that the exercise's
// variables and messages are not that algorithm's, and the line to fix
// would be lost among them. Its syntax errors, which do not depend on the
// algorithm, are said beside it.
func (e *Exercise) checkSchedule(s Schedule, algOK bool) error {
	if algOK {
		f, perr := scenario.Parse(s.Path, s.Text)
		for _, st := range f.Stmts {
			a, ok := st.(*scenario.AlgorithmStmt)
			if !ok || a.Name.Name == e.Algorithm {
				continue
			}
			msg := fmt.Sprintf("the schedule is written for %s, and this exercise is about %s: write algorithm %s (and %s's steps, variables and messages)", a.Name.Name, e.Algorithm, e.Algorithm, e.Algorithm)
			if registry.Lookup(a.Name.Name) == nil {
				msg = fmt.Sprintf("%q is not an algorithm, and this exercise is about %s: write algorithm %s", a.Name.Name, e.Algorithm, e.Algorithm)
			}
			list := scenario.ErrorList{{Pos: a.Name.Pos, Msg: msg}}
			var syntax scenario.ErrorList
			if errors.As(perr, &syntax) {
				list = append(list, syntax...)
				sort.SliceStable(list, func(i, j int) bool { return list[i].Pos.Line < list[j].Pos.Line })
			}
			return list
		}
	}
	sc, err := e.LoadSchedule(s)
	if err != nil {
		return err
	}
	if algOK && sc.Setup.Alg.Name != e.Algorithm { // not expected once its line is checked above
		return fmt.Errorf("%s: the schedule names algorithm %s; this exercise is about %s", s.Path, sc.Setup.Alg.Name, e.Algorithm)
	}
	for i, n := range sc.Setup.Names {
		if n != "N"+strconv.Itoa(i+1) {
			return fmt.Errorf("%s: exercise schedules name their nodes N1..N%d in order (the names the student's variables print), found %s", s.Path, len(sc.Setup.Names), n)
		}
	}
	return nil
}
