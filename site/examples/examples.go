// Package examples builds the playground's gallery at build time: every
// worked example of the scenario language (the scenario package's
// testdata, copied as they are) and one starter scenario per algorithm of
// the registry, generated from it so that a new algorithm gets one
// without anybody remembering to write it. Each file is run while the
// gallery is built, and the index the page reads says what it shows
// (group, title, algorithm) and whether its expectations hold.
package examples

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/site/starter"
)

// Entry is one example in the index (index.json).
type Entry struct {
	File  string `json:"file"`
	Group string `json:"group"`
	// Title is the card's: a worked example's from titles, a starter's
	// "ALGO: a starter scenario". Description is a worked example's
	// leading comment, a starter's algorithm's summary, as a student
	// reads it on the card (describe: other examples named by their
	// titles, not their files; a capital first).
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Algorithm   string   `json:"algorithm"`
	Nodes       []string `json:"nodes"`
	// Expects counts the expectations; OK says the script runs to its end
	// and every one holds (a worked example must; a starter has none).
	Expects int  `json:"expects"`
	OK      bool `json:"ok"`
	Starter bool `json:"starter"`
}

// Gallery is the built gallery: file contents by name, and the index.
type Gallery struct {
	Files map[string][]byte
	Index []Entry
}

// StarterGroup is the group of the generated starters, shown last.
const StarterGroup = "Starters — one per algorithm"

// groupOf is the gallery group of alg's examples: the notes its package
// says it comes from (sim.Algorithm.Group), or "More examples".
func groupOf(alg *sim.Algorithm) string {
	if alg.Group != "" {
		return alg.Group
	}
	return "More examples"
}

// Build reads the worked examples (*.scn directly in dir), generates the
// starters and runs every file. A worked example that does not run to
// its end with every expectation holding, or a starter that stops, is an
// error: the gallery would show a broken example.
func Build(dir string) (*Gallery, error) {
	g := &Gallery{Files: map[string][]byte{}}
	paths, err := filepath.Glob(filepath.Join(dir, "*.scn"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no *.scn files in %s", dir)
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		e, err := entry(filepath.Base(p), src)
		if err != nil {
			return nil, err
		}
		if !e.OK {
			return nil, fmt.Errorf("%s: the example does not run to its end with every expectation holding", p)
		}
		t, ok := titles[e.File]
		if !ok {
			return nil, fmt.Errorf("%s: the example has no title: give it one in site/examples/titles.go", p)
		}
		if err := CheckTitle(t); err != nil {
			return nil, fmt.Errorf("%s: its title: %v", p, err)
		}
		e.Title = t
		g.add(e, src)
	}
	for name := range titles {
		if _, ok := g.Files[name]; !ok {
			return nil, fmt.Errorf("site/examples/titles.go titles %s, which is not among the examples in %s", name, dir)
		}
	}
	algos := map[string]bool{}
	for _, n := range registry.Names() {
		algos[n] = true
	}
	for i := range g.Index {
		e := &g.Index[i]
		d, err := describe(e.Description, titles, algos)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, e.File), err)
		}
		e.Description = d
	}
	for _, a := range registry.All() {
		name, src, err := Starter(a)
		if err != nil {
			return nil, err
		}
		e, err := entry(name, src)
		if err != nil {
			return nil, err
		}
		e.Group, e.Starter = StarterGroup, true
		e.Title = starterTitle(a.Name)
		d, err := describe(a.Summary, titles, algos)
		if err != nil {
			return nil, fmt.Errorf("%s's summary: %v", a.Name, err)
		}
		e.Description = d
		g.add(e, src)
	}
	g.sort()
	return g, nil
}

func (g *Gallery) add(e Entry, src []byte) {
	g.Files[e.File] = src
	g.Index = append(g.Index, e)
}

// sort orders the index by group (the seeds by number, then Ben-Ari's
// fix and beyond the notes, starters last: groupRank), then by the
// registry's order of algorithms, then by file name.
func (g *Gallery) sort() {
	rank := groupRank()
	alg := map[string]int{}
	for i, n := range registry.Names() {
		alg[n] = i
	}
	sort.SliceStable(g.Index, func(i, j int) bool {
		a, b := g.Index[i], g.Index[j]
		if rank(a.Group) != rank(b.Group) {
			return rank(a.Group) < rank(b.Group)
		}
		if alg[a.Algorithm] != alg[b.Algorithm] {
			return alg[a.Algorithm] < alg[b.Algorithm]
		}
		return a.File < b.File
	})
}

// entry loads and runs one file and describes it by its leading comment
// (the description; the title is set by Build: titles).
func entry(name string, src []byte) (Entry, error) {
	sc, err := scenario.Load(name, src)
	if err != nil {
		return Entry{}, err
	}
	res := scenario.Run(sc, scenario.Options{})
	if res.Stopped != nil {
		return Entry{}, fmt.Errorf("%s: the script stops: %v", name, res.Stopped)
	}
	desc := leadComment(src)
	return Entry{
		File: name, Group: groupOf(sc.Setup.Alg), Description: desc,
		Algorithm: sc.Setup.Alg.Name, Nodes: sc.Setup.Names, Expects: len(res.Expects), OK: res.OK(),
	}, nil
}

// leadComment joins the comment lines at the top of src.
func leadComment(src []byte) string {
	var parts []string
	for _, l := range strings.Split(string(src), "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "#") {
			break
		}
		parts = append(parts, strings.TrimSpace(strings.TrimPrefix(l, "#")))
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// Starter writes alg's starter scenario for as many nodes as the
// playground's settings start with for alg (sim.Algorithm.Shows; three
// if it says none): see starter.For.
func Starter(alg *sim.Algorithm) (name string, src []byte, err error) {
	src, err = starter.For(alg, alg.Shows.Nodes)
	return "start-" + alg.Name + ".scn", src, err
}

// Write puts the gallery in dir: every file, and index.json.
func (g *Gallery) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, src := range g.Files {
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(g.Index, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), append(b, '\n'), 0o644)
}
