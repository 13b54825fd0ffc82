package scenario

import (
	"slices"
	"strings"

	"dmelab/algorithms/sim"
)

// script checks the names and budgets the script uses.
func (c *checker) script() {
	st := &c.sc.Setup
	// The budgets and the variables need the settings: without them (an
	// unknown algorithm, a setting in error, a budget's line that did not
	// parse) only the names are checked.
	configured := c.v.w != nil
	budgets := configured && !c.f.broken["requests"] && !c.f.broken["app-messages"] &&
		!c.f.broken["crashes"] && !c.f.broken["recoveries"] && !c.f.broken["include"] && !c.f.hasInclude()
	used := make([]int, st.Cfg.N)
	apps, crashes, recoveries := 0, 0, 0
	event := func(e *EventStmt) {
		i, ok := c.node(e.A)
		if e.Kind == EvDeliver || e.Kind == EvApp {
			if _, ok2 := c.node(e.B); !ok2 {
				return
			}
		}
		if !ok || !budgets {
			return
		}
		switch e.Kind {
		case EvRequest:
			used[i]++
			if !st.Alg.Client(i) {
				c.errs.add(e.Pos, "%s is %s's server: it serves the others and never calls enter()", e.A.Name, st.Alg.Name)
			} else if used[i] > st.Requests[i] {
				c.errs.add(e.Pos, "%s calls enter() %d times, more than its requests allow (%d): raise requests", e.A.Name, used[i], st.Requests[i])
			}
		case EvExit:
			if st.Alg.Election {
				c.errs.add(e.Pos, "%s elects a leader: its nodes have no exit()", st.Alg.Name)
			}
		case EvApp:
			if apps++; apps > st.Opts.AppMsgs {
				c.errs.add(e.Pos, "application message %d, but app-messages is %d: raise app-messages", apps, st.Opts.AppMsgs)
			}
		case EvCrash:
			if crashes++; crashes > st.Opts.Crashes {
				c.errs.add(e.Pos, "crash %d, but crashes is %d: raise crashes", crashes, st.Opts.Crashes)
			}
		case EvRecover:
			if recoveries++; recoveries > st.Opts.Recoveries {
				c.errs.add(e.Pos, "recovery %d, but recoveries is %d: raise recoveries", recoveries, st.Opts.Recoveries)
			}
		}
	}
	variable := func(n, v Ident) {
		i, ok := c.node(n)
		if !ok || !configured {
			return
		}
		names := c.v.varNames(i)
		if slices.Contains(names, v.Name) {
			return
		}
		if w, ok := closest(v.Name, names); ok {
			c.errs.add(v.Pos, "%s has no variable %q: did you mean %s? (it has: %s)", n.Name, v.Name, w, strings.Join(names, ", "))
			return
		}
		c.errs.add(v.Pos, "%s has no variable %q (it has: %s)", n.Name, v.Name, strings.Join(names, ", "))
	}
	// message checks that a message text names one of the algorithm's
	// message kinds ("request@115" begins with request).
	message := func(at Pos, text string) {
		if !configured || text == "" || len(st.Alg.MsgKinds) == 0 {
			return
		}
		kind := text
		if i := strings.IndexFunc(text, func(r rune) bool { return !isWordRune(r) && r != '-' || r == '@' || r == '.' }); i >= 0 {
			kind = text[:i]
		}
		kinds := append(slices.Clone(st.Alg.MsgKinds), "app")
		if kind == "" || slices.Contains(kinds, kind) {
			return
		}
		if w, ok := closest(kind, kinds); ok {
			c.errs.add(at, "%s has no message %q: did you mean %s? (its messages are %s)", st.Alg.Name, kind, w, strings.Join(st.Alg.MsgKinds, ", "))
			return
		}
		c.errs.add(at, "%s has no message %q: its messages are %s", st.Alg.Name, kind, strings.Join(st.Alg.MsgKinds, ", "))
	}
	// phase checks the value of a phase condition or expectation.
	phase := func(n, v Ident, value string) {
		if v.Name != "phase" || !configured {
			return
		}
		values := strings.Split(phaseValues, ", ")
		// A node's own variable called phase is left alone, unless it is
		// the phase itself, shown among the variables (a student's
		// code's nodes show it so): it starts as a phase word.
		if i, ok := c.index[n.Name]; !ok || slices.ContainsFunc(c.v.w.Nodes[i].Vars(), func(x sim.Var) bool { return x.Name == "phase" && !slices.Contains(values, x.Value) }) {
			return
		}
		if slices.Contains(values, value) {
			return
		}
		guess := strings.ToLower(strings.ReplaceAll(value, " ", "-"))
		if strings.Contains(guess, "cs") || strings.Contains(guess, "critical") {
			guess = "in-cs"
		}
		if w, ok := closest(guess, values); ok || slices.Contains(values, guess) {
			if !ok {
				w = guess
			}
			c.errs.add(v.Pos, "phase is one of %s: did you mean phase = %s?", phaseValues, w)
			return
		}
		// A value far from every phase is left to the run, where the
		// expectation fails showing the phase.
	}
	for _, s := range c.sc.Script {
		switch s := s.(type) {
		case *EventStmt:
			event(s)
			if s.Kind == EvDeliver {
				message(s.TextPos, s.Text)
			}
		case *ScheduleStmt:
			for _, e := range s.Events {
				event(e)
				if e.Kind == EvDeliver {
					message(e.TextPos, e.Text)
				}
			}
		case *HoldStmt:
			c.node(s.A)
			c.node(s.B)
			message(s.TextPos, s.Text)
		case *RunStmt:
			if u := s.Until; u != nil && u.Kind != CondQuiet {
				if u.Kind == CondVar {
					variable(u.Node, u.Var)
					phase(u.Node, u.Var, u.Value)
				} else {
					c.node(u.Node)
				}
			}
		case *ExpectStmt:
			switch s.Kind {
			case ExpectProp:
				if s.Prop == "order" {
					st.Opts.Order = true
				}
			case ExpectBefore:
				c.node(s.A)
				c.node(s.B)
			case ExpectInFlight:
				c.node(s.A)
				c.node(s.B)
				message(s.ValuePos, s.Value)
			case ExpectVar:
				variable(s.A, s.Var)
				phase(s.A, s.Var, s.Value)
			}
		}
	}
}
