package explore

import (
	"math/rand/v2"

	"dmelab/algorithms/sim"
)

// WalkConfig is a seeded random-walk search, for configurations too big to
// exhaust: Walks runs of at most Depth events each, every choice drawn from
// a generator seeded with Seed, so the same inputs give the same walks.
// Walks can find safety and order violations and deadlocks, never prove
// their absence.
type WalkConfig struct {
	Config
	Seed  uint64
	Walks int
	Depth int
	// Cut cuts each counterexample down to the events it needs (see cut:
	// two nodes in the CS and deadlocks), by replays. The grader leaves
	// it off: there every replayed event may call a student's code again.
	Cut bool
}

// Walk runs the random walks and reports the shortest violation of each
// property it met. States counts the states visited (with repeats, each
// walk's start among them); SawDecision says that some walk let a node
// into the critical section (an election's: elect a leader).
//
// Config.Stop, if set, is asked every stopEvery states as Check asks it
// (the caller owns the clock); when it says stop, the walks end there,
// with Result.Bound BoundStopped: the violations met so far are
// reported, Walked says how many walks had begun.
func Walk(c WalkConfig) (*Result, error) {
	if c.Walks <= 0 {
		c.Walks = 1000
	}
	if c.Depth <= 0 {
		c.Depth = 500
	}
	if c.wants(Order) {
		c.Opts.Order = true
	} else {
		c.Opts.Order = false
		c.Opts.AppMsgs = 0
	}
	start, err := initial(c.Config)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x646d656c6162))
	res := &Result{Lanes: 1, Verdicts: map[string]Verdict{}, Counterexamples: map[string]*Trace{}, SawDecision: start.Decided()}
	best := map[string][]sim.Event{}
	kinds := map[string]string{}
	var evs []sim.Event
	// stop counts a state visited and asks Config.Stop every stopEvery.
	stop := func() bool {
		res.States++
		if c.Stop != nil && res.States%stopEvery == 0 && c.Stop() {
			res.Bound = BoundStopped
			return true
		}
		return false
	}
walks:
	for k := 0; k < c.Walks; k++ {
		if c.First && len(best) > 0 {
			break
		}
		w := start.Clone()
		var path []sim.Event
		if stop() {
			break
		}
		for d := 0; d < c.Depth; d++ {
			evs = w.Events(evs[:0])
			if len(evs) == 0 || stuck(w, evs) {
				if waiting(w) != 0 || anyBusy(w) {
					keep(best, kinds, Liveness, "deadlock", path, c.wants(Liveness))
				}
				break
			}
			e := evs[rng.IntN(len(evs))]
			out, err := w.Apply(e)
			if err != nil {
				return nil, err
			}
			path = append(path, e)
			res.Transitions++
			stopped := stop()
			if out.Entered || w.Alg.Election && !res.SawDecision && w.Decided() {
				res.SawDecision = true
			}
			if out.OrderBroken {
				keep(best, kinds, Order, "order", path, c.wants(Order))
			}
			if out.WrongLeader {
				keep(best, kinds, Safety, "wrong leader", path, c.wants(Safety))
			}
			if w.Unsafe() {
				keep(best, kinds, Safety, "two nodes in the CS", path, c.wants(Safety))
				if stopped {
					break walks
				}
				break
			}
			if stopped {
				break walks
			}
			if c.Progress != nil && res.States%65536 == 0 {
				c.Progress(Progress{States: res.States, Transitions: res.Transitions, Depth: d})
			}
		}
	}
	for _, p := range Properties {
		if !c.wants(p) {
			continue
		}
		path, ok := best[p]
		if !ok {
			res.Verdicts[p] = Unknown
			continue
		}
		res.Verdicts[p] = Violated
		t, err := TraceOf(c.Config, path, kinds[p])
		if err != nil {
			return nil, err
		}
		t.Property = p
		if c.Cut {
			t = cut(c.Config, t)
		}
		res.Counterexamples[p] = t
	}
	return res, nil
}

// Walked is how many walks the search of r, a Result of Walk, began: all
// it was asked for, unless Config.First or Config.Stop ended it sooner.
// Each walk visits its start, where no transition led: r.States counts
// the starts and the transitions.
func Walked(r *Result) int { return r.States - r.Transitions }

func keep(best map[string][]sim.Event, kinds map[string]string, p, kind string, path []sim.Event, want bool) {
	if !want {
		return
	}
	if old, ok := best[p]; !ok || len(path) < len(old) {
		best[p] = append([]sim.Event(nil), path...)
		kinds[p] = kind
	}
}

// stuck reports a state in which the only events that must happen are
// timeouts that change nothing (a timer that has not really expired is
// taken and armed again, see sim.TimerProc): a walk would go round them
// until its depth ran out. The exhaustive search sees such a state as a
// cycle on which whoever waits starves; a walk reports it as stuck
// (only optional events are left). Only quiet states, where every
// forced event is a timeout, are tried.
func stuck(w *sim.World, evs []sim.Event) bool {
	timers := false
	for _, e := range evs {
		if e.Kind != sim.EvRequest && e.Kind != sim.EvApp && e.Kind != sim.EvCrash && e.Kind != sim.EvRecover {
			if e.Kind != sim.EvStep || e.Step.Proc != sim.TimerProc {
				return false
			}
			timers = true
		}
	}
	if !timers || waiting(w) == 0 && !anyBusy(w) {
		return false
	}
	var before, after sim.Enc
	w.Encode(&before)
	for _, e := range evs {
		if e.Kind != sim.EvStep {
			continue
		}
		c := w.Clone()
		if _, err := c.Apply(e); err != nil {
			return false
		}
		after.B = after.B[:0]
		c.Encode(&after)
		if string(after.B) != string(before.B) {
			return false
		}
	}
	return true
}
