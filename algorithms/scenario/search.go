package scenario

import (
	"slices"

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
	// States is how many states the search that settled them visited.
	States int `json:"states"`
	// Within, if set, is where the expectation is whose search settled
	// them: it had reached this state, and they held over every state it
	// reached, so over every completion of this one too (see
	// explore.Result.Covers). States is that search's.
	Within *Pos `json:"within,omitempty"`
	// Complete: every reachable state was visited.
	Complete bool `json:"complete"`
	// Settled: the search stopped early, every verdict final (see
	// explore.Result.Settled).
	Settled bool `json:"settled,omitempty"`
	// Note says why a verdict is unknown, if one is.
	Note string `json:"note,omitempty"`
	// Engine names the search that settled them ("explore.Check").
	Engine string `json:"engine"`
}

// Witness is a run that violates a property.
type Witness struct {
	Kind    string   `json:"kind"` // "two nodes in the CS", "deadlock", "starvation", "order"
	Summary string   `json:"summary"`
	Events  []string `json:"events"`
	Loop    int      `json:"loop"`
	lines   []string // in the simulator's names (explore.Check's)
}

// props are the properties a scenario's world can settle: Order only when
// its ghost state is on.
func props(w *sim.World) []string {
	if w.Opts.Order {
		return []string{explore.Safety, explore.Liveness, explore.Order}
	}
	return []string{explore.Safety, explore.Liveness}
}

// searched is the properties of ps that w can settle, or all of them if
// ps names none (nil, or only Order without its ghost state).
func searched(w *sim.World, ps []string) []string {
	var out []string
	for _, p := range props(w) {
		if slices.Contains(ps, p) {
			out = append(out, p)
		}
	}
	if out == nil {
		return props(w)
	}
	return out
}

// checkFrom settles the properties ps (see searched) with the explorer
// from the state w is in, and writes its counterexamples in the
// scenario's names. Its search is kept (explore.Config.Keep) when it can
// answer for later states, and returned with the verdicts.
func checkFrom(st *Setup, w *sim.World, o Options, ps []string) (*Verdicts, *explore.Result, error) {
	res, err := explore.CheckFrom(searchOf(st, w, o, ps), w)
	if err != nil {
		return nil, nil, err
	}
	v := &Verdicts{Verdict: res.Verdicts, Witness: map[string]*Witness{}, States: res.States, Complete: res.Complete, Settled: res.Settled, Engine: "explore.Check"}
	r := renamer(st.Names)
	for p, t := range res.Counterexamples {
		wt := &Witness{Kind: t.Kind, Summary: r.apply(t.Summary), Loop: t.Loop, lines: t.Events()}
		for _, e := range t.Events() {
			wt.Events = append(wt.Events, r.apply(e))
		}
		v.Witness[p] = wt
	}
	if !res.Complete && !res.Settled {
		v.Note = res.Stopped()
	}
	return v, res, nil
}

// searchOf is checkFrom's search.
func searchOf(st *Setup, w *sim.World, o Options, ps []string) explore.Config {
	return explore.Config{Sim: st.Cfg, Props: searched(w, ps), MaxStates: o.MaxStates, MaxBytes: o.MaxBytes,
		Progress: o.Progress, ProgressEvery: 1 << 12, Keep: true}
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
