package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/metrics"
	"dmelab/algorithms/sim"
)

// writeMarkdown prints the result as Markdown that also reads well as plain
// text in a terminal: a summary table, the verdicts, and a step table for
// each counterexample.
func writeMarkdown(w io.Writer, f *checkFlags, res *explore.Result, elapsed time.Duration, met *metrics.Metrics, merr error) {
	mode := "exhaustive search"
	if f.seedSet {
		mode = fmt.Sprintf("%d random walks (seed %d, depth %d)", f.walks, f.seed, f.depth)
	}
	fmt.Fprintf(w, "# %s, N=%d, R=%d\n\n", f.algo, f.nodes, f.requests)
	if res.Reduced {
		mode += " with partial-order reduction"
	}
	if res.Sleep {
		mode += " with sleep sets (every state, fewer transitions)"
	}
	if res.Lanes > 1 {
		mode += fmt.Sprintf(", successors computed on %d cores", res.Lanes)
	}
	fmt.Fprintf(w, "%s: %d states, %d transitions, %s, %s.\n\n", mode, res.States, res.Transitions, searched(f, res), elapsed.Round(time.Millisecond))
	if f.alg != nil && f.alg.Chooses {
		// A verdict that holds is for these numbers only (ra-v1 is safe
		// at N=3 R=2 with 1..2, not with 1..3).
		if k, err := (sim.Config{Numbers: f.numbers}).ChooseRange(); err == nil {
			fmt.Fprintf(w, "chooseNumber() picks from 1..%d (--numbers K for 1..K): the verdicts are for this range; a wider one may break what holds here.\n\n", k)
		}
	}
	fmt.Fprintln(w, "| property | verdict | counterexample |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, p := range explore.Properties {
		v, ok := res.Verdicts[p]
		if !ok {
			continue
		}
		ce := ""
		if t := res.Counterexamples[p]; t != nil {
			ce = fmt.Sprintf("%s, %d steps", t.Kind, len(t.Steps))
		}
		fmt.Fprintf(w, "| %s | %s | %s |\n", p, v, ce)
	}
	fmt.Fprintln(w)
	if met != nil {
		fmt.Fprintf(w, "Metrics (virtual time: a message takes 1 unit, the CS is held %d): ", metrics.Hold)
		fmt.Fprintf(w, "%.4g messages per entry and client delay %d without contention; ", met.MessagesPerEntry, met.ClientDelay)
		all := fmt.Sprintf("all %d clients", met.Entries)
		if met.Entries == 2 {
			all = "both clients"
		}
		switch {
		case met.Entries < 2:
			// No exit is followed by another's entry: no delay to measure.
			fmt.Fprintf(w, "with one client there is no contention to measure.\n")
		case met.Overlap:
			fmt.Fprintf(w, "with %s asking at once, %.4g messages per entry and no synchronization delay: two nodes were in the CS at once.\n", all, met.ContendedMessagesPerEntry)
		default:
			fmt.Fprintf(w, "with %s asking at once, %.4g messages per entry and synchronization delay %.3g.\n", all, met.ContendedMessagesPerEntry, met.SyncDelay)
		}
	} else {
		fmt.Fprintf(w, "Metrics: none (%v).\n", merr)
	}
	for _, p := range explore.Properties {
		t := res.Counterexamples[p]
		if t == nil {
			continue
		}
		head := p + ": " + t.Kind // "safety: two nodes in the CS"
		if t.Kind == p {
			head = p + " violated" // not "order: order"
		}
		fmt.Fprintf(w, "\n## %s (%d steps)\n\n%s\n\n", head, len(t.Steps), t.Summary)
		writeSteps(w, t)
	}
}

func completeness(res *explore.Result) string {
	if res.Complete {
		return "complete"
	}
	if res.Settled {
		return "settled (every verdict final; the rest not searched)"
	}
	return "incomplete (bound reached)"
}

// searched is completeness in the words of the search f asked for: a
// search that --first stopped reached no bound, and random walks sample
// schedules, they do not bound a search.
func searched(f *checkFlags, res *explore.Result) string {
	switch {
	case res.Complete || res.Settled:
	case f.seedSet:
		return "a sample of the schedules (a verdict other than violated stays unknown)"
	case f.first && res.Bound == "" && len(res.Counterexamples) > 0:
		return "stopped at the first violation (--first; the verdicts left unknown were not searched)"
	}
	return completeness(res)
}

// writeSteps prints a counterexample as a step table: one row per event,
// one column per node with its variables after the event.
func writeSteps(w io.Writer, t *explore.Trace) {
	head := []string{"#", "event"}
	for _, n := range t.Initial {
		name, _, _ := strings.Cut(n, ":")
		head = append(head, name)
	}
	head = append(head, "in flight")
	fmt.Fprintln(w, "| "+strings.Join(head, " | ")+" |")
	fmt.Fprintln(w, strings.Repeat("|---", len(head))+"|")
	row := []string{"0", "(initial)"}
	for _, n := range t.Initial {
		_, vars, _ := strings.Cut(n, ": ")
		row = append(row, cell(vars))
	}
	row = append(row, "")
	fmt.Fprintln(w, "| "+strings.Join(row, " | ")+" |")
	for i, s := range t.Steps {
		mark := ""
		if t.Loop >= 0 && i == t.Loop {
			mark = " ⟲ cycle starts"
		}
		row := []string{fmt.Sprint(i + 1), cell(s.Text) + mark}
		for _, n := range s.Nodes {
			row = append(row, cell(n))
		}
		row = append(row, cell(s.Net))
		fmt.Fprintln(w, "| "+strings.Join(row, " | ")+" |")
	}
	if t.Loop >= 0 {
		fmt.Fprintf(w, "\nSteps %d–%d repeat forever.\n", t.Loop+1, len(t.Steps))
	}
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
