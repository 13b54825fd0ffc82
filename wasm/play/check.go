package play

import (
	"errors"
	"fmt"
	"time"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/metrics"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// CheckParams is one model-checking request from the page.
type CheckParams struct {
	Params
	// Props to check (safety, liveness, order); empty means all three.
	Props     []string `json:"props"`
	MaxStates int      `json:"maxStates"`
	First     bool     `json:"first"`
	NoReduce  bool     `json:"noReduce"`
	// ProgressEvery: states between two progress reports (0: 4096).
	ProgressEvery int `json:"progressEvery"`
}

// CheckResult has exactly the shape of `dmelab check --json`, so a result
// can be compared with, or pasted next to, the command line's.
type CheckResult struct {
	Algorithm   string `json:"algorithm"`
	Nodes       int    `json:"nodes"`
	Requests    int    `json:"requests"`
	Mode        string `json:"mode"`
	States      int    `json:"states"`
	Transitions int    `json:"transitions"`
	Complete    bool   `json:"complete"`
	// Settled: the search stopped early, every verdict final (see
	// explore.Result.Settled).
	Settled         bool              `json:"settled,omitempty"`
	Reduced         bool              `json:"reduced"`
	Sleep           bool              `json:"sleep,omitempty"` // sleep sets took fewer transitions (explore.Result.Sleep)
	ElapsedMS       int64             `json:"elapsed_ms"`
	Properties      map[string]string `json:"properties"`
	Counterexample  *Trace            `json:"counterexample"`
	Counterexamples map[string]*Trace `json:"counterexamples"`
	Metrics         *Metrics          `json:"metrics"`
}

// Trace is a counterexample as the command line prints it.
type Trace struct {
	Property string   `json:"property,omitempty"`
	Kind     string   `json:"kind"`
	Summary  string   `json:"summary"`
	Length   int      `json:"length"`
	Loop     *int     `json:"loop_from,omitempty"`
	Steps    []string `json:"steps"`
}

// Metrics as the command line prints them.
type Metrics struct {
	MessagesPerEntry          float64 `json:"messages_per_entry"`
	ClientDelay               int     `json:"client_delay"`
	SyncDelay                 float64 `json:"sync_delay"`
	ContendedMessagesPerEntry float64 `json:"contended_messages_per_entry"`
	// Overlap: two nodes were in the CS at once in the contended run,
	// so there is no synchronization delay to give (metrics.Metrics).
	Overlap bool `json:"overlap,omitempty"`
}

// ErrCancelled is returned when the progress callback asked to stop.
var ErrCancelled = errors.New("exploration cancelled")

// cancelled unwinds the explorer from inside its progress callback.
type cancelled struct{}

// Check runs the explorer as `dmelab check` does. progress, if not nil, is
// called every ProgressEvery states; returning true stops the search, and
// Check then returns ErrCancelled.
func Check(p CheckParams, progress func(explore.Progress) (stop bool)) (res *CheckResult, err error) {
	alg, err := p.validate()
	if err != nil {
		return nil, err
	}
	if p.MaxStates < 0 {
		return nil, fmt.Errorf("maxStates must not be negative, got %d", p.MaxStates)
	}
	props, err := checkProps(p.Props)
	if err != nil {
		return nil, err
	}
	cfg := explore.Config{
		Alg:       alg,
		Sim:       sim.Config{N: p.Nodes, Numbers: p.Numbers},
		Opts:      sim.Options{Requests: p.Requests, AppMsgs: p.AppMessages, Crashes: p.Crashes, Recoveries: p.Recoveries, Channels: p.channels()},
		Props:     props,
		MaxStates: p.MaxStates,
		First:     p.First,
		NoReduce:  p.NoReduce,
		Stop:      yield,
	}
	cfg.ProgressEvery = p.ProgressEvery
	if cfg.ProgressEvery <= 0 {
		cfg.ProgressEvery = 4096
	}
	if progress != nil {
		cfg.Progress = func(pr explore.Progress) {
			if progress(pr) {
				panic(cancelled{})
			}
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(cancelled); !ok {
				panic(r)
			}
			res, err = nil, ErrCancelled
		}
	}()
	start := time.Now()
	r, err := explore.Check(cfg)
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	met, _ := metrics.Measure(alg, cfg.Sim)
	return ResultOf(p.Params, r, elapsed, met), nil
}

func checkProps(in []string) ([]string, error) {
	if len(in) == 0 {
		return append([]string(nil), explore.Properties...), nil
	}
	for _, p := range in {
		switch p {
		case explore.Safety, explore.Liveness, explore.Order:
		default:
			return nil, fmt.Errorf("unknown property %q (known: safety, liveness, order)", p)
		}
	}
	return in, nil
}

// ResultOf is r (a search over p, with its metrics) as `dmelab check
// --json` prints it: the command line builds its answer with it too, so
// the two cannot drift apart.
func ResultOf(p Params, r *explore.Result, elapsed time.Duration, met *metrics.Metrics) *CheckResult {
	out := &CheckResult{
		Algorithm: p.Algo, Nodes: p.Nodes, Requests: p.Requests, Mode: "exhaustive",
		States: r.States, Transitions: r.Transitions, Complete: r.Complete, Settled: r.Settled, Reduced: r.Reduced, Sleep: r.Sleep,
		ElapsedMS: elapsed.Milliseconds(), Properties: map[string]string{},
		Counterexamples: map[string]*Trace{},
	}
	for _, prop := range explore.Properties {
		out.Properties[prop] = string(explore.Unknown)
		if v, ok := r.Verdicts[prop]; ok {
			out.Properties[prop] = string(v)
		}
		if t := r.Counterexamples[prop]; t != nil {
			jt := toTrace(t)
			jt.Property = ""
			out.Counterexamples[prop] = jt
		}
	}
	if t := r.Shortest(); t != nil {
		out.Counterexample = toTrace(t)
	}
	if met != nil {
		out.Metrics = &Metrics{met.MessagesPerEntry, met.ClientDelay, met.SyncDelay, met.ContendedMessagesPerEntry, met.Overlap}
	}
	return out
}

func toTrace(t *explore.Trace) *Trace {
	j := &Trace{Property: t.Property, Kind: t.Kind, Summary: t.Summary, Length: len(t.Steps), Steps: t.Events()}
	if t.Loop >= 0 {
		l := t.Loop
		j.Loop = &l
	}
	return j
}

// CounterexampleScenario writes a counterexample Check found over p (t as
// Check returned it, its property named) as a scenario that replays it,
// as `dmelab check --emit-scenario` does: the steps as a schedule, then
// "expect PROPERTY violated". The page loads it into the editor, where
// it runs, steps and shares like any scenario.
func CounterexampleScenario(p Params, t Trace) (string, error) {
	alg, err := p.validate()
	if err != nil {
		return "", err
	}
	if _, err := checkProps([]string{t.Property}); err != nil {
		return "", err
	}
	cfg, opts := p.config()
	opts.Order = t.Property == explore.Order
	et := &explore.Trace{Property: t.Property, Kind: t.Kind, Summary: t.Summary, Loop: -1}
	if t.Loop != nil {
		et.Loop = *t.Loop
	}
	for _, ev := range t.Steps {
		et.Steps = append(et.Steps, explore.TraceStep{Event: ev})
	}
	if !opts.Order {
		// A search for safety and liveness alone leaves application
		// messages out; one that checked Order with them keeps them.
		reduced := opts
		reduced.AppMsgs = 0
		if src, err := scenario.FromCounterexample(scenario.NewSetup(alg, nil, cfg, reduced), et); err == nil {
			return src, nil
		}
	}
	return scenario.FromCounterexample(scenario.NewSetup(alg, nil, cfg, opts), et)
}
