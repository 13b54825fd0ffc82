package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/metrics"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/internal/costbench"
)

func init() {
	register("metrics", "seed 002's comparison: messages, client and synchronization delay, properties, per algorithm and N (make metrics)", cmdMetrics)
}

// metricsDefinitions says what every column measures, so that the table
// can be read without the code: seed 002 calls Ricart–Agrawala "slow in
// terms of bandwidth and client delay", and these are the measures that
// claim is about.
const metricsDefinitions = `Virtual time: every message takes exactly 1 unit to arrive, local steps
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

type metricsFlags struct {
	nodes     []int
	algos     []string
	maxStates int
	json      bool
}

func parseMetricsFlags(args []string) (*metricsFlags, error) {
	fs := flag.NewFlagSet("metrics", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	nodes := fs.String("nodes", "2,3,4,5", "comma-separated sizes N (2..8)")
	algos := fs.String("algo", "", "comma-separated algorithms (default: every mutual-exclusion algorithm)")
	maxStates := fs.Int("max-states", 100_000, "bound of each verdict search (0: no verdicts)")
	asJSON := fs.Bool("json", false, "print JSON instead of Markdown")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	f := &metricsFlags{maxStates: *maxStates, json: *asJSON}
	if f.maxStates < 0 || f.maxStates > 10_000_000 {
		return nil, errors.New("--max-states must be 0..10000000")
	}
	for _, s := range strings.Split(*nodes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 2 || n > 8 {
			return nil, fmt.Errorf("--nodes: %q is not a size 2..8", s)
		}
		f.nodes = append(f.nodes, n)
	}
	if *algos == "" {
		for _, a := range registry.All() {
			if !a.Election {
				f.algos = append(f.algos, a.Name)
			}
		}
	} else {
		for _, s := range strings.Split(*algos, ",") {
			a := registry.Lookup(strings.TrimSpace(s))
			if a == nil || a.Election {
				return nil, fmt.Errorf("unknown mutual-exclusion algorithm %q (see dmelab list)", s)
			}
			f.algos = append(f.algos, a.Name)
		}
	}
	return f, nil
}

// metricsRow is one algorithm at one N.
type metricsRow struct {
	Algorithm  string              `json:"algorithm"`
	Nodes      int                 `json:"nodes"`
	Comparison *metrics.Comparison `json:"comparison,omitempty"`
	Error      string              `json:"error,omitempty"` // why there are no figures
	// Verdicts of the bounded searches, and the states each explored.
	Verdicts map[string]string `json:"verdicts"`
	States   map[string]int    `json:"states"`
}

func cmdMetrics(args []string, stdout, stderr io.Writer) int {
	f, err := parseMetricsFlags(args)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "dmelab metrics: %s\n", oneLine(err))
		}
		return exitUsage
	}
	var rows []*metricsRow
	for _, n := range f.nodes {
		for _, name := range f.algos {
			r, err := measureRow(registry.Lookup(name), n, f.maxStates)
			if err != nil {
				fmt.Fprintf(stderr, "dmelab metrics: %s N=%d: %s\n", name, n, oneLine(err))
				return exitUsage
			}
			rows = append(rows, r)
		}
	}
	if f.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rows)
		return exitOK
	}
	writeMetricsMarkdown(stdout, f, rows)
	return exitOK
}

// measureRow takes the timed runs and the bounded searches of alg at n
// nodes. Only a search that cannot start is an error: a run that gets
// stuck is a finding, shown in the row.
func measureRow(alg *sim.Algorithm, n, maxStates int) (*metricsRow, error) {
	r := &metricsRow{Algorithm: alg.Name, Nodes: n, Verdicts: map[string]string{}, States: map[string]int{}}
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

func writeMetricsMarkdown(w io.Writer, f *metricsFlags, rows []*metricsRow) {
	fmt.Fprintf(w, "# Seed 002's comparison of the mutual-exclusion algorithms\n\n%s", metricsDefinitions)
	for _, n := range f.nodes {
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
			fmt.Fprintf(w, "\n† unknown: the search stopped at its bound of %s states without finding a violation (%s).\n", costbench.Thousands(int64(f.maxStates)), strings.Join(notes, ", "))
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
