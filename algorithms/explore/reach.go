package explore

import (
	"reflect"
	"slices"

	"dmelab/algorithms/sim"
)

// A complete search in which every property it was asked about holds has
// shown them for every state reachable from its start, so also for every
// state reachable from any state it reached: safety (no reachable unsafe
// state) and liveness (no reachable deadlock, no reachable fair cycle that
// starves a node) speak of all the states reachable from where they are
// checked. A scenario that checks "expect safety holds" at its start and
// again a few steps later asks the second question inside the first's
// answer (seed 003's triangle: 43,545 states, then 20,538 of them again).
// Config.Keep keeps what answers it, and Result.Covers answers.
//
// The partial-order reduction leaves this true: the reduced search reached
// fewer states, but every one of them is reachable, and its verdicts are
// the full search's. Order is left out: it is settled by a search of its
// own (see checkSplit), and nothing here was checked for it.

// reached is what Config.Keep keeps of a search: its states, the rules
// they were reached under and the properties that held over all of them.
type reached struct {
	rules rules
	holds []string
	st    *states
}

// rules is what decides a search's transitions besides the state it
// starts from: two searches under equal rules reach the same states from
// any state both reach. A state's encoding holds the rest (what each node
// and application still may do, the clocks, the messages in flight).
type rules struct {
	alg *sim.Algorithm
	sim sim.Config
	// opts is the search's (Check sets Order and AppMsgs by the properties
	// asked), world the start world's own.
	opts, world sim.Options
}

func (a rules) equal(b rules) bool {
	return a.alg == b.alg && reflect.DeepEqual(a.sim, b.sim) && reflect.DeepEqual(a.opts, b.opts) && reflect.DeepEqual(a.world, b.world)
}

// keepReached is what Config.Keep keeps of s, the search behind r, under c
// (Check's: its options already set by the properties asked), or nil when
// r cannot answer for any other state: incomplete, or some property asked
// not holding (a violated one stops the search where it is found, so the
// states past it were never reached).
func keepReached(c Config, s *search, r *Result) *reached {
	if !r.Complete || r.LivenessStopped || len(r.Verdicts) == 0 || r.Verdicts[Order] != "" {
		return nil
	}
	k := &reached{rules: rules{alg: c.Alg, sim: c.Sim, opts: c.Opts, world: c.Opts}, st: s.st}
	if c.start != nil {
		k.rules.world = c.start.Opts
	}
	for _, p := range Properties {
		switch r.Verdicts[p] {
		case "":
		case Holds:
			k.holds = append(k.holds, p)
		default:
			return nil
		}
	}
	return k
}

// Covers reports whether CheckFrom(c, w) would find every property it
// asks about holding, known without searching: r's search was complete
// and kept (Config.Keep), each of them held over every state it reached,
// w's state is one of those, and c and w search under the same rules as
// r's (algorithm, configuration and options). Order is never covered.
// c.Sim must be the configuration w's world was built with, as a
// scenario's Setup.Cfg is: CheckFrom reads the world, not c.Sim, but
// Covers has only c.Sim to tell what no state holds (Maekawa's voting
// sets, say).
// Covers is not safe to call on one Result from two goroutines at once.
func (r *Result) Covers(c Config, w *sim.World) bool {
	k := r.kept
	if k == nil || w == nil {
		return false
	}
	// The properties and options CheckFrom and Check would search with.
	c.Alg, c.Opts = w.Alg, w.Opts
	c.Props = fromProps(c, w)
	if c.Alg.Election {
		c.Props = withoutOrder(c)
	}
	if c.wants(Order) || !c.wants(Safety) && !c.wants(Liveness) {
		return false
	}
	c.Opts.Order, c.Opts.AppMsgs = false, 0
	if !k.rules.equal(rules{alg: c.Alg, sim: c.Sim, opts: c.Opts, world: w.Opts}) {
		return false
	}
	for _, p := range []string{Safety, Liveness} {
		if c.wants(p) && !slices.Contains(k.holds, p) {
			return false
		}
	}
	ids, ok := k.st.splitWorld(nil, w, false)
	return ok && k.st.lookup(ids) >= 0
}
