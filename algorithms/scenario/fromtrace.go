package scenario

import (
	"fmt"
	"strings"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// FromTrace writes a run back as a scenario: the settings of st, then a
// schedule block with every event in canonical form (so it replays exactly
// and nothing can be read two ways), then one "expect" line per entry of
// expects (e.g. "safety violated"). Comments may be attached to events:
// notes[k] goes above event k.
func FromTrace(st *Setup, events []sim.Event, notes map[int][]string, expects ...string) (string, error) {
	w, err := st.world()
	if err != nil {
		return "", err
	}
	v := view{w, renamer(st.Names)}
	f := &File{Stmts: header(st)}
	sch := &ScheduleStmt{}
	for k, e := range events {
		text := v.event(e)
		if _, err := w.Apply(e); err != nil {
			return "", fmt.Errorf("event %d (%s): %v", k+1, text, err)
		}
		es, err := eventStmt(text)
		if err != nil {
			return "", err
		}
		for _, n := range notes[k] {
			for _, l := range wrap(n, noteWidth) {
				es.Lead = append(es.Lead, "# "+l)
			}
		}
		sch.Events = append(sch.Events, es)
	}
	sch.Lead = []string{""}
	f.Stmts = append(f.Stmts, sch)
	for k, x := range expects {
		g, err := Parse("", []byte("expect "+x+"\n"))
		if err != nil || len(g.Stmts) != 1 {
			return "", fmt.Errorf("bad expectation %q: %v", x, err)
		}
		if k == 0 {
			g.Stmts[0].meta().Lead = []string{""}
		}
		f.Stmts = append(f.Stmts, g.Stmts[0])
	}
	return Format(f), nil
}

// noteWidth is how wide a note's lines are kept: with the schedule's
// indent and "# ", a counterexample's summary reads in an editor or a
// terminal without scrolling sideways.
const noteWidth = 72

// wrap breaks text into lines of at most width bytes at spaces (a word
// longer than width gets a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		if cur != "" && len(cur)+1+len(w) > width {
			lines = append(lines, cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

// eventStmt parses one canonical event line.
func eventStmt(text string) (*EventStmt, error) {
	g, err := Parse("", []byte(text+"\n"))
	if err != nil {
		return nil, fmt.Errorf("event %q does not parse: %v", text, err)
	}
	if len(g.Stmts) != 1 {
		return nil, fmt.Errorf("event %q does not parse as one event", text)
	}
	es, ok := g.Stmts[0].(*EventStmt)
	if !ok || es.String() != collapse(text) {
		return nil, fmt.Errorf("event %q does not parse back to itself", text)
	}
	return es, nil
}

// header writes st's settings, leaving out what is the default.
func header(st *Setup) []Stmt {
	id := func(s string) Ident { return Ident{Name: s} }
	s := []Stmt{&AlgorithmStmt{Name: id(st.Alg.Name)}}
	nodes := &NodesStmt{}
	for _, n := range st.Names {
		nodes.Names = append(nodes.Names, id(n))
	}
	s = append(s, nodes)
	if reg := registry.Lookup(st.Alg.Name); reg != nil && reg.FIFO != st.Alg.FIFO {
		s = append(s, &ChannelsStmt{FIFO: st.Alg.FIFO})
	}
	for _, c := range st.Opts.Channels {
		s = append(s, &ChannelStmt{A: id(st.Names[c.From]), B: id(st.Names[c.To]), FIFO: c.FIFO})
	}
	if st.Opts.Requests != 1 {
		s = append(s, &RequestsStmt{Count: st.Opts.Requests})
	}
	for i, r := range st.Requests {
		if r != st.Opts.Requests && st.Alg.Client(i) {
			n := id(st.Names[i])
			s = append(s, &RequestsStmt{Node: &n, Count: r})
		}
	}
	for i, c := range st.Clocks {
		if c != 0 {
			s = append(s, &ClockStmt{Node: id(st.Names[i]), Value: int(c)})
		}
	}
	if st.Cfg.Numbers != 0 {
		s = append(s, &OptionStmt{Key: "numbers", Value: st.Cfg.Numbers})
	}
	if st.Opts.AppMsgs != 0 {
		s = append(s, &OptionStmt{Key: "app-messages", Value: st.Opts.AppMsgs})
	}
	if st.Opts.Crashes != 0 {
		s = append(s, &OptionStmt{Key: "crashes", Value: st.Opts.Crashes})
	}
	if st.Opts.Recoveries != 0 {
		s = append(s, &OptionStmt{Key: "recoveries", Value: st.Opts.Recoveries})
	}
	for i, set := range st.Cfg.Sets {
		vs := &VotingSetStmt{Node: id(st.Names[i])}
		for _, j := range set {
			vs.Members = append(vs.Members, id(st.Names[j]))
		}
		s = append(s, vs)
	}
	return s
}

// NewSetup describes the configuration explore.Check and dmelab check use:
// alg with cfg and opts, every node calling enter() opts.Requests times,
// nodes named names (nil: N1..Nn).
func NewSetup(alg *sim.Algorithm, names []string, cfg sim.Config, opts sim.Options) *Setup {
	if names == nil {
		names = defaultNames(cfg.N)
	}
	st := &Setup{Alg: alg, Names: names, Cfg: cfg, Opts: opts, Requests: make([]int, cfg.N)}
	for i := range st.Requests {
		if alg.Client(i) {
			st.Requests[i] = opts.Requests
		}
	}
	return st
}

// Replay turns canonical event lines written in the simulator's own names
// (N1..Nn, as explore.Trace and dmelab check's JSON give them) into the
// events they are, replaying them on st's initial world.
func Replay(st *Setup, lines []string) ([]sim.Event, error) {
	w, err := st.world()
	if err != nil {
		return nil, err
	}
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

// FromCounterexample writes a counterexample of explore.Check (run on the
// configuration st describes) as a scenario that replays it, ending with
// "expect PROPERTY violated" and the explorer's summary as a comment. For
// starvation the steps from t.Loop on repeat forever; a comment marks them.
func FromCounterexample(st *Setup, t *explore.Trace) (string, error) {
	evs, err := Replay(st, t.Events())
	if err != nil {
		return "", err
	}
	r := renamer(st.Names)
	notes := map[int][]string{}
	if len(evs) > 0 {
		notes[0] = []string{fmt.Sprintf("%s: %s", t.Kind, r.apply(t.Summary))}
	}
	if t.Loop >= 0 && t.Loop < len(evs) {
		notes[t.Loop] = append(notes[t.Loop], "from here on the run repeats forever")
	}
	prop := t.Property
	if prop == "" {
		prop = explore.Safety
		if t.Kind == "deadlock" || t.Kind == "starvation" {
			prop = explore.Liveness
		}
	}
	return FromTrace(st, evs, notes, prop+" violated")
}

// Scenario writes the run back as a scenario whose schedule replays it
// exactly (dmelab run --emit-scenario).
func (r *Result) Scenario() (string, error) {
	if r.setup == nil {
		return "", fmt.Errorf("no setup")
	}
	return FromTrace(r.setup, r.Events, nil)
}
