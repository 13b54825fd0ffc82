package scenario

import (
	"slices"
	"strings"
)

// script checks the names and budgets the script uses.
func (c *checker) script() {
	st := &c.sc.Setup
	used := make([]int, st.Cfg.N)
	apps, crashes, recoveries := 0, 0, 0
	event := func(e *EventStmt) {
		i, ok := c.node(e.A)
		if e.Kind == EvDeliver || e.Kind == EvApp {
			if _, ok2 := c.node(e.B); !ok2 {
				return
			}
		}
		if !ok {
			return
		}
		switch e.Kind {
		case EvRequest:
			used[i]++
			if used[i] > st.Requests[i] {
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
		if !ok {
			return
		}
		names := c.v.varNames(i)
		if !slices.Contains(names, v.Name) {
			c.errs.add(v.Pos, "%s has no variable %q (it has: %s)", n.Name, v.Name, strings.Join(names, ", "))
		}
	}
	for _, s := range c.sc.Script {
		switch s := s.(type) {
		case *EventStmt:
			event(s)
		case *ScheduleStmt:
			for _, e := range s.Events {
				event(e)
			}
		case *HoldStmt:
			c.node(s.A)
			c.node(s.B)
		case *RunStmt:
			if u := s.Until; u != nil && u.Kind != CondQuiet {
				if u.Kind == CondVar {
					variable(u.Node, u.Var)
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
			case ExpectBefore, ExpectInFlight:
				c.node(s.A)
				c.node(s.B)
			case ExpectVar:
				variable(s.A, s.Var)
			}
		}
	}
}
