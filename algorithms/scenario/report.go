package scenario

import (
	"fmt"
	"strings"
)

// Report renders a result as text for people: the initial state, one
// numbered block per event (what happened in words, the variables of the
// nodes it changed, the messages in flight), every expectation with ok or
// FAIL and what happened, the CS entries and the message count. The
// scenario tests compare it with their expected output.
func (r *Result) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, nodes %s\n", r.Name, r.Algorithm, strings.Join(r.Nodes, " "))
	b.WriteString("initially:\n")
	for _, s := range r.Initial {
		b.WriteString("  " + s + "\n")
	}
	ex := 0
	flush := func(upTo Pos) {
		for ex < len(r.Expects) && before(r.Expects[ex].Pos, upTo) {
			b.WriteString(r.Expects[ex].String() + "\n")
			ex++
		}
	}
	for k, s := range r.Steps {
		flush(s.Pos)
		fmt.Fprintf(&b, "%3d  %s\n", k+1, s.Event)
		if s.Text != strings.TrimPrefix(s.Event, "step ") {
			fmt.Fprintf(&b, "       %s\n", s.Text)
		}
		for i, ch := range s.Changed {
			if ch {
				fmt.Fprintf(&b, "       %s: %s\n", r.Nodes[i], s.Nodes[i])
			}
		}
		fmt.Fprintf(&b, "       net: %s\n", s.Net)
		if s.Entered != "" {
			fmt.Fprintf(&b, "       ! %s enters the critical section\n", s.Entered)
		}
		if s.Unsafe {
			b.WriteString("       !! SAFETY: two nodes are in the critical section\n")
		}
		if s.WrongLeader != "" {
			fmt.Fprintf(&b, "       !! SAFETY: %s\n", s.WrongLeader)
		}
		if s.Order {
			b.WriteString("       !! ORDER: entered before an enter() call that happened-before its own\n")
		}
	}
	if r.Stopped != nil {
		flush(r.Stopped.Pos)
		fmt.Fprintf(&b, "STOPPED %s\n", r.Stopped)
	}
	flush(Pos{Line: 1 << 30})
	var entries []string
	for _, e := range r.Entries {
		entries = append(entries, fmt.Sprintf("%s (step %d)", e.Node, e.Step+1))
	}
	if len(entries) == 0 {
		entries = []string{"none"}
	}
	fmt.Fprintf(&b, "entries: %s\n", strings.Join(entries, ", "))
	fmt.Fprintf(&b, "messages: %d\n", r.Messages)
	pass, fail := 0, 0
	for _, e := range r.Expects {
		if e.Status == Pass {
			pass++
		} else {
			fail++
		}
	}
	fmt.Fprintf(&b, "expectations: %d ok, %d not\n", pass, fail)
	return b.String()
}

func before(a, b Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// String is one line per expectation: status, where, what, what happened,
// then the witness run for properties.
func (e *ExpectResult) String() string {
	s := fmt.Sprintf("%-5s line %d: %s", e.Status, e.Pos.Line, e.Text)
	if e.Status != NotReached && e.Got != "" {
		s += "  -- " + e.Got
	}
	// The witness's steps are numbered as its summary numbers them: from
	// 1, even when the search began after some of the script's steps.
	if w := e.Witness; w != nil {
		if e.After > 0 {
			s += fmt.Sprintf("\n         (a completion of the state after step %d; its steps are numbered from 1)", e.After)
		}
		for k, ev := range w.Events {
			if k == w.Loop {
				s += "\n         (from here the run repeats forever)"
			}
			s += fmt.Sprintf("\n      %3d  %s", k+1, ev)
		}
	}
	return s
}
