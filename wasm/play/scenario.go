package play

import (
	"errors"
	"fmt"
	"slices"

	"dmelab/algorithms/diag"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// The scenario language in the playground: the editor asks for
// diagnostics while the student types, "Format" asks for the canonical
// form, and "Run scenario" turns the script's run into a Run the page
// steps through like any other, with the expectations' outcomes beside it.

// ScenarioName is the file name the page's scenarios are reported under.
const ScenarioName = "scenario"

// scenarioMaxStates bounds each search a property expectation starts, so
// that a scenario never freezes the page for long (the page runs scenarios
// on its main thread); beyond it the expectation is undecided.
const scenarioMaxStates = 300000

// ParseScenario parses and checks text as `dmelab run` would before
// running it, and returns every problem found (none: an empty list).
func ParseScenario(text string) []diag.Diagnostic { return ParseScenarioWith(text, "") }

// ParseScenarioWith is ParseScenario for a scenario that may run on an
// edited listing (see NewScenarioRunWith). A listing that does not
// compile is not the scenario's problem: the scenario is checked as
// ParseScenario does.
func ParseScenarioWith(text, lst string) []diag.Diagnostic {
	alg, _ := compileListing(lst)
	_, err := scenario.LoadWith(ScenarioName, []byte(text), alg)
	return scenario.Diagnostics(text, err)
}

// compileListing compiles an edited listing a scenario runs on; "" is
// none (nil, the built-in algorithms).
func compileListing(lst string) (*sim.Algorithm, error) {
	if lst == "" {
		return nil, nil
	}
	alg, err := listing.Load("listing", lst)
	if err != nil {
		var list listing.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			return nil, fmt.Errorf("the listing does not compile: line %d: %s", list[0].Pos.Line, list[0].Msg)
		}
		return nil, fmt.Errorf("the listing does not compile: %v", err)
	}
	return alg, nil
}

// FormatScenario returns text in canonical form (`dmelab fmt`); a text
// that does not parse is returned with its diagnostics instead.
func FormatScenario(text string) (string, []diag.Diagnostic) {
	f, err := scenario.Parse(ScenarioName, []byte(text))
	if err != nil {
		return "", scenario.Diagnostics(text, err)
	}
	return scenario.Format(f), nil
}

// Script is what a scenario adds to its Run: where each of its steps came
// from, what the expectations said, and whether the script stopped early.
type Script struct {
	// Lines[k] is the scenario line behind step k+1 (an event line, or the
	// run statement that took it).
	Lines   []int         `json:"lines"`
	Expects []Expectation `json:"expects"`
	// Stopped: the script could not go on (an event that was not
	// possible, a run whose condition never came true).
	Stopped *diag.Diagnostic `json:"stopped,omitempty"`
	// Events is the number of steps the script took; Truncated says that
	// the timeline could not hold them all (MaxEvents).
	Events    int  `json:"events"`
	Truncated bool `json:"truncated,omitempty"`
	// Diverged: the timeline no longer starts with the script's steps
	// (the student took another event), so the expectations speak of a
	// run that is not the one shown.
	Diverged bool `json:"diverged"`
	// OK: the script ran to its end and every expectation held.
	OK bool `json:"ok"`
	// Requests, when the scenario gives some node a number of enter()
	// calls of its own (requests NODE = INT), is every node's number of
	// them, in node order (0 for a node that is no client, a central
	// server); nil when every client has the one of Params.Requests. The
	// settings show Params.Requests, which is then only the others'.
	Requests []int `json:"requests,omitempty"`
}

// Expectation is one expect line's outcome, checked after After steps.
// Line and Col place the expect line as a diag.Diagnostic does (Col in
// UTF-16 units).
type Expectation struct {
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Text   string `json:"text"`
	Status string `json:"status"` // ok, FAIL, UNKNOWN, not reached
	Got    string `json:"got"`
	After  int    `json:"after"`
	// Witness: for a property expectation that failed or was found
	// violated, the events (scenario names) of a run that shows it, from
	// the expectation's point.
	Witness []string `json:"witness,omitempty"`
}

// script is a Run's link to the scenario it was made from.
type script struct {
	sc     *scenario.Scenario
	info   Script
	events []string // the script's steps, canonical (simulator names)
}

// NewScenarioRun loads text, runs its script (scenario.Run: events, run
// statements, expectations) and returns a Run whose timeline is that run,
// the cursor at its end. A text with errors returns its diagnostics and
// no run.
func NewScenarioRun(text string) (*Run, []diag.Diagnostic, error) {
	return NewScenarioRunWith(text, "")
}

// NewScenarioRunWith is NewScenarioRun for a scenario that may run on an
// edited listing lst (a listing exercise's counterexample, a scenario of
// the algorithm the Listing view edits): when the scenario names lst's
// algorithm, the run is of lst (its Params.Listing), whose variables its
// expectations may name; otherwise lst is not used. A listing that does
// not compile is an error.
func NewScenarioRunWith(text, lst string) (*Run, []diag.Diagnostic, error) {
	alg, err := compileListing(lst)
	if err != nil {
		return nil, nil, err
	}
	sc, err := scenario.LoadWith(ScenarioName, []byte(text), alg)
	if err != nil {
		return nil, scenario.Diagnostics(text, err), nil
	}
	st := &sc.Setup
	p := Params{Algo: st.Alg.Name, Nodes: len(st.Names), Requests: st.Opts.Requests,
		AppMessages: st.Opts.AppMsgs, Numbers: st.Cfg.Numbers, Crashes: st.Opts.Crashes, Recoveries: st.Opts.Recoveries}
	if alg != nil && st.Alg.Name == alg.Name {
		p.Listing = lst
	}
	// The scenario's channels, where it sets them: its run is of that
	// system, and so is an exploration of its settings.
	base := registry.Lookup(st.Alg.Name)
	if p.Listing != "" {
		base = alg
	}
	if base != nil && base.FIFO != st.Alg.FIFO {
		p.Channels = "unordered"
		if st.Alg.FIFO {
			p.Channels = "fifo"
		}
	}
	for _, c := range st.Opts.Channels {
		p.Channel = append(p.Channel, ChannelParam{From: c.From, To: c.To, FIFO: c.FIFO})
	}
	w, err := st.SimWorld()
	if err != nil {
		return nil, nil, err
	}
	r, err := NewRunFrom(p, w, st.Rename)
	if err != nil {
		return nil, nil, err
	}
	res := scenario.Run(sc, scenario.Options{MaxStates: scenarioMaxStates, Progress: yieldProgress})
	s := &script{sc: sc, info: Script{Lines: []int{}, Expects: []Expectation{}, Events: len(res.Events), OK: res.OK()}}
	for i, n := range st.Requests {
		if st.Alg.Client(i) && n != st.Opts.Requests {
			s.info.Requests = slices.Clone(st.Requests)
			break
		}
	}
	for k, e := range res.Events {
		if err := r.ApplyEvent(e); err != nil {
			s.info.Truncated = true
			break
		}
		s.events = append(s.events, r.steps[k].Event)
		s.info.Lines = append(s.info.Lines, res.Steps[k].Pos.Line)
	}
	// The lines as the scanner numbers them (LF, CRLF, a lone CR).
	lines := diag.Lines(text)
	for _, x := range res.Expects {
		ex := Expectation{Line: x.Pos.Line, Col: lines.Col(x.Pos.Line, x.Pos.Col), Text: x.Text,
			Status: string(x.Status), Got: x.Got, After: stepsBefore(res.Steps, x.Pos)}
		if x.Witness != nil {
			ex.Witness = x.Witness.Events
		}
		s.info.Expects = append(s.info.Expects, ex)
	}
	if res.Stopped != nil {
		d := scenario.Diagnostics(text, res.Stopped)[0]
		s.info.Stopped = &d
	}
	r.script = s
	return r, nil, nil
}

// stepsBefore counts the steps caused by statements before p: the script
// runs in order, so that is how many had been taken when the statement at
// p was checked.
func stepsBefore(steps []scenario.Step, p scenario.Pos) int {
	n := 0
	for _, s := range steps {
		if s.Pos.Line < p.Line || s.Pos.Line == p.Line && s.Pos.Col < p.Col {
			n++
		}
	}
	return n
}

// scriptState is the Script as of the run's current timeline.
func (r *Run) scriptState() *Script {
	if r.script == nil {
		return nil
	}
	info := r.script.info
	for k, ev := range r.script.events {
		if k >= len(r.steps) || r.steps[k].Event != ev {
			info.Diverged = true
			break
		}
	}
	return &info
}

// Scenario writes the run's whole timeline as a scenario file that
// replays it exactly (scenario.FromTrace): the run's settings (a
// scenario's own, with its node names and clocks), then a schedule block.
// A comment marks the step the cursor is at, if not the end.
func (r *Run) Scenario() (string, error) {
	var st *scenario.Setup
	if r.script != nil {
		st = &r.script.sc.Setup
	} else {
		cfg, opts := r.p.config()
		opts.Order = false // ghost state: no setting of its own, nothing to write
		st = scenario.NewSetup(r.alg, nil, cfg, opts)
	}
	evs, err := scenario.Replay(st, r.Events())
	if err != nil {
		return "", err
	}
	notes := map[int][]string{}
	if r.pos < len(evs) {
		notes[r.pos] = []string{"the playground showed the state before this step"}
	}
	return scenario.FromTrace(st, evs, notes)
}

// ScenarioCheck is a scenario's exploration, as `dmelab explore` does it:
// the script runs, then every completion of the state it ends in is
// explored, each violated property coming back as a whole scenario (the
// script's steps, then the completion) that replays it.
type ScenarioCheck struct {
	// From is the number of steps the script took: the search starts there.
	From       int               `json:"from"`
	States     int               `json:"states"`
	Complete   bool              `json:"complete"`
	Settled    bool              `json:"settled,omitempty"` // stopped early, every verdict final
	Properties map[string]string `json:"properties"`
	// Counterexamples maps each violated property to its kind, summary and
	// scenario.
	Counterexamples map[string]ScenarioTrace `json:"counterexamples"`
	Note            string                   `json:"note,omitempty"`
	// Stopped: the script could not run to its end, so nothing was
	// explored.
	Stopped *diag.Diagnostic `json:"stopped,omitempty"`
}

// ScenarioTrace is one counterexample of a scenario's exploration.
type ScenarioTrace struct {
	Kind     string `json:"kind"`
	Summary  string `json:"summary"`
	Scenario string `json:"scenario"`
}

// ExploreScenario explores text (see ScenarioCheck) within maxStates per
// search (0: the scenario package's default). A text with errors returns
// its diagnostics.
func ExploreScenario(text string, maxStates int) (*ScenarioCheck, []diag.Diagnostic, error) {
	return ExploreScenarioWith(text, "", maxStates)
}

// ExploreScenarioWith is ExploreScenario for a scenario that may run on
// an edited listing (see NewScenarioRunWith).
func ExploreScenarioWith(text, lst string, maxStates int) (*ScenarioCheck, []diag.Diagnostic, error) {
	return ExploreScenarioAsked(text, lst, ScenarioAsk{MaxStates: maxStates})
}

// ScenarioAsk is what the page asks of a scenario's exploration beyond
// its text.
type ScenarioAsk struct {
	MaxStates int
	// Order asks for Order too: the scenario's run then tracks
	// happened-before from its start, as a scenario that says "expect
	// order ..." does (without it, only safety and liveness are settled).
	Order bool
	// Progress, if set, hears from the search every few thousand states.
	Progress func(explore.Progress)
}

// ExploreScenarioAsked is ExploreScenarioWith as the page asks it.
func ExploreScenarioAsked(text, lst string, ask ScenarioAsk) (*ScenarioCheck, []diag.Diagnostic, error) {
	alg, err := compileListing(lst)
	if err != nil {
		return nil, nil, err
	}
	sc, err := scenario.LoadWith(ScenarioName, []byte(text), alg)
	if err != nil {
		return nil, scenario.Diagnostics(text, err), nil
	}
	if ask.Order && !sc.Setup.Alg.Election {
		sc.Setup.Opts.Order = true
	}
	progress := yieldProgress
	if ask.Progress != nil {
		progress = func(p explore.Progress) { ask.Progress(p); yield() }
	}
	x, err := scenario.Explore(sc, scenario.Options{MaxStates: ask.MaxStates, Progress: progress})
	if err != nil {
		return nil, nil, err
	}
	out := &ScenarioCheck{From: len(x.Run.Steps), Properties: map[string]string{}, Counterexamples: map[string]ScenarioTrace{}}
	if x.Run.Stopped != nil {
		d := scenario.Diagnostics(text, x.Run.Stopped)[0]
		out.Stopped = &d
		return out, nil, nil
	}
	v := x.Verdicts
	out.States, out.Complete, out.Settled, out.Note = v.States, v.Complete, v.Settled, v.Note
	for p, verdict := range v.Verdict {
		out.Properties[p] = string(verdict)
	}
	for p, src := range x.Counterexamples {
		t := ScenarioTrace{Scenario: src}
		if w := v.Witness[p]; w != nil {
			t.Kind, t.Summary = w.Kind, w.Summary
		}
		out.Counterexamples[p] = t
	}
	return out, nil, nil
}
