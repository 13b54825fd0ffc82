package scenario

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// policy is run's default choice: the first enabled event, in the
// simulator's order, that the system itself must take (a process step, a
// delivery, an exit() from the CS); if there is none, the first enter()
// call still allowed. Application messages and crashes happen only when
// the script says so. An event that would change nothing (a timeout whose
// time has not come, in the bully election) is passed over, or run would
// take it forever.
func (r *runner) policy(evs []sim.Event, quiet bool) (sim.Event, bool) {
	for _, e := range evs {
		if e.Kind == sim.EvDeliver && r.isHeld(e.Msg) {
			continue
		}
		if e.Kind == sim.EvStep || e.Kind == sim.EvDeliver || e.Kind == sim.EvExit {
			if e.Kind == sim.EvStep && !changes(r.w, e) {
				continue
			}
			return e, true
		}
	}
	if !quiet {
		for _, e := range evs {
			if e.Kind == sim.EvRequest {
				return e, true
			}
		}
	}
	return sim.Event{}, false
}

func (r *runner) run(s *RunStmt) {
	u := s.Until
	done := func() bool {
		if u == nil {
			return false
		}
		switch u.Kind {
		case CondEnters:
			return r.w.Nodes[r.s.Setup.index(u.Node.Name)].Phase() == sim.InCS
		case CondVar:
			got, _ := r.v.variable(r.s.Setup.index(u.Node.Name), u.Var.Name)
			return got == collapse(u.Value)
		}
		return false
	}
	for k := 0; ; k++ {
		if done() {
			return
		}
		e, ok := r.policy(r.w.Events(nil), u != nil && u.Kind == CondQuiet)
		if !ok {
			if u != nil && u.Kind != CondQuiet {
				r.stop(s.Pos, "run until %s: %s, and it never came true", u, r.restsAfter(k))
			}
			return
		}
		if k == r.opts.MaxRun {
			r.stop(s.Pos, "run did not come to rest within %d events; the system can go on forever (write run until ...)", r.opts.MaxRun)
			return
		}
		r.apply(s.Pos, e)
		if r.res.Stopped != nil {
			return
		}
		if n := len(r.w.Net); n > r.maxInFlight() {
			r.stop(s.Pos, "run stopped: messages in flight kept growing, %d after %d events", n, k+1)
			return
		}
	}
}

// restsAfter says where a run that took k events came to rest, in the
// report's step numbers: a run's events are counted from its own line,
// its steps from the scenario's start, and a reader checks the one
// against the step table.
func (r *runner) restsAfter(k int) string {
	n := len(r.res.Steps)
	switch {
	case k == 0 && n == 0:
		return "nothing can happen from the start"
	case k == 0:
		return fmt.Sprintf("nothing more can happen after step %d", n)
	case k == 1:
		return fmt.Sprintf("nothing more can happen after step %d, this run's only event", n)
	}
	return fmt.Sprintf("nothing more can happen after step %d (this run's %d events, steps %d–%d)", n, k, n-k+1, n)
}

// maxInFlight bounds the messages in flight during a run statement
// (Options.MaxInFlight, or sim.MaxInFlight): a run whose messages pile up
// would otherwise grow until MaxRun, keeping ever larger states.
func (r *runner) maxInFlight() int {
	if r.opts.MaxInFlight > 0 {
		return r.opts.MaxInFlight
	}
	return sim.MaxInFlight(len(r.w.Nodes))
}

// index returns the simulator index of a declared node.
func (s *Setup) index(name string) int {
	for i, n := range s.Names {
		if n == name {
			return i
		}
	}
	return -1
}

func holdPattern(s *HoldStmt) string {
	p := s.A.Name + "->" + s.B.Name
	if s.Text != "" {
		p += " " + s.Text
	}
	return p
}

// hold adds or (release) removes a pattern of messages run leaves alone.
func (r *runner) hold(s *HoldStmt) {
	p := holdPattern(s)
	if !s.Release {
		r.held = append(r.held, p)
		return
	}
	for i, h := range r.held {
		if h == p {
			r.held = append(r.held[:i], r.held[i+1:]...)
			return
		}
	}
	r.stop(s.Pos, "release %s: nothing was held with these words (held: %s)", p, quoteList(r.held))
}

func (r *runner) isHeld(m sim.Msg) bool {
	t := r.v.msg(m)
	for _, h := range r.held {
		if wordPrefix(t, h) {
			return true
		}
	}
	return false
}

// changes reports whether e, applied to w, leads to a different state.
func changes(w *sim.World, e sim.Event) bool {
	var before, after sim.Enc
	w.Encode(&before)
	c := w.Clone()
	if _, err := c.Apply(e); err != nil {
		return true
	}
	c.Encode(&after)
	return string(before.B) != string(after.B)
}
