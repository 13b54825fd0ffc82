package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/grader/exercise"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
	"dmelab/grader/validate"
)

func init() {
	register("new", command{
		summary: "scaffold an exercise: dmelab new exercise NAME --algo ALGO",
		usage:   newUsage,
		flags:   flagsOf(newFlags),
		run:     cmdNew,
	})
}

type newOpts struct {
	algo, in, from, root string
	skeleton             bool
}

func newFlags() (*flag.FlagSet, *newOpts) {
	o := &newOpts{}
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.algo, "algo", "", "`ALGO` the algorithm the exercise is on (see dmelab list)")
	fs.StringVar(&o.in, "in", "exercises", "`DIR` the folder to create the exercise in")
	fs.StringVar(&o.from, "from", "", "`SET` the exercise set the template exercise is taken from (default: DIR, else the exercises of the dmelab sources)")
	fs.StringVar(&o.root, "root", "", "`SRC` the dmelab sources (default: found from $DMELAB_ROOT, the working directory or this program's)")
	fs.BoolVar(&o.skeleton, "interface", false, "start from the skeleton of ALGO's student interface even when an exercise on ALGO exists")
	return fs, o
}

const newUsage = `usage: dmelab new exercise NAME --algo ALGO [--in DIR] [--from SET | --interface] [--root SRC]

Creates DIR/NAME (DIR defaults to exercises) with an exercise.md to fill
in, a starter, a reference solution and the alternative solutions
(solutions/) taken from an existing exercise on the same algorithm (the
student interface comes with them), a public schedule to start from, and
empty hidden/ and mutants/ folders; when DIR has a set.md, NAME is added
at the end of its order. The template exercise is taken from SET (by
default DIR, or when DIR has none on ALGO — a new, empty set — the
exercises of the dmelab sources: SRC, found by default from $DMELAB_ROOT,
the working directory or this program's). When no exercise is on ALGO yet, the
starter and the solution are the skeleton of ALGO's student interface
(algorithms/*steps: the handlers with their comments, to fill in), and
there are no alternatives to copy; --interface starts so even when an
exercise on ALGO exists. Then write the statement, the
schedules, at least 4 mutants (mutants/BUG.patch: a line saying what is
wrong, then diff -u solution.go BUG.go) and at least 3 alternative
solutions (correct, each written differently: validate requires full
marks for each), and run dmelab validate DIR/NAME.
`

var exerciseNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,40}$`)

func cmdNew(args []string, stdout, stderr io.Writer) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "dmelab new: "+format+"\n", a...)
		return exitUsage
	}
	// dmelab new --help, and dmelab new exercise --help as well.
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") || len(args) > 1 && args[0] == "exercise" && (args[1] == "-h" || args[1] == "--help") {
		return help("new", stdout)
	}
	if len(args) < 2 || args[0] != "exercise" {
		return bad("usage: dmelab new exercise NAME --algo ALGO [--in DIR] [--from SET]")
	}
	name := args[1]
	fs, o := newFlags()
	algo, in, from, rootFlag, skeleton := &o.algo, &o.in, &o.from, &o.root, &o.skeleton
	if err := fs.Parse(args[2:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("new", stdout)
		}
		return bad("%s", err)
	}
	switch {
	case fs.NArg() > 0:
		return bad("unexpected argument %q", fs.Arg(0))
	case !exerciseNameRE.MatchString(name):
		return bad("exercise names are lower-case letters, digits and dashes: %q", name)
	case registry.Lookup(*algo) == nil:
		return bad("unknown --algo %q (one of: %s)", *algo, strings.Join(registry.Names(), ", "))
	}
	dst := filepath.Join(*in, name)
	if _, err := os.Stat(dst); err == nil {
		return bad("%s exists already: nothing was written", dst)
	}
	root := *rootFlag
	if root == "" {
		root = sourceRoot()
	}
	sources := []string{*from}
	if *from == "" {
		sources = []string{*in}
		if root != "" {
			if ex := filepath.Join(root, "exercises"); !samePath(ex, *in) {
				sources = append(sources, ex)
			}
		}
	}
	if *skeleton {
		sources = nil // no exercise to copy: the interface's skeleton
	}
	st, err := starting(sources, *algo, root)
	if err != nil {
		return bad("%s", err)
	}
	// set.md is read (and its new order worked out) before anything is
	// written, and written only once the scaffold is.
	setPath := filepath.Join(*in, "set.md")
	setMD, err := os.ReadFile(setPath)
	hasSet := err == nil
	if err != nil && !os.IsNotExist(err) {
		return bad("%s", err)
	}
	if hasSet {
		if setMD, err = addToOrder(setMD, name); err != nil {
			return bad("%s: %s: nothing was written", setPath, err)
		}
	}
	if err := scaffold(dst, name, *algo, st); err != nil {
		os.RemoveAll(dst)
		return bad("%s", err)
	}
	added := ""
	if hasSet {
		if err := os.WriteFile(setPath, setMD, 0o644); err != nil {
			os.RemoveAll(dst)
			return bad("%s", err)
		}
		added = fmt.Sprintf(", added at the end of %s's order", setPath)
	}
	todo := "write exercise.md"
	if st.skeleton {
		todo = "fill in solution.go (starter.go is the student's), write exercise.md"
	}
	check := ""
	if st.copied > 0 {
		check = "; check the copied ones fit your statement"
	}
	fmt.Fprintf(stdout, "created %s (%s%s): %s, public/ and hidden/ schedules, at least 4 mutants/ (BUG.patch: a line saying what is wrong, then diff -u solution.go BUG.go) and at least 3 solutions/ (correct, each written differently%s), then run dmelab validate %s\n", dst, st.from, added, todo, check, dst)
	return exitOK
}

// sourceRoot is the dmelab module's directory ($DMELAB_ROOT, or the one
// holding the working directory or the executable), or "".
func sourceRoot() string {
	if r := os.Getenv("DMELAB_ROOT"); r != "" {
		return r
	}
	if wd, err := os.Getwd(); err == nil {
		if r, err := sandbox.FindRoot(wd); err == nil {
			return r
		}
	}
	if exe, err := os.Executable(); err == nil {
		if r, err := sandbox.FindRoot(filepath.Dir(exe)); err == nil {
			return r
		}
	}
	return ""
}

func samePath(a, b string) bool {
	a, errA := filepath.Abs(a)
	b, errB := filepath.Abs(b)
	return errA == nil && errB == nil && a == b
}

var orderLineRE = regexp.MustCompile(`^order:\s*(.*?)\s*$`)

// addToOrder returns set.md with name added at the end of the front
// matter's order, keeping the rest of the text as it is (comments,
// layout). It handles the forms staff write: a block list, a one-line
// flow list, or no order at all.
func addToOrder(md []byte, name string) ([]byte, error) {
	text := string(md)
	m := setFrontRE.FindStringSubmatchIndex(text)
	if m == nil {
		return nil, errors.New("the index must start with a front matter between --- lines (title, order)")
	}
	head, front, tail := text[:m[2]], text[m[2]:m[3]], text[m[3]:]
	lines := strings.Split(front, "\n")
	eol := ""
	if strings.HasSuffix(lines[0], "\r") {
		eol = "\r"
	}
	at := slices.IndexFunc(lines, func(l string) bool { return orderLineRE.MatchString(strings.TrimSuffix(l, "\r")) })
	switch {
	case at < 0:
		lines = append(lines, "order:"+eol, "  - "+name+eol)
	default:
		rest := orderLineRE.FindStringSubmatch(strings.TrimSuffix(lines[at], "\r"))[1]
		switch {
		case strings.HasPrefix(rest, "["):
			end := strings.LastIndex(rest, "]")
			if end < 0 {
				return nil, errors.New("order: a flow list over several lines: add the exercise yourself")
			}
			inner := rest[1:end]
			if strings.TrimSpace(inner) == "" {
				inner = name
			} else {
				inner = strings.TrimRight(inner, " ") + ", " + name
			}
			lines[at] = "order: [" + inner + rest[end:] + eol
		case rest == "" || strings.HasPrefix(rest, "#"):
			last, indent := at, "  "
			for i := at + 1; i < len(lines); i++ {
				l := strings.TrimSuffix(lines[i], "\r")
				trimmed := strings.TrimLeft(l, " ")
				if trimmed == "" || strings.HasPrefix(trimmed, "#") {
					continue
				}
				if !strings.HasPrefix(trimmed, "- ") && trimmed != "-" {
					break
				}
				last, indent = i, l[:len(l)-len(trimmed)]
			}
			lines = slices.Insert(lines, last+1, indent+"- "+name+eol)
		default:
			return nil, fmt.Errorf("order: %q is not a list", rest)
		}
	}
	out := head + strings.Join(lines, "\n") + tail
	// The result must say what was meant: name last in the order.
	var check struct {
		Order []string `yaml:"order"`
	}
	if err := yaml.Unmarshal([]byte(setFrontRE.FindStringSubmatch(out)[1]), &check); err != nil || len(check.Order) == 0 || check.Order[len(check.Order)-1] != name {
		return nil, errors.New("cannot add the exercise to the order: add it yourself")
	}
	return []byte(out), nil
}

var setFrontRE = regexp.MustCompile(`(?s)^\x{feff}?---\r?\n(.*?)\r?\n---(?:\r?\n|$)`)

// start is what a new exercise starts from: its interface, and its
// starter, solution and alternative solutions (path to text).
type start struct {
	iface, from string // from: what they were taken from, for the message
	like        string // where the statement's model is
	skeleton    bool   // the starter and solution are the interface's skeleton
	copied      int    // alternative solutions copied
	files       map[string]string
}

// starting takes the starter, solution and alternatives of an exercise on
// algo in the first of dirs that has one; for an algorithm without one, a
// skeleton of its student interface (for the starter and the solution
// alike, to be filled in).
func starting(dirs []string, algo, root string) (*start, error) {
	t, at, err := template(dirs, algo)
	if err == nil {
		like := filepath.Join(at, "exercise.md")
		if root != "" && len(dirs) > 1 && at == filepath.Join(dirs[len(dirs)-1], t.Name) && samePath(dirs[len(dirs)-1], filepath.Join(root, "exercises")) {
			like = "exercises/" + t.Name + "/exercise.md in the dmelab sources" // not this machine's path
		}
		st := &start{iface: t.Interface, like: like, files: map[string]string{}, copied: len(t.Solutions),
			from: fmt.Sprintf("starter, solution and %d alternative solutions from %s", len(t.Solutions), t.Name)}
		for _, f := range []string{"starter.go", "solution.go"} {
			b, err := os.ReadFile(filepath.Join(t.Dir, f))
			if err != nil {
				return nil, err
			}
			st.files[f] = string(b)
		}
		// The template's alternative solutions: correct for the same
		// algorithm and interface, as its reference is.
		for _, so := range t.Solutions {
			st.files[so.Path] = string(so.Src)
		}
		return st, nil
	}
	in := iface.ForAlgorithm(algo)
	if in == nil {
		return nil, fmt.Errorf("%s, and no student interface is written for %s", err, algo)
	}
	if root == "" {
		return nil, fmt.Errorf("%s, and the dmelab sources, which hold %s's student interface (%s) to start from, are not found: run inside the repository, or give --root DIR or DMELAB_ROOT", err, algo, in.Import)
	}
	sk, serr := in.Skeleton(root)
	if serr != nil {
		return nil, serr
	}
	return &start{iface: in.Name, like: "the package comment of " + in.Import, skeleton: true,
		from:  fmt.Sprintf("starter and solution: the skeleton of %s's handlers, to fill in; no alternative solutions copied", in.Name),
		files: map[string]string{"starter.go": sk, "solution.go": sk}}, nil
}

// template finds an exercise on algo in the first of dirs that has one,
// to take the student interface, starter and solutions from; at is its
// folder, as dirs spell it.
func template(dirs []string, algo string) (_ *exercise.Exercise, at string, _ error) {
	var algos []string
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil && !os.IsNotExist(err) {
			return nil, "", err
		}
		for _, e := range entries {
			at := filepath.Join(dir, e.Name())
			ex, err := exercise.Load(at, "")
			if err != nil || ex.IsListing() { // a listing exercise is no Go template
				continue
			}
			if ex.Algorithm == algo {
				return ex, at, nil
			}
			if !slices.Contains(algos, ex.Algorithm) {
				algos = append(algos, ex.Algorithm)
			}
		}
	}
	if len(algos) == 0 {
		return nil, "", fmt.Errorf("no exercise in %s (--from SET names a set to take one from)", strings.Join(dirs, " or "))
	}
	return nil, "", fmt.Errorf("no exercise in %s is on %s (exercises exist for: %s; --from SET names a set to take one from)", strings.Join(dirs, " or "), algo, strings.Join(algos, ", "))
}

func scaffold(dst, name, algo string, st *start) error {
	for _, d := range []string{"public", "hidden", "mutants", "solutions"} {
		if err := os.MkdirAll(filepath.Join(dst, d), 0o755); err != nil {
			return err
		}
	}
	md := fmt.Sprintf(`---
title: "%s"
algorithm: %s
interface: %s
points:
  public: 1
  hidden: 2
  explore: 3
partial-credit: [safety, liveness]
limits:
  call: 2s
  total: 30s
  memory: 64MiB
  build: 60s
explore:
  - {nodes: 2, requests: 1, props: [safety, liveness]}
max-states: 100000
---
# %s

What the student builds, in the course notes' words and numbering; the
steps to write and the rules of the interface (see %s).
`, name, algo, st.iface, name, st.like)
	files := map[string]string{
		"exercise.md":      md,
		"public/first.scn": firstSchedule(algo),
	}
	maps.Copy(files, st.files)
	for f, text := range files {
		if err := os.WriteFile(filepath.Join(dst, f), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// firstSchedule is the scaffold's placeholder public schedule, one that
// holds on the algorithm, so that validate's list of what is left reads
// "still the schedule dmelab new wrote", not a schedule that fails. The
// first client (a server's application never calls enter(): central's
// N1) asks, or an election's N1 starts one; then the first of these
// endings that holds on the algorithm, tried with the scenario runner:
// the asker enters; every completion is safe (and live, for an
// election); safety is violated (a flawed listing, ra-benari-numfirst).
// A plain "run" would never rest on a token ring (its token) or a bully
// (its heartbeats), and the seed's first listings (ra-v1..3) never let a
// lone asker enter.
func firstSchedule(algo string) string {
	a := registry.Lookup(algo)
	s := 0
	if a != nil {
		s = a.Servers
	}
	var nodes []string
	for i := 1; i <= s+2; i++ {
		nodes = append(nodes, fmt.Sprintf("N%d", i))
	}
	c1 := nodes[s]
	head := fmt.Sprintf("%s with the run the statement describes.\nalgorithm %s\nnodes %s\nrequest %s\n", validate.ScaffoldSchedule, algo, strings.Join(nodes, " "), c1)
	endings := []string{
		fmt.Sprintf("run until %s enters\nexpect %s phase = in-cs\n", c1, c1),
		"expect safety holds\n",
		"expect safety violated\n",
	}
	if a != nil && a.Election {
		endings = []string{"expect safety holds\nexpect liveness holds\n", "expect safety holds\n", "expect safety violated\n"}
	}
	for _, e := range endings {
		sc, err := scenario.Load("first.scn", []byte(head+e))
		if err == nil && scenario.Run(sc, scenario.Options{}).Exit() == 0 {
			return head + e
		}
	}
	return head + endings[len(endings)-1]
}
