//go:build js && wasm

// Command wasm is the playground's WebAssembly entry point: it exposes the
// core (package play) to JavaScript as globalThis.dmelabCore and then waits
// forever, so that the page (and the explorer's Web Worker) can call it.
//
// Every function takes plain JavaScript values and returns an envelope
// {value} or {error: "message"}; the page's wasm.js turns errors into
// exceptions. Values are the JSON-tagged structures of package play,
// passed through JSON so that JavaScript sees exactly their JSON shape.
//
//	list()                                  → [AlgoInfo]
//	newRun(params)                          → {id, state}
//	state(id), back(id), forward(id)        → State
//	apply(id, event)                        → State  (event: canonical string or enabled index)
//	seek(id, k), load(id, [events])         → State
//	step(id), run(id, limit)                → State  (default policy)
//	free(id)
//	check(checkParams, progress)            → CheckResult (progress(states, transitions, depth) → true cancels)
//	parse(text, listing)                    → [diag.Diagnostic] (empty: no problem)
//	format(text)                            → {text} or {errors: [diag.Diagnostic]}
//	scenario(text, listing)                 → {id, state} or {errors: [diag.Diagnostic]}
//	exploreScenario(text, maxStates, listing, order, progress) → ScenarioCheck or {errors: [diag.Diagnostic]}
//	                                        (order: also Order; progress(states, depth) every few thousand states)
//	emit(id)                                → the run's timeline as a scenario file
//	listing(name)                           → {text} (the algorithm's shipped listing; "" if none)
//	parseListing(text)                      → [Diagnostic] (empty: no problem)
//	formatListing(text)                     → {text} or {errors: [Diagnostic]}
//
// A Diagnostic's col counts UTF-16 units (as the page's editor does),
// where the scenario and listing packages count bytes. newRun, check and
// counterexample take params.listing: the text of an edited listing, run
// instead of the built-in algorithm; parse, scenario and exploreScenario
// take one as their optional listing argument, which a scenario naming
// its algorithm runs on (play.NewScenarioRunWith).
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"

	"dmelab/algorithms/explore"
	"dmelab/wasm/play"
)

var (
	runs   = map[int]*play.Run{}
	nextID = 1
)

func main() {
	api := map[string]func(args []js.Value) (any, error){
		"list":            func([]js.Value) (any, error) { return play.List(), nil },
		"newRun":          newRun,
		"state":           withRun(func(r *play.Run, _ []js.Value) error { return nil }),
		"back":            withRun(func(r *play.Run, _ []js.Value) error { r.Back(); return nil }),
		"forward":         withRun(func(r *play.Run, _ []js.Value) error { r.Forward(); return nil }),
		"apply":           withRun(apply),
		"seek":            withRun(func(r *play.Run, a []js.Value) error { return r.Seek(arg(a, 0).Int()) }),
		"load":            withRun(load),
		"step":            withRun(func(r *play.Run, _ []js.Value) error { _, err := r.StepDefault(); return err }),
		"run":             withRun(runDefault),
		"cycle":           cycle,
		"free":            freeRun,
		"check":           check,
		"parse":           func(a []js.Value) (any, error) { return play.ParseScenarioWith(text(a), str(a, 1)), nil },
		"format":          format,
		"scenario":        newScenarioRun,
		"emit":            emit,
		"exploreScenario": exploreScenario,
		"counterexample":  counterexample,
		"listing":         func(a []js.Value) (any, error) { return map[string]any{"text": play.ListingOf(text(a))}, nil },
		"starter":         starterOf,
		"parseListing":    parseListing,
		"formatListing":   formatListing,
	}
	core := js.Global().Get("Object").New()
	for name, f := range api {
		core.Set(name, js.FuncOf(envelope(f)))
	}
	js.Global().Set("dmelabCore", core)
	if ready := js.Global().Get("dmelabReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// envelope turns a Go function into a JavaScript one returning {value} or
// {error}, and a panic into an error, so the page never sees a dead
// runtime.
func envelope(f func([]js.Value) (any, error)) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = fail(fmt.Errorf("internal error: %v", r))
			}
		}()
		v, err := f(args)
		if err != nil {
			return fail(err)
		}
		b, err := json.Marshal(map[string]any{"value": v})
		if err != nil {
			return fail(err)
		}
		return js.Global().Get("JSON").Call("parse", string(b))
	}
}

func fail(err error) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("error", err.Error())
	return o
}

func arg(a []js.Value, i int) js.Value {
	if i < len(a) {
		return a[i]
	}
	return js.Undefined()
}

// fromJS decodes a JavaScript object into v through JSON.
func fromJS(x js.Value, v any) error {
	if x.Type() != js.TypeObject {
		return errors.New("expected an object")
	}
	s := js.Global().Get("JSON").Call("stringify", x).String()
	return json.Unmarshal([]byte(s), v)
}

func newRun(a []js.Value) (any, error) {
	var p play.Params
	if err := fromJS(arg(a, 0), &p); err != nil {
		return nil, err
	}
	r, err := play.NewRun(p)
	if err != nil {
		return nil, err
	}
	id := nextID
	nextID++
	runs[id] = r
	return map[string]any{"id": id, "state": r.State()}, nil
}

func freeRun(a []js.Value) (any, error) {
	delete(runs, arg(a, 0).Int())
	return nil, nil
}

// withRun looks up the run named by the first argument, lets f change it,
// and returns its new state.
func withRun(f func(*play.Run, []js.Value) error) func([]js.Value) (any, error) {
	return func(a []js.Value) (any, error) {
		id := arg(a, 0)
		if id.Type() != js.TypeNumber {
			return nil, errors.New("no run id")
		}
		r := runs[id.Int()]
		if r == nil {
			return nil, fmt.Errorf("no run %d", id.Int())
		}
		if err := f(r, a[1:]); err != nil {
			return nil, err
		}
		return r.State(), nil
	}
}

func apply(r *play.Run, a []js.Value) error {
	ev := arg(a, 0)
	switch ev.Type() {
	case js.TypeNumber:
		return r.ApplyIndex(ev.Int())
	case js.TypeString:
		return r.Apply(ev.String())
	}
	return errors.New("apply takes an event string or an enabled-event index")
}

func load(r *play.Run, a []js.Value) error {
	var evs []string
	x := arg(a, 0)
	if x.Type() != js.TypeObject {
		return errors.New("load takes a list of events")
	}
	for i := 0; i < x.Length(); i++ {
		evs = append(evs, x.Index(i).String())
	}
	return r.Load(evs)
}

// cycle answers {start, end} where the run, from the step given on, has
// settled into a cycle (play.Run.Cycle), or null.
func cycle(a []js.Value) (any, error) {
	id := arg(a, 0)
	if id.Type() != js.TypeNumber {
		return nil, errors.New("no run id")
	}
	r := runs[id.Int()]
	if r == nil {
		return nil, fmt.Errorf("no run %d", id.Int())
	}
	from := 0
	if f := arg(a, 1); f.Type() == js.TypeNumber {
		from = f.Int()
	}
	start, end, ok := r.Cycle(from)
	if !ok {
		return nil, nil
	}
	return map[string]int{"start": start, "end": end}, nil
}

func runDefault(r *play.Run, a []js.Value) error {
	limit := play.MaxEvents
	if l := arg(a, 0); l.Type() == js.TypeNumber {
		limit = l.Int()
	}
	_, err := r.RunDefault(limit)
	return err
}

func check(a []js.Value) (any, error) {
	var p play.CheckParams
	if err := fromJS(arg(a, 0), &p); err != nil {
		return nil, err
	}
	var progress func(explore.Progress) bool
	if cb := arg(a, 1); cb.Type() == js.TypeFunction {
		progress = func(pr explore.Progress) bool {
			// The liveness check after the search: the node whose waiting
			// states it goes through (-1 during the search), and how many
			// states it has gone through; then whether this is the full
			// search for a shorter counterexample after a reduced one.
			node := -1
			if pr.Liveness {
				node = pr.Node
			}
			return cb.Invoke(pr.States, pr.Transitions, pr.Depth, node, pr.Checked, pr.Shortening).Truthy()
		}
	}
	return play.Check(p, progress)
}

// counterexample(params, trace) writes a counterexample of check (over
// params) as a scenario that replays it.
func counterexample(a []js.Value) (any, error) {
	var p play.Params
	if err := fromJS(arg(a, 0), &p); err != nil {
		return nil, err
	}
	var t play.Trace
	if err := fromJS(arg(a, 1), &t); err != nil {
		return nil, err
	}
	return play.CounterexampleScenario(p, t)
}

func text(a []js.Value) string { return str(a, 0) }

// str is argument i if it is a string, else "".
func str(a []js.Value, i int) string {
	if t := arg(a, i); t.Type() == js.TypeString {
		return t.String()
	}
	return ""
}

func format(a []js.Value) (any, error) {
	out, errs := play.FormatScenario(text(a))
	if len(errs) > 0 {
		return map[string]any{"errors": errs}, nil
	}
	return map[string]any{"text": out}, nil
}

func newScenarioRun(a []js.Value) (any, error) {
	r, errs, err := play.NewScenarioRunWith(text(a), str(a, 1))
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return map[string]any{"errors": errs}, nil
	}
	id := nextID
	nextID++
	runs[id] = r
	return map[string]any{"id": id, "state": r.State()}, nil
}

func exploreScenario(a []js.Value) (any, error) {
	max := 0
	if m := arg(a, 1); m.Type() == js.TypeNumber {
		max = m.Int()
	}
	ask := play.ScenarioAsk{MaxStates: max, Order: arg(a, 3).Truthy()}
	if cb := arg(a, 4); cb.Type() == js.TypeFunction {
		ask.Progress = func(pr explore.Progress) { cb.Invoke(pr.States, pr.Depth) }
	}
	x, errs, err := play.ExploreScenarioAsked(text(a), str(a, 2), ask)
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return map[string]any{"errors": errs}, nil
	}
	return x, nil
}

func emit(a []js.Value) (any, error) {
	id := arg(a, 0)
	if id.Type() != js.TypeNumber || runs[id.Int()] == nil {
		return nil, errors.New("no such run")
	}
	return runs[id.Int()].Scenario()
}

func parseListing(a []js.Value) (any, error) {
	t := text(a)
	return play.ParseListing(t), nil
}

func formatListing(a []js.Value) (any, error) {
	t := text(a)
	out, probs := play.FormatListing(t)
	if len(probs) > 0 {
		return map[string]any{"errors": probs}, nil
	}
	return map[string]any{"text": out}, nil
}

// starterOf is the starter scenario of an algorithm (argument 0) for n
// nodes (argument 1): {text}.
func starterOf(a []js.Value) (any, error) {
	n := 0
	if v := arg(a, 1); v.Type() == js.TypeNumber {
		n = v.Int()
	}
	t, err := play.Starter(text(a), n)
	if err != nil {
		return nil, err
	}
	return map[string]any{"text": t}, nil
}
