// Command costplot is make cost-plot: what dmelab check (safety and
// liveness) costs on every mutual-exclusion algorithm at small sizes —
// states, wall time and peak memory — drawn into one SVG (docs/cost.svg),
// with SPIN's points for ra-benari when spin is installed, and printed as
// a Markdown table. Every search is bounded; a size is not run once a
// smaller one (fewer or as many nodes and requests) was stopped.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"dmelab/algorithms/registry"
	"dmelab/internal/costbench"
)

func main() {
	bin := flag.String("bin", "bin/dmelab", "the dmelab binary")
	out := flag.String("out", "docs/cost.svg", "the picture")
	nodes := flag.String("nodes", "2,3,4", "node counts")
	requests := flag.String("requests", "1,2", "requests per node")
	maxStates := flag.Int64("max-states", 2_000_000, "each search stops after this many states")
	limit := flag.Duration("time-limit", time.Minute, "each search stops after this long")
	data := flag.String("data", "docs/cost.json", "the measurements, written beside the picture")
	replot := flag.Bool("replot", false, "draw the picture again from -data without running any search")
	model := flag.String("model", "bench/spin/ra_benari.pml", "the Promela model of ra-benari (SPIN's points, when spin is installed)")
	flag.Parse()
	var err error
	if *replot {
		err = draw(*data, *out)
	} else {
		err = plot(*bin, *out, *data, *nodes, *requests, *maxStates, *limit, *model)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "costplot:", err)
		os.Exit(1)
	}
}

type size struct{ n, r int }

// figure is what the picture is drawn from (docs/cost.json).
type figure struct {
	Title, Note string
	Sizes       []string
	Series      []costbench.Series
}

func draw(data, out string) error {
	b, err := os.ReadFile(data)
	if err != nil {
		return err
	}
	var f figure
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("%s: %v", data, err)
	}
	if err := os.WriteFile(out, costbench.Plot(f.Title, f.Note, f.Sizes, f.Series), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s\n", out)
	return nil
}

func plot(bin, out, data, nodes, requests string, maxStates int64, limit time.Duration, model string) error {
	ns, err := ints(nodes)
	if err != nil {
		return err
	}
	rs, err := ints(requests)
	if err != nil {
		return err
	}
	var sizes []size
	var xs []string
	for _, r := range rs { // one line per R, against N
		for _, n := range ns {
			sizes = append(sizes, size{n, r})
			xs = append(xs, fmt.Sprintf("N=%d R=%d", n, r))
		}
	}
	fmt.Printf("| algorithm | %s |\n|---|%s\n", strings.Join(xs, " | "), strings.Repeat("---|", len(xs)))
	var series []costbench.Series
	for _, name := range registry.Names() {
		if registry.Lookup(name).Election {
			continue
		}
		s := costbench.Series{Name: name}
		var stopped []size
		cells := make([]string, len(sizes))
		for i, z := range sizes {
			if beyond(z, stopped) {
				cells[i] = "not run"
				continue
			}
			c, err := costbench.RunCheck(bin, name, z.n, z.r, costbench.CheckOptions{
				Props: "safety,liveness", MaxStates: maxStates, MaxMemory: "4GiB", TimeLimit: limit})
			if err != nil {
				return err
			}
			p := costbench.Point{X: i, Group: z.r, States: float64(c.States), Seconds: c.Cost.Wall.Seconds(),
				MiB: float64(c.Cost.MaxRSS) / (1 << 20), Stopped: !c.Complete || c.TimeLimitStopped}
			s.Points = append(s.Points, p)
			cells[i] = fmt.Sprintf("%s / %.1f s / %s", costbench.Thousands(c.States), p.Seconds, costbench.MiB(c.Cost.MaxRSS))
			if p.Stopped {
				stopped = append(stopped, z)
				cells[i] = "≥ " + cells[i] + " (stopped)"
			}
		}
		fmt.Printf("| `%s` | %s |\n", name, strings.Join(cells, " | "))
		series = append(series, s)
	}
	note := fmt.Sprintf("dmelab check, safety and liveness, each search bounded by %s states and %g s", costbench.Thousands(maxStates), limit.Seconds())
	if _, err := exec.LookPath("spin"); err == nil {
		s, err := spinSeries(model, sizes, maxStates, limit)
		if err != nil {
			return err
		}
		series = append(series, s)
		note += "; ◆ SPIN, ra-benari"
	} else {
		fmt.Println("\n(spin is not installed: no SPIN points)")
	}
	f := figure{Title: "What a search costs, per algorithm and size", Note: note, Sizes: xs, Series: series}
	b, err := json.MarshalIndent(f, "", "\t")
	if err != nil {
		return err
	}
	if err := os.WriteFile(data, append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Println()
	return draw(data, out)
}

// spinSeries verifies the Promela model of ra-benari with the deadlock
// monitor (safety and liveness) at each size, under the same time bound
// and a memory bound; SPIN has no bound on states, so sizes go on until
// one stops.
func spinSeries(model string, sizes []size, maxStates int64, limit time.Duration) (costbench.Series, error) {
	s := costbench.Series{Name: "ra-benari, SPIN", Spin: true}
	var stopped []size
	cells := make([]string, len(sizes))
	for i, z := range sizes {
		if beyond(z, stopped) || z.n > 5 {
			cells[i] = "not run"
			continue
		}
		r, err := costbench.RunSpin(z.n, z.r, true, costbench.SpinOptions{Model: model, HashBits: costbench.HashBits(z.n, z.r), MemLimMB: 4096, TimeLimit: limit})
		if err != nil {
			return s, err
		}
		p := costbench.Point{X: i, Group: z.r, States: float64(r.States), Seconds: r.Cost.Wall.Seconds(),
			MiB: float64(r.Cost.MaxRSS) / (1 << 20), Stopped: !r.Complete}
		s.Points = append(s.Points, p)
		cells[i] = fmt.Sprintf("%s / %.1f s / %s", costbench.Thousands(r.States), p.Seconds, costbench.MiB(r.Cost.MaxRSS))
		if p.Stopped {
			stopped = append(stopped, z)
			cells[i] = "≥ " + cells[i] + " (stopped: " + r.Stopped + ")"
		}
	}
	fmt.Printf("| `ra-benari` in SPIN | %s |\n", strings.Join(cells, " | "))
	return s, nil
}

// beyond reports whether z is at least as large as a size that stopped.
func beyond(z size, stopped []size) bool {
	for _, s := range stopped {
		if z.n >= s.n && z.r >= s.r {
			return true
		}
	}
	return false
}

func ints(s string) ([]int, error) {
	var v []int
	for _, f := range strings.Split(s, ",") {
		i, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || i < 1 {
			return nil, fmt.Errorf("bad number %q in %q", f, s)
		}
		v = append(v, i)
	}
	return v, nil
}
