package scenario

import (
	"fmt"
	"strings"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// Exploration is what dmelab explore reports: the script's run, then the
// verdict of every property over every completion of the state the script
// ends in, each violation written back as a whole scenario (the script's
// events, then the completion) that replays it.
type Exploration struct {
	Run      *Result   `json:"run"`
	Verdicts *Verdicts `json:"verdicts,omitempty"`
	// Counterexamples maps each violated property to a scenario.
	Counterexamples map[string]string `json:"counterexamples,omitempty"`
}

// Explore runs s's script (its expectations are checked as by Run) and
// explores every completion of where it ends. If the script stopped, there
// is nothing to explore and Verdicts is nil.
func Explore(s *Scenario, opts Options) (*Exploration, error) {
	r := Run(s, opts)
	x := &Exploration{Run: r, Counterexamples: map[string]string{}}
	if r.Stopped != nil || r.end == nil {
		return x, nil
	}
	run := &runner{s: s, opts: opts, w: r.end, v: view{r.end, renamer(s.Setup.Names)}, res: r}
	x.Verdicts = run.explore(nil, Pos{})
	for p, wt := range x.Verdicts.Witness {
		tail, err := replayFrom(r.end, wt.lines)
		if err != nil {
			return nil, fmt.Errorf("%s counterexample: %v", p, err)
		}
		evs := append(append([]sim.Event(nil), r.Events...), tail...)
		notes := map[int][]string{}
		at := len(r.Events)
		if at < len(evs) {
			notes[at] = []string{fmt.Sprintf("%s: %s", wt.Kind, wt.Summary)}
			if at > 0 {
				notes[at] = append([]string{"the script ends here; the explorer's completion follows"}, notes[at]...)
			}
		}
		if wt.Loop >= 0 && at+wt.Loop < len(evs) {
			notes[at+wt.Loop] = append(notes[at+wt.Loop], "from here on the run repeats forever")
		}
		src, err := FromTrace(&s.Setup, evs, notes, p+" violated")
		if err != nil {
			return nil, err
		}
		x.Counterexamples[p] = src
	}
	return x, nil
}

// replayFrom turns canonical event lines in the simulator's own names into
// events, applying them to a copy of w.
func replayFrom(w *sim.World, lines []string) ([]sim.Event, error) {
	w = w.Clone()
	var evs []sim.Event
	for k, l := range lines {
		e, err := w.FindEvent(l)
		if err == nil && w.EventString(e) != collapse(l) {
			err = fmt.Errorf("%q is not enabled exactly", l)
		}
		if err != nil {
			return nil, fmt.Errorf("step %d: %v", k+1, err)
		}
		if _, err := w.Apply(e); err != nil {
			return nil, fmt.Errorf("step %d: %v", k+1, err)
		}
		evs = append(evs, e)
	}
	return evs, nil
}

// Exit is the exit status of an exploration, the same codes as Run's and
// dmelab check's: 1 if the script's own run fails (it stopped, or an
// expectation is false or not reached) or a property is violated over
// some completion; otherwise 3 if an expectation or a verdict is
// undecided or the search incomplete; 0 when everything holds.
func (x *Exploration) Exit() int {
	run := x.Run.Exit()
	if run == 1 || x.Verdicts == nil {
		return 1
	}
	code := run
	for _, v := range x.Verdicts.Verdict {
		switch v {
		case explore.Violated:
			return 1
		case explore.Unknown:
			code = 3
		}
	}
	if !x.Verdicts.Complete && !x.Verdicts.Settled {
		code = 3
	}
	return code
}

// Report renders an exploration for people: where the script ended, each
// property's verdict with the search's size, and every counterexample as
// the scenario that replays it.
func (x *Exploration) Report() string {
	var b strings.Builder
	r := x.Run
	fmt.Fprintf(&b, "%s: %s, nodes %s\n", r.Name, r.Algorithm, strings.Join(r.Nodes, " "))
	if r.Stopped != nil {
		fmt.Fprintf(&b, "STOPPED %s\n", r.Stopped)
		return b.String()
	}
	from := "the initial state"
	if len(r.Steps) > 0 {
		from = fmt.Sprintf("the end of the script (step %d)", len(r.Steps))
	}
	v := x.Verdicts
	fmt.Fprintf(&b, "every completion of %s: %d states searched", from, v.States)
	switch {
	case v.Settled:
		b.WriteString(" (settled: every verdict final)")
	case !v.Complete:
		b.WriteString(" (incomplete)")
	}
	b.WriteString("\n")
	for _, p := range explore.Properties {
		verdict, ok := v.Verdict[p]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "  %-8s %s", p, verdict)
		if w := v.Witness[p]; w != nil {
			fmt.Fprintf(&b, ": %s", w.Summary)
		}
		b.WriteString("\n")
	}
	if v.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", v.Note)
	}
	for _, p := range explore.Properties {
		if src, ok := x.Counterexamples[p]; ok {
			fmt.Fprintf(&b, "\n# counterexample (%s), a scenario that replays it:\n%s", p, src)
		}
	}
	return b.String()
}
