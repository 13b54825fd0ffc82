package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"dmelab/algorithms/registry"
)

// dmelab verdicts makes the verdict table of docs/verdicts.md: `dmelab check --json`,
// in process, for every algorithm at N = 2, 3, 4 and R = 1, 2, plus the
// rows that need a flag (crashes, channels). Safety and liveness come from
// one search and Order from another (its ghost state multiplies the
// states, and the reduction cannot use it).
//
// Every search is bounded by a number of states, not by time: a table
// made on a busy laptop and one made on an idle server must be the same
// table, or a test could not hold the docs to it. A search that reaches
// the bound says "stopped at N states" and its verdicts stay unknown.
func init() {
	register("verdicts", "print the verdict table (docs/verdicts.md), or check or rewrite a file's copy of it", cmdVerdicts)
}

// verdictStates bounds every search of the table (see above): large
// enough for every N=2 and N=3 R=1 search of safety and liveness, small
// enough that the whole table takes a few minutes on two cores.
const verdictStates = 4_000_000

// verdictRow is one configuration of the table.
type verdictRow struct {
	algo  string
	extra []string // flags beyond --nodes and --requests
	n, r  int
}

// verdictRows lists the table's configurations, in its order.
func verdictRows() []verdictRow {
	var rows []verdictRow
	for _, algo := range registry.Names() {
		for _, n := range []int{2, 3, 4} {
			for _, r := range []int{1, 2} {
				rows = append(rows, verdictRow{algo: algo, n: n, r: r})
			}
		}
	}
	// Lamport 1978 assumes FIFO channels; without them its release can
	// overtake a request and the protocol breaks.
	for _, n := range []int{2, 3} {
		for _, r := range []int{1, 2} {
			rows = append(rows, verdictRow{algo: "lamport", extra: []string{"--channels", "unordered"}, n: n, r: r})
		}
	}
	// The elections under crashes: the ring loses its token with its
	// holder; the bully's timers call new elections.
	for _, c := range []struct {
		algo    string
		crashes string
	}{{"election-ring", "1"}, {"election-bully", "1"}, {"election-bully", "2"}} {
		for _, n := range []int{3, 4} {
			rows = append(rows, verdictRow{algo: c.algo, extra: []string{"--crashes", c.crashes}, n: n, r: 1})
		}
	}
	return rows
}

// verdictOutcome is what one `check --json` printed, or why it printed
// nothing.
type verdictOutcome struct {
	res     *jsonResult
	problem string
}

func cmdVerdicts(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("verdicts", flag.ContinueOnError)
	fs.SetOutput(stderr)
	write := fs.String("write", "", "rewrite the table between this file's verdicts markers (make verdicts: docs/verdicts.md)")
	check := fs.String("check", "", "compare this file's table with the computed one; exit 1 if they differ")
	only := fs.String("algo", "", "only this algorithm's rows (with --write: recompute them and keep the file's other rows)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if *only != "" && *check != "" {
		fmt.Fprintln(stderr, "dmelab verdicts: --check compares the whole table; it cannot be combined with --algo")
		return exitUsage
	}
	if *only != "" && registry.Lookup(*only) == nil {
		fmt.Fprintf(stderr, "dmelab verdicts: unknown algorithm %q (see dmelab list)\n", *only)
		return exitUsage
	}
	var rows []verdictRow
	for _, r := range verdictRows() {
		if *only == "" || r.algo == *only {
			rows = append(rows, r)
		}
	}
	table := verdictTable(rows, stderr)
	switch {
	case *check != "":
		old, err := fileTable(*check)
		if err != nil {
			fmt.Fprintf(stderr, "dmelab verdicts: %v\n", err)
			return exitUsage
		}
		if diff := tableDiff(old, table); diff != "" {
			fmt.Fprintf(stdout, "%s's verdict table differs from what dmelab check says (run make verdicts):\n%s", *check, diff)
			return exitViolation
		}
		fmt.Fprintf(stdout, "%s's verdict table is what dmelab check says (%d rows).\n", *check, len(rows))
	case *write != "":
		if *only != "" {
			old, err := fileTable(*write)
			if err == nil {
				table, err = spliceRows(old, table)
			}
			if err != nil {
				fmt.Fprintf(stderr, "dmelab verdicts: %v\n", err)
				return exitUsage
			}
		}
		if err := replaceTable(*write, table); err != nil {
			fmt.Fprintf(stderr, "dmelab verdicts: %v\n", err)
			return exitUsage
		}
	default:
		fmt.Fprint(stdout, table)
	}
	return exitOK
}

// verdictTable runs rows' searches, as many at once as there are CPUs,
// and returns the Markdown table. Progress (one line per row) goes to
// progress.
func verdictTable(rows []verdictRow, progress io.Writer) string {
	type job struct {
		row   int
		order bool
	}
	sl := make([]verdictOutcome, len(rows))
	or := make([]verdictOutcome, len(rows))
	jobs := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r := rows[j.row]
				if j.order {
					or[j.row] = verdictCheck(r, "order")
				} else {
					sl[j.row] = verdictCheck(r, "safety,liveness")
				}
				mu.Lock()
				done++
				fmt.Fprintf(progress, "dmelab verdicts: %d searches done (%s N=%d R=%d %s)\n", done, r.algo, r.n, r.r, strings.Join(r.extra, " "))
				mu.Unlock()
			}
		}()
	}
	for i, r := range rows {
		jobs <- job{row: i}
		if !registry.Lookup(r.algo).Election {
			jobs <- job{row: i, order: true}
		}
	}
	close(jobs)
	wg.Wait()

	var b strings.Builder
	b.WriteString("| algorithm | flags | N | R | safety | liveness | order | states (safety, liveness) | states (order) | shortest counterexamples |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for i, r := range rows {
		flags := strings.Join(r.extra, " ")
		if flags == "" {
			flags = "—"
		}
		orderVerdict, orderStates := "—", "—"
		if !registry.Lookup(r.algo).Election {
			orderVerdict, orderStates = or[i].verdict("order"), or[i].states()
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s |\n", r.algo, flags, r.n, r.r,
			sl[i].verdict("safety"), sl[i].verdict("liveness"), orderVerdict,
			sl[i].states(), orderStates,
			joinCE(sl[i].ce("safety"), sl[i].ce("liveness"), or[i].ce("order")))
	}
	return b.String()
}

// verdictCheck runs one bounded check of props for r.
func verdictCheck(r verdictRow, props string) verdictOutcome {
	args := []string{"--algo", r.algo, "--nodes", fmt.Sprint(r.n), "--requests", fmt.Sprint(r.r),
		"--props", props, "--max-states", fmt.Sprint(verdictStates), "--time-limit", "0", "--max-memory", "0", "--json"}
	args = append(args, r.extra...)
	var out, errb bytes.Buffer
	if code := cmdCheck(args, &out, &errb); code == exitUsage {
		return verdictOutcome{problem: "error: " + strings.TrimSpace(errb.String())}
	}
	var res jsonResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return verdictOutcome{problem: "error: unreadable check output"}
	}
	return verdictOutcome{res: &res}
}

func (o verdictOutcome) verdict(p string) string {
	if o.res == nil {
		return "unknown"
	}
	if v := o.res.Properties[p]; v == "violated" {
		return "**violated**"
	} else if v != "" {
		return v
	}
	return "unknown"
}

// states is the row's state count, marked "stopped" for a search that
// reached the bound (it passes the bound by the successors of the state
// it was expanding) and "settled" for one that stopped once every
// property it was asked about was violated.
func (o verdictOutcome) states() string {
	if o.res == nil {
		return o.problem
	}
	s := thousandsSep(o.res.States)
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

func (o verdictOutcome) ce(p string) string {
	if o.res == nil || o.res.Counterexamples[p] == nil {
		return ""
	}
	c := o.res.Counterexamples[p]
	return fmt.Sprintf("%s: %s in %d", p, c.Kind, c.Length)
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

const verdictsStart, verdictsEnd = "<!-- verdicts:start -->", "<!-- verdicts:end -->"

// markers returns path's text and the bounds of its verdict table: the
// table is text[i:j].
func markers(path string) (text string, i, j int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", 0, 0, err
	}
	text = string(b)
	i, j = strings.Index(text, verdictsStart), strings.Index(text, verdictsEnd)
	if i < 0 || j < i {
		return "", 0, 0, errors.New(path + " has no " + verdictsStart + " … " + verdictsEnd + " markers")
	}
	return text, i + len(verdictsStart), j, nil
}

// fileTable returns the table between path's verdicts markers.
func fileTable(path string) (string, error) {
	text, i, j, err := markers(path)
	if err != nil {
		return "", err
	}
	return strings.TrimPrefix(text[i:j], "\n"), nil
}

// replaceTable writes table between path's verdicts markers.
func replaceTable(path, table string) error {
	text, i, j, err := markers(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text[:i]+"\n"+table+text[j:]), 0o644)
}

// rowKey is a row's configuration: its first five cells (algorithm,
// flags, N, R).
func rowKey(line string) string {
	cells := strings.Split(line, "|")
	if len(cells) < 5 {
		return line
	}
	return strings.Join(cells[:5], "|")
}

// spliceRows returns the whole table in verdictRows' order: the rows
// from part, every other row from old (part's rows replace old's). A row that is in neither (a new
// algorithm's, say) is an error that asks for the whole table.
func spliceRows(old, part string) (string, error) {
	have := map[string]string{}
	lines := strings.Split(strings.TrimSpace(old), "\n")
	for _, l := range lines {
		have[rowKey(l)] = l
	}
	for _, l := range strings.Split(strings.TrimSpace(part), "\n") {
		have[rowKey(l)] = l
	}
	if len(lines) < 2 {
		return "", errors.New("the file has no verdict table to keep rows from: run without --algo")
	}
	var b strings.Builder
	b.WriteString(lines[0] + "\n" + lines[1] + "\n")
	for _, r := range verdictRows() {
		flags := strings.Join(r.extra, " ")
		if flags == "" {
			flags = "—"
		}
		l, ok := have[rowKey(fmt.Sprintf("| %s | %s | %d | %d |", r.algo, flags, r.n, r.r))]
		if !ok {
			return "", fmt.Errorf("the file has no row for %s %s N=%d R=%d: run without --algo", r.algo, flags, r.n, r.r)
		}
		b.WriteString(l + "\n")
	}
	return b.String(), nil
}

// tableDiff lists the rows of old and now that differ, by configuration
// (rowKey), or "" when the tables are the same.
func tableDiff(old, now string) string {
	key := rowKey
	index := func(t string) (map[string]string, []string) {
		m := map[string]string{}
		var order []string
		for _, l := range strings.Split(strings.TrimSpace(t), "\n") {
			m[key(l)] = l
			order = append(order, key(l))
		}
		return m, order
	}
	om, oorder := index(old)
	nm, norder := index(now)
	var b strings.Builder
	for _, k := range norder {
		switch o, ok := om[k]; {
		case !ok:
			fmt.Fprintf(&b, "  missing from the file: %s\n", nm[k])
		case o != nm[k]:
			fmt.Fprintf(&b, "  the file:     %s\n  dmelab check: %s\n", o, nm[k])
		}
	}
	for _, k := range oorder {
		if _, ok := nm[k]; !ok {
			fmt.Fprintf(&b, "  only in the file: %s\n", om[k])
		}
	}
	if b.Len() == 0 && strings.TrimSpace(old) != strings.TrimSpace(now) {
		b.WriteString("  the rows are the same but in another order\n")
	}
	return b.String()
}
