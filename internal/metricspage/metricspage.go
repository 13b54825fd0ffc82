// Package metricspage makes docs/metrics.md: seed 002's comparison of the
// mutual-exclusion algorithms (messages, client and synchronization
// delay, and the properties) for each algorithm and N, as `dmelab
// metrics` prints it.
//
// It lives in a package of its own, which depends on the algorithms alone
// (and costbench's number format), as internal/verdicts does, so that Go's
// test cache keeps the page's test (about twenty core-seconds of runs and
// bounded searches) for every change that does not touch the algorithms:
// in cmd/dmelab, whose binary embeds the playground, every change to a
// page ran it again.
package metricspage

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/metrics"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/internal/costbench"
)

// What docs/metrics.md shows (make metrics): every mutual-exclusion
// algorithm at these sizes, its verdicts searched up to this many states.
var Nodes = []int{2, 3, 4, 5}

const MaxStates = 100_000

// Algorithms are the mutual-exclusion algorithms, in the registry's order.
func Algorithms() []string {
	var names []string
	for _, a := range registry.All() {
		if !a.Election {
			names = append(names, a.Name)
		}
	}
	return names
}

// definitions says what every column measures, so that the table can be
// read without the code: seed 002 calls Ricart–Agrawala "slow in terms of
// bandwidth and client delay", and these are the measures that claim is
// about.
const definitions = `Virtual time: every message takes exactly 1 unit to arrive, local steps
take none, a node stays 1 unit in the CS. A message a node sends itself
(Maekawa's voting sets contain the node) counts and takes a unit too.

- clients: nodes whose application calls enter(); all N but central's
  server N1, which only serves.
- entry msgs (bandwidth): messages sent, by any node, from a client's
  enter() until it enters, while no other client asks. Each client is
  measured alone from the initial state; the mean, with (min–max) when
  clients differ (the token ring's token starts at N1).
- exit msgs: messages the exit protocol sends (exit() and the node's own
  steps until it is idle again), no other client asking.
- client delay: time from enter() to the entry, no other client asking.
- exit delay: time from exit() until the node is idle again.
- msgs/use, all ask: every client calls enter() once at time 0; all
  messages sent until the last exit, per use of the CS (entry and exit).
- sync delay: in that run, time from one exit to the next entry (— with
  a single client: nobody waits).
- safe, live, order: seed 002's properties, from an exhaustive search with
  every client calling enter() once (order: with one application message
  to carry happened-before), bounded in states; the verdict table (docs/verdicts.md)
  has larger searches.
`

// Row is one algorithm at one N: its figures, or why there are none, and
// its verdicts.
type Row struct {
	Algorithm  string              `json:"algorithm"`
	Nodes      int                 `json:"nodes"`
	Comparison *metrics.Comparison `json:"comparison,omitempty"`
	Error      string              `json:"error,omitempty"` // why there are no figures
	// Verdicts of the bounded searches, and the states each explored.
	Verdicts map[string]string `json:"verdicts"`
	States   map[string]int    `json:"states"`
}

// Rows measures each of algos at each of nodes (Measure), as many at once
// as there are CPUs, and returns the rows in the page's order: by N, then
// as algos lists them. The error names the algorithm and N of a search
// that could not start.
func Rows(nodes []int, algos []string, maxStates int) ([]*Row, error) {
	type job struct {
		name string
		n    int
	}
	var jobs []job
	for _, n := range nodes {
		for _, name := range algos {
			jobs = append(jobs, job{name, n})
		}
	}
	rows := make([]*Row, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for i := range next {
				rows[i], errs[i] = Measure(registry.Lookup(jobs[i].name), jobs[i].n, maxStates)
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s N=%d: %w", jobs[i].name, jobs[i].n, err)
		}
	}
	return rows, nil
}

// Measure takes the timed runs and the bounded searches of alg at n
// nodes. Only a search that cannot start is an error: a run that gets
// stuck is a finding, shown in the row.
func Measure(alg *sim.Algorithm, n, maxStates int) (*Row, error) {
	r := &Row{Algorithm: alg.Name, Nodes: n, Verdicts: map[string]string{}, States: map[string]int{}}
	c, err := metrics.Compare(alg, sim.Config{N: n})
	if err != nil {
		r.Error = err.Error()
	}
	r.Comparison = c
	if maxStates == 0 {
		return r, nil
	}
	for _, props := range [][]string{{explore.Safety, explore.Liveness}, {explore.Order}} {
		opts := sim.Options{Requests: 1}
		if props[0] == explore.Order {
			opts.AppMsgs = 1
		}
		res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: opts, Props: props, MaxStates: maxStates})
		if err != nil {
			return nil, err
		}
		for _, p := range props {
			r.Verdicts[p] = string(res.Verdicts[p])
			r.States[p] = res.States
		}
	}
	return r, nil
}

// Write writes rows (Measure's, for each N of nodes) as the page's
// Markdown: the definitions, then a table for each N; maxStates is the
// bound the verdicts were searched with.
func Write(w io.Writer, nodes []int, maxStates int, rows []*Row) {
	fmt.Fprintf(w, "# Seed 002's comparison of the mutual-exclusion algorithms\n\n%s", definitions)
	for _, n := range nodes {
		fmt.Fprintf(w, "\n## N = %d\n\n", n)
		fmt.Fprintln(w, "| algorithm | clients | entry msgs | exit msgs | client delay | exit delay | msgs/use, all ask | sync delay | safe | live | order |")
		fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|")
		var notes []string
		for _, r := range rows {
			if r.Nodes != n {
				continue
			}
			v := func(p string) string {
				switch r.Verdicts[p] {
				case "":
					return "—"
				case string(explore.Unknown):
					return "unknown†"
				}
				return r.Verdicts[p]
			}
			c := r.Comparison
			if c == nil {
				fmt.Fprintf(w, "| %s | %d | no figures: %s | | | | | | %s | %s | %s |\n", r.Algorithm, len(metrics.Clients(registry.Lookup(r.Algorithm), n)),
					strings.ReplaceAll(strings.Replace(r.Error, r.Algorithm+": ", "", 1), "|", "/"), v(explore.Safety), v(explore.Liveness), v(explore.Order))
				continue
			}
			fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Algorithm, c.Clients,
				fmtRange(c.EntryMessages), fmtRange(c.ExitMessages), fmtRange(c.ClientDelay), fmtRange(c.ExitDelay),
				fmtNum(c.ContendedMessages), syncDelay(c), v(explore.Safety), v(explore.Liveness), v(explore.Order))
		}
		for _, r := range rows {
			if r.Nodes == n && (r.Verdicts[explore.Safety] == string(explore.Unknown) || r.Verdicts[explore.Order] == string(explore.Unknown) || r.Verdicts[explore.Liveness] == string(explore.Unknown)) {
				notes = append(notes, r.Algorithm)
			}
		}
		if len(notes) > 0 {
			fmt.Fprintf(w, "\n† unknown: the search stopped at its bound of %s states without finding a violation (%s).\n", costbench.Thousands(int64(maxStates)), strings.Join(notes, ", "))
		}
	}
}

// syncDelay is "—" with a single client: nobody waits for its exit.
func syncDelay(c *metrics.Comparison) string {
	if c.Handovers == 0 {
		return "—"
	}
	return fmtRange(c.SyncDelay)
}

// fmtRange writes a figure as its mean, with (min–max) when it varies.
func fmtRange(r metrics.Range) string {
	if r.Min == r.Max {
		return strconv.Itoa(r.Min)
	}
	return fmt.Sprintf("%s (%d–%d)", fmtNum(r.Mean), r.Min, r.Max)
}

// fmtNum writes x with at most two decimals: 10.2, 4.67, 3.
func fmtNum(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}
