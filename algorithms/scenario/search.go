package scenario

import (
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// Verdicts settle the properties over every completion of a state: every
// way the run can go on from there within the scenario's budgets.
type Verdicts struct {
	Verdict map[string]explore.Verdict `json:"verdicts"`
	// Witness holds, for each violated property, the events (in the
	// scenario's names) that lead from the state to the violation; Loop
	// is the index in it where a starvation cycle starts, or -1.
	Witness map[string]*Witness `json:"witnesses,omitempty"`
	States  int                 `json:"states"`
	// Complete: every reachable state was visited.
	Complete bool `json:"complete"`
	// Note says why a verdict is unknown, if one is.
	Note string `json:"note,omitempty"`
	// Engine is "explore.Check" when the state was the configuration's
	// initial state (the full explorer, with starvation), otherwise
	// "scenario search" (see searchFrom).
	Engine string `json:"engine"`
}

// Witness is a run that violates a property.
type Witness struct {
	Kind    string      `json:"kind"` // "two nodes in the CS", "deadlock", "starvation", "order"
	Summary string      `json:"summary"`
	Events  []string    `json:"events"`
	Loop    int         `json:"loop"`
	events  []sim.Event // from the state (searchFrom's witnesses)
	lines   []string    // in the simulator's names (explore.Check's)
}

// props are the properties a scenario's world can settle: Order only when
// its ghost state is on.
func props(w *sim.World) []string {
	if w.Opts.Order {
		return []string{explore.Safety, explore.Liveness, explore.Order}
	}
	return []string{explore.Safety, explore.Liveness}
}

// searchFrom explores every completion of w breadth first, storing states
// exactly, and settles safety, deadlock and order. It is the stand-in for an
// explorer entry point that starts from a given world (explore.Check only
// starts from a configuration's initial state): it has no partial-order
// reduction and no starvation analysis, so liveness holds only when no
// deadlock is reachable and the state graph has no cycle (then every run
// ends, and ends well); with a cycle and no deadlock liveness is unknown.
func searchFrom(w0 *sim.World, maxStates int) *Verdicts {
	type state struct {
		parent int
		ev     sim.Event
	}
	v := &Verdicts{Verdict: map[string]explore.Verdict{}, Witness: map[string]*Witness{}, Engine: "scenario search"}
	var enc sim.Enc
	encode := func(w *sim.World) string {
		enc.B = enc.B[:0]
		w.Encode(&enc)
		return string(enc.B)
	}
	index := map[string]int{}
	states := []state{{parent: -1}}
	codes := []string{encode(w0)}
	index[codes[0]] = 0
	var edges [][]int
	path := func(k int, last *sim.Event) []sim.Event {
		var p []sim.Event
		for ; k > 0; k = states[k].parent {
			p = append(p, states[k].ev)
		}
		for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
			p[a], p[b] = p[b], p[a]
		}
		if last != nil {
			p = append(p, *last)
		}
		return p
	}
	found := func(prop, kind string, evs []sim.Event) {
		if _, ok := v.Witness[prop]; !ok {
			v.Witness[prop] = &Witness{Kind: kind, Loop: -1, events: evs}
		}
	}
	w := w0.Clone()
	v.Complete = true
	for k := 0; k < len(codes); k++ {
		if maxStates > 0 && len(codes) >= maxStates {
			v.Complete = false
			break
		}
		if err := w.Decode([]byte(codes[k])); err != nil {
			v.Complete = false
			v.Note = "a state did not decode: " + err.Error()
			break
		}
		edges = append(edges, nil)
		if w.Unsafe() {
			found(explore.Safety, "two nodes in the CS", path(k, nil))
			continue
		}
		evs := w.Events(nil)
		if !anyForced(evs) && (w.Waiting() != 0 || anyBusy(w)) {
			found(explore.Liveness, "deadlock", path(k, nil))
		}
		for _, e := range evs {
			c := w.Clone()
			out, err := c.Apply(e)
			if err != nil {
				continue
			}
			if out.OrderBroken {
				found(explore.Order, "order", path(k, &e))
			}
			code := encode(c)
			j, ok := index[code]
			if !ok {
				j = len(codes)
				index[code] = j
				codes = append(codes, code)
				states = append(states, state{parent: k, ev: e})
			}
			edges[k] = append(edges[k], j)
		}
	}
	v.States = len(codes)
	cyclic := hasCycle(edges)
	for _, p := range props(w0) {
		switch {
		case v.Witness[p] != nil:
			v.Verdict[p] = explore.Violated
		case !v.Complete:
			v.Verdict[p] = explore.Unknown
			v.Note = "the search stopped at its bound of states"
		case p == explore.Liveness && cyclic:
			v.Verdict[p] = explore.Unknown
			v.Note = "no deadlock, but the runs can go on forever and starvation needs the full explorer, which starts only from an initial state"
		default:
			v.Verdict[p] = explore.Holds
		}
	}
	return v
}

// hasCycle reports whether the graph of the expanded states has a cycle
// (iterative depth-first search; edges to unexpanded states end there).
func hasCycle(edges [][]int) bool {
	color := make([]uint8, len(edges)) // 0 new, 1 on the stack, 2 done
	type frame struct{ v, next int }
	for s := range edges {
		if color[s] != 0 {
			continue
		}
		stack := []frame{{s, 0}}
		color[s] = 1
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == len(edges[f.v]) {
				color[f.v] = 2
				stack = stack[:len(stack)-1]
				continue
			}
			u := edges[f.v][f.next]
			f.next++
			if u >= len(edges) {
				continue
			}
			switch color[u] {
			case 1:
				return true
			case 0:
				color[u] = 1
				stack = append(stack, frame{u, 0})
			}
		}
	}
	return false
}

// anyForced and anyBusy decide deadlock as the explorer does: someone waits
// (or cannot finish leaving) and nothing that fairness would force can
// happen; the applications' own choices (enter(), messages) and crashes
// are not forced.
func anyForced(evs []sim.Event) bool {
	for _, e := range evs {
		if e.Kind != sim.EvRequest && e.Kind != sim.EvApp && e.Kind != sim.EvCrash {
			return true
		}
	}
	return false
}

func anyBusy(w *sim.World) bool {
	for _, n := range w.Nodes {
		if n.Phase() != sim.Idle {
			return true
		}
	}
	return false
}

// checkFrom settles the properties with the explorer from the state w is
// in, and writes its counterexamples in the scenario's names.
func checkFrom(st *Setup, w *sim.World, maxStates int) (*Verdicts, error) {
	cfg := explore.Config{Sim: st.Cfg, Props: props(w), MaxStates: maxStates}
	res, err := explore.CheckFrom(cfg, w)
	if err != nil {
		return nil, err
	}
	v := &Verdicts{Verdict: res.Verdicts, Witness: map[string]*Witness{}, States: res.States, Complete: res.Complete, Engine: "explore.Check"}
	r := renamer(st.Names)
	for p, t := range res.Counterexamples {
		wt := &Witness{Kind: t.Kind, Summary: r.apply(t.Summary), Loop: t.Loop, lines: t.Events()}
		for _, e := range t.Events() {
			wt.Events = append(wt.Events, r.apply(e))
		}
		v.Witness[p] = wt
	}
	if !res.Complete {
		v.Note = "the search stopped at its bound of states"
	}
	return v, nil
}

// pristine reports whether w is exactly the initial state explore.Check
// would start from for st: uniform requests, zero clocks, nothing done.
func pristine(st *Setup, w *sim.World) bool {
	fresh, err := sim.NewWorld(st.Alg, st.Cfg, w.Opts)
	if err != nil {
		return false
	}
	var a, b sim.Enc
	w.Encode(&a)
	fresh.Encode(&b)
	return string(a.B) == string(b.B) && w.Sent == 0
}

// render writes the witnesses found by searchFrom in the scenario's names,
// replaying each from w0.
func (v *Verdicts) render(w0 *sim.World, r renamer) {
	for _, wt := range v.Witness {
		if wt.lines != nil {
			continue
		}
		w := w0.Clone()
		var last sim.Outcome
		lastNode := -1
		for _, e := range wt.events {
			wt.Events = append(wt.Events, r.apply(w.EventString(e)))
			last, _ = w.Apply(e)
			lastNode = e.Node
		}
		vw := view{w, r}
		switch wt.Kind {
		case "two nodes in the CS":
			wt.Summary = namesOf(vw, w.InCS()) + " are in the critical section at the same time."
		case "deadlock":
			var stuck []int
			for i, n := range w.Nodes {
				if n.Phase() != sim.Idle {
					stuck = append(stuck, i)
				}
			}
			if len(w.Events(nil)) > 0 {
				wt.Summary = namesOf(vw, stuck) + " cannot finish: nothing is left that must happen; only some idle application could still act (call enter(), send, crash), and none has to."
			} else {
				wt.Summary = "Nothing can happen any more, yet " + namesOf(vw, stuck) + " cannot finish (waiting to enter or to leave)."
			}
		case "order":
			var before []int
			for i := range w.Nodes {
				if last.Before&(1<<i) != 0 {
					before = append(before, i)
				}
			}
			wt.Summary = r.apply(w.Names[lastNode]) + " enters the critical section although an enter() call that happened-before its own (" + namesOf(vw, before) + ") is still waiting."
		}
	}
}

func namesOf(v view, idx []int) string {
	s := ""
	for k, i := range idx {
		switch {
		case k == 0:
		case k == len(idx)-1:
			s += " and "
		default:
			s += ", "
		}
		s += v.r.apply(v.w.Names[i])
	}
	return s
}
