// Package verdicts makes the verdict table of docs/verdicts.md: what
// `dmelab check` says about every algorithm at N = 2, 3, 4 and R = 1, 2,
// plus the rows that need a flag (crashes, channels). Safety and liveness
// come from one search and Order from another (its ghost state multiplies
// the states, and the reduction cannot use it).
//
// Every search is bounded by a number of states, not by time: a table
// made on a busy laptop and one made on an idle server must be the same
// table, or a test could not hold the docs to it. A search that reaches
// the bound says "stopped" and its verdicts stay unknown.
//
// The table lives in a package of its own, which depends on the
// algorithms alone (and costbench's number format, plain Go), so that
// Go's test cache keeps its few hundred core-seconds of searches for
// every change that does not touch the algorithms or the page (`dmelab
// verdicts` is its command line).
package verdicts

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/internal/costbench"
)

// StateBound bounds every search of the table (see above): large enough
// for every N=2 and N=3 R=1 search of safety and liveness, small enough
// that the whole table takes a few minutes on two cores.
const StateBound = 4_000_000

// Row is one configuration of the table.
type Row struct {
	Algo      string
	N, R      int
	Unordered bool // every channel unordered (--channels unordered)
	Crashes   int  // crash faults allowed per run (--crashes)
}

// Args are the flags of `dmelab check` beyond --algo, --nodes and
// --requests that this row's searches use.
func (r Row) Args() []string {
	var a []string
	if r.Unordered {
		a = append(a, "--channels", "unordered")
	}
	if r.Crashes > 0 {
		a = append(a, "--crashes", fmt.Sprint(r.Crashes))
	}
	return a
}

// flags is the row's flags cell.
func (r Row) flags() string {
	if a := r.Args(); len(a) > 0 {
		return strings.Join(a, " ")
	}
	return "—"
}

// Rows lists the table's configurations, in its order.
func Rows() []Row {
	var rows []Row
	for _, algo := range registry.Names() {
		for _, n := range []int{2, 3, 4} {
			for _, r := range []int{1, 2} {
				rows = append(rows, Row{Algo: algo, N: n, R: r})
			}
		}
	}
	// Lamport 1978 assumes FIFO channels; without them its release can
	// overtake a request and the protocol breaks.
	for _, n := range []int{2, 3} {
		for _, r := range []int{1, 2} {
			rows = append(rows, Row{Algo: "lamport", Unordered: true, N: n, R: r})
		}
	}
	// The elections under crashes: the ring loses its token with its
	// holder; the bully's timers call new elections.
	for _, c := range []struct {
		algo    string
		crashes int
	}{{"election-ring", 1}, {"election-bully", 1}, {"election-bully", 2}} {
		for _, n := range []int{3, 4} {
			rows = append(rows, Row{Algo: c.algo, Crashes: c.crashes, N: n, R: 1})
		}
	}
	return rows
}

// Config is the search `dmelab check --algo A --nodes N --requests R
// --props PROPS --max-states StateBound --time-limit 0 --max-memory 0`
// runs for r, with r's flags; the command line's tests hold the two
// together.
func (r Row) Config(props ...string) (explore.Config, error) {
	alg := registry.Lookup(r.Algo)
	if alg == nil {
		return explore.Config{}, fmt.Errorf("unknown algorithm %q", r.Algo)
	}
	if r.Unordered && alg.FIFO {
		cp := *alg
		cp.FIFO = false
		alg = &cp
	}
	return explore.Config{
		Alg:       alg,
		Sim:       sim.Config{N: r.N},
		Opts:      sim.Options{Requests: r.R, AppMsgs: 1, Crashes: r.Crashes},
		Props:     props,
		MaxStates: StateBound,
	}, nil
}

// outcome is one search's result, or why there is none.
type outcome struct {
	res     *explore.Result
	problem string
}

func check(r Row, props ...string) outcome {
	cfg, err := r.Config(props...)
	if err == nil {
		var res *explore.Result
		if res, err = explore.Check(cfg); err == nil {
			return outcome{res: res}
		}
	}
	return outcome{problem: "error: " + strings.ReplaceAll(err.Error(), "\n", "; ")}
}

// Table runs rows' searches, as many at once as there are CPUs, and
// returns the Markdown table. Progress (one line per search) goes to
// progress.
func Table(rows []Row, progress io.Writer) string {
	type job struct {
		row   int
		order bool
	}
	sl := make([]outcome, len(rows))
	or := make([]outcome, len(rows))
	jobs := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r := rows[j.row]
				if j.order {
					or[j.row] = check(r, explore.Order)
				} else {
					sl[j.row] = check(r, explore.Safety, explore.Liveness)
				}
				mu.Lock()
				done++
				fmt.Fprintf(progress, "dmelab verdicts: %d searches done (%s N=%d R=%d %s)\n", done, r.Algo, r.N, r.R, strings.Join(r.Args(), " "))
				mu.Unlock()
			}
		}()
	}
	for i, r := range rows {
		jobs <- job{row: i}
		if !election(r) {
			jobs <- job{row: i, order: true}
		}
	}
	close(jobs)
	wg.Wait()

	var b strings.Builder
	b.WriteString("| algorithm | flags | N | R | safety | liveness | order | states (safety, liveness) | states (order) | shortest counterexamples |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for i, r := range rows {
		orderVerdict, orderStates := "—", "—"
		if !election(r) {
			orderVerdict, orderStates = or[i].verdict(explore.Order), or[i].states()
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s |\n", r.Algo, r.flags(), r.N, r.R,
			sl[i].verdict(explore.Safety), sl[i].verdict(explore.Liveness), orderVerdict,
			sl[i].states(), orderStates,
			joinCE(sl[i].ce(explore.Safety), sl[i].ce(explore.Liveness), or[i].ce(explore.Order)))
	}
	return b.String()
}

// election: Order (the mutual-exclusion property) does not apply.
func election(r Row) bool {
	alg := registry.Lookup(r.Algo)
	return alg != nil && alg.Election
}

func (o outcome) verdict(p string) string {
	if o.res == nil {
		return "unknown"
	}
	switch v, ok := o.res.Verdicts[p]; {
	case v == explore.Violated:
		return "**violated**"
	case ok && v != "":
		return string(v)
	}
	return "unknown"
}

// states is the search's state count, marked "stopped" for a search that
// reached the bound (it passes the bound by the successors of the state
// it was expanding) and "settled" for one that stopped once every
// property it was asked about was violated.
func (o outcome) states() string {
	if o.res == nil {
		return o.problem
	}
	s := costbench.Thousands(int64(o.res.States))
	switch {
	case o.res.Settled:
		s += " (settled)"
	case !o.res.Complete:
		s += " (stopped)"
	}
	if o.res.Reduced {
		s += " (reduced)"
	}
	return s
}

func (o outcome) ce(p string) string {
	if o.res == nil || o.res.Counterexamples[p] == nil {
		return ""
	}
	c := o.res.Counterexamples[p]
	return fmt.Sprintf("%s: %s in %d", p, c.Kind, len(c.Steps))
}

func joinCE(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	if len(keep) == 0 {
		return "—"
	}
	return strings.Join(keep, "; ")
}
