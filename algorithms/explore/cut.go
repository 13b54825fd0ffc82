package explore

import (
	"slices"

	"dmelab/algorithms/sim"
)

// cut drops from a reduced search's counterexample the events it does not
// need. The reduction lets every node call enter() first and takes
// independent events in an order of its own, so its runs carry events the
// violation does not depend on (a whole request of a node that plays no
// part, say). cut leaves out one event at a time, last first, and replays
// the rest from the initial state, leaving out as well every later event
// that is no longer enabled as it was (a receipt of a message never sent,
// a step of a process that went elsewhere); it keeps the shorter run when
// that still reaches a violation of the same kind, and stops there. Once
// no single event can go, the run is what a reader needs and nothing more,
// though not always a shortest one: shorten's full search then looks for
// that. It costs replays of the run only, nothing beside a search.
//
// Safety's two nodes in the CS and liveness's deadlock are cut (what a
// reduced search reports); any other trace comes back as it is, as does
// one that does not replay.
func cut(c Config, t *Trace) *Trace {
	var bad func(w *sim.World) bool
	switch t.Kind {
	case "two nodes in the CS":
		bad = (*sim.World).Unsafe
	case "deadlock":
		bad = func(w *sim.World) bool { return deadlocked(w, w.Events(nil)) }
	default:
		return t
	}
	if t.Loop >= 0 {
		return t
	}
	w, err := initial(c)
	if err != nil {
		return t
	}
	// at[k] is the state after the first k events of evs: a try that
	// leaves out event i replays from at[i].
	at := []*sim.World{w.Clone()}
	evs := make([]sim.Event, 0, len(t.Steps))
	for _, st := range t.Steps {
		e, err := w.FindEvent(st.Event)
		if err != nil {
			return t
		}
		if _, err := w.Apply(e); err != nil {
			return t
		}
		evs = append(evs, e)
		at = append(at, w.Clone())
	}
	if !bad(w) {
		return t // not the run its kind says: leave it to the caller
	}
	work := 0 // events replayed, bounded by cutWork
	var enabled []sim.Event
	// try replays evs[i+1:] from at[i], leaving out what is not enabled
	// as it was, and reports the events taken if they reach a violation.
	try := func(i int) ([]sim.Event, bool) {
		w := at[i].Clone()
		kept := append([]sim.Event(nil), evs[:i]...)
		for _, e := range evs[i+1:] {
			if bad(w) {
				return kept, true
			}
			work++
			enabled = w.Events(enabled[:0])
			if !slices.Contains(enabled, e) {
				continue
			}
			if _, err := w.Apply(e); err != nil {
				return nil, false
			}
			kept = append(kept, e)
		}
		return kept, bad(w)
	}
	shorter := false
	for changed := true; changed && work < cutWork; {
		changed = false
		for i := len(evs) - 1; i >= 0 && work < cutWork; i-- {
			kept, ok := try(i)
			if !ok {
				continue
			}
			evs, changed, shorter = kept, true, true
			at = at[:i+1]
			w := at[i].Clone()
			for _, e := range evs[i:] {
				if _, err := w.Apply(e); err != nil {
					return t
				}
				at = append(at, w.Clone())
			}
		}
	}
	if !shorter {
		return t
	}
	nt, err := TraceOf(c, evs, t.Kind)
	if err != nil {
		return t
	}
	nt.Property = t.Property
	return nt
}

// cutWork bounds the events cut replays in all: a run of L events costs
// about L*L/2 a round, so runs of up to about a thousand events are cut
// in full, and a longer one as far as the bound goes.
const cutWork = 1 << 20
