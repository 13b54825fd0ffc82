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

// parseWalk reads a walk file; errors say file:line.
func parseWalk(path, text string) (Walk, error) {
	w := Walk{Path: path, Requests: 1, Walks: 200, Depth: 200, Props: []string{"safety", "liveness"}}
	seen := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		at := fmt.Sprintf("%s:%d: ", path, i+1)
		if seen[f[0]] {
			return w, fmt.Errorf("%s%s is given twice", at, f[0])
		}
		seen[f[0]] = true
		if f[0] == "props" {
			if len(f) == 1 {
				return w, fmt.Errorf("%sprops needs at least one property", at)
			}
			for _, p := range f[1:] {
				if !validProp(p) {
					return w, fmt.Errorf("%s%q is not a property%s (a property is one of %s)", at, p, didYouMean(p, explore.Properties), strings.Join(explore.Properties, ", "))
				}
			}
			w.Props = f[1:]
			continue
		}
		if len(f) != 2 {
			return w, fmt.Errorf("%sexpected %q followed by one number", at, f[0])
		}
		n, err := strconv.ParseUint(f[1], 10, 64)
		limit := map[string]uint64{"nodes": 16, "requests": 5, "walks": 100000, "depth": 10000, "seed": 1<<64 - 1, "crashes": 15}[f[0]]
		switch {
		case limit == 0:
			return w, fmt.Errorf("%sunknown setting %q (nodes, requests, walks, depth, seed, crashes, props)", at, f[0])
		case err != nil || n == 0 && f[0] != "seed" && f[0] != "crashes" || n > limit:
			return w, fmt.Errorf("%s%s must be a number from 1 to %d", at, f[0], limit)
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
		return w, fmt.Errorf("%s:1: nodes is missing", path)
	}
	if w.Crashes >= w.Nodes {
		return w, fmt.Errorf("%s:1: crashes must be fewer than nodes (%d)", path, w.Nodes)
	}
	return w, nil
}
