package report

import "strings"

// lanes is what both space-time diagrams (text and SVG) draw: one lane
// per node, one row per step, and every message with the step that sent
// it and the step that delivered it. Messages are numbered m1, m2, ... in
// the order they were sent, so the reader can match a delivery with its
// send even when they are far apart.
type lanes struct {
	names []string
	rows  []lrow
	msgs  []lmsg
	loop  int // first row of the repeating cycle, or -1
}

type lrow struct {
	node    int    // who acted, -1 if nobody (or out of range)
	inCS    []bool // after the step
	crashed []bool // after the step
	sends   []int  // indices into msgs
	deliver int    // index into msgs, or -1
	text    string // the step in words
	// enters and leaves list the nodes whose CS membership the step
	// changed; fails those that failed in the CS (a failed node waits
	// for ever, so it is no longer counted in the CS: it did not leave).
	enters, leaves, fails []int
}

type lmsg struct {
	id       int // 1-based, as printed (m1, m2, ...)
	from, to int
	label    string
	sentAt   int // row, or -1 if the step table does not show the send
	at       int // delivery row, or -1 while in flight at the end
}

func layout(ce *Counterexample) *lanes {
	n := len(ce.Nodes)
	l := &lanes{loop: -1}
	for _, name := range ce.Nodes {
		l.names = append(l.names, oneLine(name))
	}
	if ce.Loop >= 0 && ce.Loop < len(ce.Steps) {
		l.loop = ce.Loop
	}
	ok := func(i int) bool { return i >= 0 && i < n }
	crashed := make([]bool, n)
	prev := make([]bool, n)
	for k, s := range ce.Steps {
		r := lrow{node: -1, deliver: -1, text: oneLine(s.Text), inCS: make([]bool, n)}
		if ok(s.Node) {
			r.node = s.Node
		}
		if r.text == "" {
			r.text = oneLine(s.Event)
		}
		if strings.HasPrefix(s.Event, "crash ") && r.node >= 0 {
			crashed[r.node] = true
		}
		r.crashed = append([]bool(nil), crashed...)
		for _, i := range s.InCS {
			if ok(i) {
				r.inCS[i] = true
			}
		}
		for i := range prev {
			switch {
			case r.inCS[i] && !prev[i]:
				r.enters = append(r.enters, i)
			case !r.inCS[i] && prev[i] && failedAfter(s, i):
				r.fails = append(r.fails, i)
			case !r.inCS[i] && prev[i]:
				r.leaves = append(r.leaves, i)
			}
		}
		prev = r.inCS
		if d := s.Delivered; d != nil && ok(d.From) && ok(d.To) {
			r.deliver = l.match(*d, k)
		}
		for _, a := range s.Sent {
			if ok(a.From) && ok(a.To) {
				l.msgs = append(l.msgs, lmsg{id: len(l.msgs) + 1, from: a.From, to: a.To, label: oneLine(a.Label), sentAt: k, at: -1})
				r.sends = append(r.sends, len(l.msgs)-1)
			}
		}
		l.rows = append(l.rows, r)
	}
	return l
}

// failedAfter says whether node i's variables after s show it failed
// (phase=failed, or the fault the harness records).
func failedAfter(s Step, i int) bool {
	if i >= len(s.Vars) {
		return false
	}
	v := " " + s.Vars[i] + " "
	return strings.Contains(v, " phase=failed ") || strings.Contains(v, " fault=")
}

// match finds the message a delivery at row k takes: the oldest one sent
// and not yet delivered with the same ends and label. A delivery of a
// message the table never sent (a model filled without Sent) gets a
// message of its own with no send row.
func (l *lanes) match(d Arrow, k int) int {
	label := oneLine(d.Label)
	for i := range l.msgs {
		m := &l.msgs[i]
		if m.at < 0 && m.from == d.From && m.to == d.To && m.label == label {
			m.at = k
			return i
		}
	}
	l.msgs = append(l.msgs, lmsg{id: len(l.msgs) + 1, from: d.From, to: d.To, label: label, sentAt: -1, at: k})
	return len(l.msgs) - 1
}

// inFlight lists the messages never delivered.
func (l *lanes) inFlight() []lmsg {
	var out []lmsg
	for _, m := range l.msgs {
		if m.at < 0 {
			out = append(out, m)
		}
	}
	return out
}

// SentAt is the index of the step that sent the message step k delivers,
// matched as the diagrams match it (the oldest in flight with the same
// ends and label), or -1 when step k delivers nothing or the steps do not
// show the send.
func (ce *Counterexample) SentAt(k int) int {
	if k < 0 || k >= len(ce.Steps) || ce.Steps[k].Delivered == nil {
		return -1
	}
	l := layout(&Counterexample{Nodes: ce.Nodes, Steps: ce.Steps[:k+1], Loop: -1})
	if d := l.rows[k].deliver; d >= 0 {
		return l.msgs[d].sentAt
	}
	return -1
}
