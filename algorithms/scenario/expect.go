package scenario

import (
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/explore"
)

// expect checks one expectation at the current point of the run.
func (r *runner) expect(s *ExpectStmt) *ExpectResult {
	res := &ExpectResult{Pos: s.Pos, Text: StmtString(s), Status: Fail}
	ok := func(cond bool, got string, args ...any) *ExpectResult {
		if cond {
			res.Status = Pass
		}
		res.Got = fmt.Sprintf(got, args...)
		return res
	}
	st := &r.s.Setup
	switch s.Kind {
	case ExpectVar:
		got, _ := r.v.variable(st.index(s.A.Name), s.Var.Name)
		return ok(got == collapse(s.Value), "%s %s is %s", s.A.Name, s.Var.Name, got)
	case ExpectMessages:
		return ok(r.w.Sent == s.Count, "%d algorithm messages have been sent", r.w.Sent)
	case ExpectInFlight:
		want := s.A.Name + "->" + s.B.Name
		if s.Value != "" {
			want += " " + s.Value
		}
		var match []string
		for _, m := range r.w.Net {
			if t := r.v.msg(m); wordPrefix(t, want) {
				match = append(match, t)
			}
		}
		if s.No {
			return ok(len(match) == 0, "in flight: %s", r.v.net())
		}
		if len(match) > 0 {
			return ok(true, "in flight: %s", strings.Join(match, ", "))
		}
		return ok(false, "no such message in flight; in flight: %s", r.v.net())
	case ExpectBefore:
		first := func(n string) int {
			for _, e := range r.res.Entries {
				if e.Node == n {
					return e.Step
				}
			}
			return -1
		}
		a, b := first(s.A.Name), first(s.B.Name)
		switch {
		case a < 0 && b >= 0:
			return ok(false, "%s entered at step %d and %s has not entered", s.B.Name, b+1, s.A.Name)
		case a < 0:
			return ok(false, "%s has not entered the critical section", s.A.Name)
		case b >= 0 && b < a:
			return ok(false, "%s entered at step %d, %s only at step %d", s.B.Name, b+1, s.A.Name, a+1)
		case b < 0:
			return ok(true, "%s entered at step %d; %s has not entered yet", s.A.Name, a+1, s.B.Name)
		}
		return ok(true, "%s entered at step %d, %s at step %d", s.A.Name, a+1, s.B.Name, b+1)
	case ExpectProp:
		return r.property(s, res)
	}
	return res
}

// property settles "expect P holds|violated" at this point: P is violated
// if the run so far has broken it or some completion of the current state
// breaks it, and holds if neither (which needs a complete search).
func (r *runner) property(s *ExpectStmt, res *ExpectResult) *ExpectResult {
	for k, st := range r.res.Steps {
		if s.Prop == explore.Safety && (st.Unsafe || st.WrongLeader != "") || s.Prop == explore.Order && st.Order {
			what := "two nodes are in the critical section"
			if st.WrongLeader != "" {
				what = st.WrongLeader
			}
			if s.Prop == explore.Order {
				what = st.Entered + " entered before an enter() call that happened-before its own"
			}
			res.Got = fmt.Sprintf("violated by this run: after step %d (%s) %s", k+1, st.Event, what)
			res.Status = Pass
			if s.Holds {
				res.Status = Fail
			}
			return res
		}
	}
	if r.verdicts == nil || r.verdicts.Verdict[s.Prop] == "" && slices.Contains(props(r.w), s.Prop) {
		r.verdicts = r.explore(r.propsAhead(s.Prop), s.Pos)
	}
	v := r.verdicts
	verdict := v.Verdict[s.Prop]
	if verdict == "" {
		verdict = explore.Unknown
	}
	where := "from the initial state"
	if len(r.res.Steps) > 0 {
		where = fmt.Sprintf("from step %d", len(r.res.Steps))
	}
	how := fmt.Sprintf("%d states searched", v.States)
	if v.Within != nil {
		line := fmt.Sprintf("line %d", v.Within.Line)
		if v.Within.File != s.Pos.File {
			line = fmt.Sprintf("%s line %d", v.Within.File, v.Within.Line)
		}
		how = fmt.Sprintf("reached by %s's search of %d states", line, v.States)
	}
	// One completion is enough to violate a property; holding takes them
	// all.
	switch verdict {
	case explore.Holds:
		res.Got = fmt.Sprintf("%s holds over every completion %s (%s)", s.Prop, where, how)
	case explore.Violated:
		res.Got = fmt.Sprintf("%s violated by a completion %s (%s)", s.Prop, where, how)
	default:
		res.Got = fmt.Sprintf("%s %s over the completions %s (%s)", s.Prop, verdict, where, how)
	}
	switch verdict {
	case explore.Violated:
		res.Witness, res.After = v.Witness[s.Prop], len(r.res.Steps)
		res.Got += ": " + res.Witness.Summary
		res.Status = Pass
		if s.Holds {
			res.Status = Fail
		}
	case explore.Holds:
		res.Status = Pass
		if !s.Holds {
			res.Status = Fail
		}
	default:
		res.Status = Undecided
		res.Got += ": " + v.Note
	}
	return res
}

// explore settles the properties over every completion of the current
// state with the explorer (explore.CheckFrom: exact states, partial-order
// reduction where sound, starvation on fair cycles).
//
// Only the properties ps are searched for (nil: every one the world can
// settle), so that a search for one property stops at its first
// violation (explore.Result.Settled) and skips the others' work, such as
// liveness's analysis of cycles.
//
// A search that an earlier one answers for is not run (see
// explore.Result.Covers): an expectation at the start and the same one a
// few steps later ask one question. The earlier search is let go before
// another is run, so that two are never held at once.
func (r *runner) explore(ps []string, at Pos) *Verdicts {
	o := r.opts
	if o.MaxStates <= 0 {
		o.MaxStates = 1000000
	}
	if r.reach != nil && !r.opts.SearchEach && r.reach.Covers(searchOf(&r.s.Setup, r.w, o, ps), r.w) {
		within := r.reachAt
		v := &Verdicts{Verdict: map[string]explore.Verdict{}, Witness: map[string]*Witness{}, States: r.reach.States,
			Complete: true, Engine: "explore.Check", Within: &within}
		for _, p := range searched(r.w, ps) {
			v.Verdict[p] = explore.Holds
		}
		return v
	}
	r.reach = nil
	v, res, err := checkFrom(&r.s.Setup, r.w, o, ps)
	if err == nil {
		r.reach, r.reachAt = res, at // if nothing was kept, it answers for nothing
	}
	if err != nil {
		// Should not happen for a world the scenario built: say so in
		// every verdict rather than guess.
		v = &Verdicts{Verdict: map[string]explore.Verdict{}, Witness: map[string]*Witness{}, Note: err.Error(), Engine: "explore.Check"}
		for _, p := range searched(r.w, ps) {
			v.Verdict[p] = explore.Unknown
		}
	}
	return v
}

// propsAhead is prop and the properties of the expectations that follow
// the current statement with nothing between them that could change the
// state: the properties one search from here must settle.
func (r *runner) propsAhead(prop string) []string {
	ps := []string{prop}
	for _, st := range r.s.Script[r.at+1:] {
		e, ok := st.(*ExpectStmt)
		if !ok {
			break
		}
		if e.Kind == ExpectProp && !slices.Contains(ps, e.Prop) {
			ps = append(ps, e.Prop)
		}
	}
	return ps
}
