// Command benchspin is make bench-spin: SPIN's verifier of
// bench/spin/ra_benari.pml against dmelab check on ra-benari, for each
// configuration, safety alone and safety with liveness, in one Markdown
// table (states, wall time and peak memory of each, and the time ratio).
// The runs alternate, so a machine shared with other jobs loads both
// sides alike; compare the ratios of one run, not times across runs.
// -spin=false runs dmelab alone (make bench-large: a configuration SPIN
// cannot settle on this machine), -props one property set of the two.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"dmelab/internal/costbench"
)

func main() {
	bin := flag.String("bin", "bin/dmelab", "the dmelab binary")
	model := flag.String("model", "bench/spin/ra_benari.pml", "the Promela model")
	configs := flag.String("configs", "3:2,4:1", "configurations N:R, comma-separated")
	limit := flag.Duration("time-limit", 5*time.Minute, "each run is stopped after this long")
	memMB := flag.Int("mem-mb", 8192, "memory bound of each run, MiB (pan's -DMEMLIM, dmelab's --max-memory)")
	spin := flag.Bool("spin", true, "run SPIN's verifier beside dmelab")
	props := flag.String("props", "safety;safety,liveness", "the property sets, separated by ';'")
	flag.Parse()
	if err := bench(*bin, *model, *configs, *limit, *memMB, *spin, strings.Split(*props, ";")); err != nil {
		fmt.Fprintln(os.Stderr, "benchspin:", err)
		os.Exit(1)
	}
}

func bench(bin, model, configs string, limit time.Duration, memMB int, spin bool, propSets []string) error {
	type nr struct{ n, r int }
	var cs []nr
	for _, c := range strings.Split(configs, ",") {
		n, r, ok := strings.Cut(strings.TrimSpace(c), ":")
		ni, err1 := strconv.Atoi(n)
		ri, err2 := strconv.Atoi(r)
		if !ok || err1 != nil || err2 != nil || ni < 2 || ni > 5 || ri < 1 {
			return fmt.Errorf("bad configuration %q (want N:R, N 2..5)", c)
		}
		cs = append(cs, nr{ni, ri})
	}
	fmt.Printf("load average before: %s\n", loadavg())
	so := costbench.SpinOptions{Model: model, MemLimMB: memMB, TimeLimit: limit}
	if spin {
		fmt.Printf("pan: gcc %s, pan -m10000 -wK; ", strings.Join(so.CFlags(), " "))
	}
	fmt.Printf("dmelab check --json --max-memory %dMiB --time-limit %s\n\n", memMB, limit)
	fmt.Println("| configuration | properties | SPIN states | SPIN time | SPIN memory | SPIN verdict | dmelab states | dmelab time | dmelab memory | dmelab verdict | SPIN time / dmelab time |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		so.HashBits = costbench.HashBits(c.n, c.r)
		for _, props := range propSets {
			if props != "safety" && props != "safety,liveness" {
				return fmt.Errorf("bad property set %q (want safety or safety,liveness)", props)
			}
			d, err := costbench.RunCheck(bin, "ra-benari", c.n, c.r, costbench.CheckOptions{
				Props: props, MaxMemory: fmt.Sprintf("%dMiB", memMB), TimeLimit: limit})
			if err != nil {
				return err
			}
			spinCols, r := "not run | – | – | –", "–"
			if spin {
				s, err := costbench.RunSpin(c.n, c.r, props != "safety", so)
				if err != nil {
					return err
				}
				spinCols = fmt.Sprintf("%s | %s | %s | %s", count(s.States, s.Complete), dur(s.Cost.Wall), costbench.MiB(s.Cost.MaxRSS), spinVerdict(s))
				r = ratio(s, d)
			}
			fmt.Printf("| `ra-benari` N=%d R=%d | %s | %s | %s | %s | %s | %s | %s |\n",
				c.n, c.r, props, spinCols,
				count(d.States, d.Complete && !d.TimeLimitStopped), dur(d.Cost.Wall), costbench.MiB(d.Cost.MaxRSS), checkVerdict(d, props),
				r)
		}
	}
	fmt.Printf("\nload average after: %s\n", loadavg())
	return nil
}

func count(n int64, complete bool) string {
	s := costbench.Thousands(n)
	if !complete {
		s = "≥ " + s + " (stopped)"
	}
	return s
}

func dur(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

func spinVerdict(s costbench.Spin) string {
	switch {
	case s.Errors > 0:
		return "violated"
	case !s.Complete:
		return "unknown: " + s.Stopped
	}
	return "holds"
}

func checkVerdict(d costbench.Check, props string) string {
	if d.TimeLimitStopped {
		return "unknown: killed"
	}
	var vs []string
	for _, p := range strings.Split(props, ",") {
		vs = append(vs, d.Verdicts[p])
	}
	return strings.Join(vs, ", ")
}

// ratio is SPIN's time over dmelab's when both finished, a lower bound
// when only dmelab did.
func ratio(s costbench.Spin, d costbench.Check) string {
	if d.Cost.Wall <= 0 || d.TimeLimitStopped || !d.Complete {
		return "–"
	}
	r := fmt.Sprintf("%.2f", s.Cost.Wall.Seconds()/d.Cost.Wall.Seconds())
	if !s.Complete {
		r = "> " + r
	}
	return r
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ") + " (1, 5, 15 min)"
}
