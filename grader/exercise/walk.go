package exercise

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"dmelab/algorithms/explore"
)

// A walk file (hidden/NAME.walk) configures seeded random walks, for
// systems too big to explore exhaustively; its seed stays with staff.
//
//	# N=4: every node asks once
//	nodes 4
//	requests 1
//	walks 300      # how many runs
//	depth 200      # events per run at most
//	seed 90211
//	crashes 1      # nodes that may crash in a run (default 0)
//	props safety liveness
func walks(dir, name string, errs *ErrorList) []Walk {
	files, err := filepath.Glob(filepath.Join(dir, "*.walk"))
	if err != nil {
		errs.add(name, err)
		return nil
	}
	sort.Strings(files)
	var out []Walk
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			errs.add(name, err)
			continue
		}
		w, err := parseWalk("hidden/"+filepath.Base(f), string(data))
		if err != nil {
			errs.add(name, err)
			continue
		}
		w.Name = strings.TrimSuffix(filepath.Base(f), ".walk")
		out = append(out, w)
	}
	return out
}

// walkSettings are what a walk file may set, in the order the errors list them.
var walkSettings = []string{"nodes", "requests", "walks", "depth", "seed", "crashes", "props"}

// parseWalk reads a walk file; errors say file:line:col, at the word
// that is wrong, as the front matter's and the schedules' do, so that an
// editor can jump to it.
func parseWalk(path, text string) (Walk, error) {
	w := Walk{Path: path, Requests: 1, Walks: 200, Depth: 200, Props: []string{"safety", "liveness"}}
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		f, col := fieldsAt(line)
		if len(f) == 0 {
			continue
		}
		at := func(k int) string { return fmt.Sprintf("%s:%d:%d: ", path, i+1, col[k]) }
		if first, ok := seen[f[0]]; ok {
			return w, fmt.Errorf("%s%s is given twice (first on line %d)", at(0), f[0], first)
		}
		seen[f[0]] = i + 1
		if f[0] == "props" {
			if len(f) == 1 {
				return w, fmt.Errorf("%sprops needs at least one property", at(0))
			}
			for k, p := range f[1:] {
				if !validProp(p) {
					return w, fmt.Errorf("%s%q is not a property%s (a property is one of %s)", at(k+1), p, didYouMean(p, explore.Properties), strings.Join(explore.Properties, ", "))
				}
			}
			w.Props = f[1:]
			continue
		}
		limit := map[string]uint64{"nodes": 16, "requests": 5, "walks": 100000, "depth": 10000, "seed": 1<<64 - 1, "crashes": 15}[f[0]]
		if limit == 0 {
			return w, fmt.Errorf("%sunknown setting %q%s (a walk sets %s)", at(0), f[0], didYouMean(f[0], walkSettings), strings.Join(walkSettings, ", "))
		}
		if len(f) != 2 {
			return w, fmt.Errorf("%sexpected %q followed by one number", at(0), f[0])
		}
		n, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil || n == 0 && f[0] != "seed" && f[0] != "crashes" || n > limit {
			return w, fmt.Errorf("%s%s must be a number from %d to %d", at(1), f[0], map[bool]int{true: 0, false: 1}[f[0] == "seed" || f[0] == "crashes"], limit)
		}
		switch f[0] {
		case "nodes":
			w.Nodes = int(n)
		case "requests":
			w.Requests = int(n)
		case "walks":
			w.Walks = int(n)
		case "depth":
			w.Depth = int(n)
		case "seed":
			w.Seed = n
		case "crashes":
			w.Crashes = int(n)
		}
	}
	if w.Nodes == 0 {
		return w, fmt.Errorf("%s:1:1: nodes is missing: a walk says how many nodes it runs (nodes 5)", path)
	}
	if w.Crashes >= w.Nodes {
		return w, fmt.Errorf("%s:%d:%d: crashes must be fewer than nodes (%d)", path, seen["crashes"], 1, w.Nodes)
	}
	return w, nil
}

// fieldsAt is strings.Fields with each field's 1-based byte column.
func fieldsAt(line string) (fields []string, cols []int) {
	start := -1
	for i, r := range line + " " {
		space := r == ' ' || r == '\t' || r == '\r'
		switch {
		case !space && start < 0:
			start = i
		case space && start >= 0:
			fields, cols = append(fields, line[start:i]), append(cols, start+1)
			start = -1
		}
	}
	return fields, cols
}
