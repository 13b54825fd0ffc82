package report

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Diagram draws a counterexample as a space-time diagram in monospace
// text, for a code block: time flows down, one column per node.
//
//	   N1    N2
//	3  ●     │  N1 P4 send(request,N2,myID,myNum=1)   → m1 to N2
//	4  ├─m1─>●  N2 receives request(1) from N1   (m1, sent at step 3)
//	5  │     ●  N2 P11 requestedNum=1 > myNum=0: add N1 to deferred
//
// ● marks the node that acts, ┃ a node inside the critical section, an
// arrow a message delivered (from its sender's column to its receiver's),
// × a crash; a bracket in the left margin marks the steps of a starvation
// cycle. Besides ASCII only box-drawing characters and ● are used,
// which monospace fonts draw at a single width.
func Diagram(ce *Counterexample) string {
	if ce == nil || len(ce.Nodes) == 0 {
		return ""
	}
	l := layout(ce)
	w := 6
	for _, name := range l.names {
		w = max(w, utf8.RuneCountInString(name)+2)
	}
	for _, m := range l.msgs {
		w = max(w, len(msgID(m))+4)
	}
	width := (len(l.names)-1)*w + 1
	var b strings.Builder
	numW := len(fmt.Sprint(len(l.rows)))
	margin := strings.Repeat(" ", 2+numW+2)
	head := []rune(strings.Repeat(" ", width+w))
	for i, name := range l.names {
		copy(head[i*w:], []rune(name))
	}
	b.WriteString(strings.TrimRight(margin+string(head), " ") + "\n")
	for k, r := range l.rows {
		grid := l.gridRow(k, r, w, width)
		fmt.Fprintf(&b, "%s %*d  %s  %s\n", l.gutter(k), numW, k+1, string(grid), l.note(k, r))
	}
	if l.loop >= 0 {
		fmt.Fprintf(&b, "%s↻ after step %d the run goes back to step %d and repeats forever\n", margin, len(l.rows), l.loop+1)
	}
	if fl := l.inFlight(); len(fl) > 0 {
		var parts []string
		for _, m := range fl {
			parts = append(parts, fmt.Sprintf("%s %s→%s %s", msgID(m), l.names[m.from], l.names[m.to], m.label))
		}
		fmt.Fprintf(&b, "%sin flight at the end: %s\n", margin, strings.Join(parts, ", "))
	}
	return strings.TrimRight(strings.Join(trimLines(b.String()), "\n"), "\n") + "\n"
}

func msgID(m lmsg) string { return fmt.Sprintf("m%d", m.id) }

// gutter marks the rows of a starvation cycle with a bracket.
func (l *lanes) gutter(k int) string {
	switch {
	case l.loop < 0 || k < l.loop:
		return " "
	case k == l.loop && k == len(l.rows)-1:
		return "["
	case k == l.loop:
		return "┌"
	case k == len(l.rows)-1:
		return "└"
	}
	return "│"
}

func (l *lanes) gridRow(k int, r lrow, w, width int) []rune {
	g := []rune(strings.Repeat(" ", width))
	for i := range l.names {
		switch {
		case r.crashed[i] && i != r.node:
			g[i*w] = ' '
		case r.inCS[i]:
			g[i*w] = '┃'
		default:
			g[i*w] = '│'
		}
	}
	if r.deliver >= 0 {
		l.arrow(g, l.msgs[r.deliver], w, r.inCS)
	}
	if r.node >= 0 {
		g[r.node*w] = '●'
		if r.crashed[r.node] {
			g[r.node*w] = '×'
		}
	}
	return g
}

// arrow draws message m across the row, from its sender's column to its
// receiver's, with its id in the middle when it fits.
// A lane inside the critical section keeps its heavy line where the
// arrow leaves or crosses it.
func (l *lanes) arrow(g []rune, m lmsg, w int, inCS []bool) {
	a, b := m.from*w, m.to*w
	if a == b {
		return
	}
	lo, hi := min(a, b), max(a, b)
	for x := lo + 1; x < hi; x++ {
		switch {
		case x%w != 0:
			g[x] = '─'
		case inCS[x/w]:
			g[x] = '╂'
		default:
			g[x] = '┼'
		}
	}
	start, end := '├', '┤'
	if inCS[m.from] {
		start, end = '┠', '┨'
	}
	seg := lo + 1 // the label goes in the segment next to the sender
	if a < b {
		g[a], g[b-1] = start, '>'
	} else {
		g[a], g[b+1] = end, '<'
		seg = hi - w + 1
	}
	id := []rune(msgID(m))
	if room := w - 3; room >= len(id) {
		if a > b {
			seg++
		}
		copy(g[seg+1+(room-len(id))/2:], id)
	}
}

// note is the text right of the diagram: the step in words, the ids of
// the messages it sends, and for a delivery when its message was sent.
func (l *lanes) note(k int, r lrow) string {
	s := r.text
	if r.deliver >= 0 {
		m := l.msgs[r.deliver]
		if m.sentAt >= 0 {
			s += fmt.Sprintf("   (%s, sent at step %d)", msgID(m), m.sentAt+1)
		} else {
			s += fmt.Sprintf("   (%s)", msgID(m))
		}
	}
	for _, i := range r.enters {
		s += fmt.Sprintf("   [%s enters the CS]", l.names[i])
	}
	for _, i := range r.leaves {
		s += fmt.Sprintf("   [%s leaves the CS]", l.names[i])
	}
	for _, i := range r.fails {
		s += fmt.Sprintf("   [%s fails in the CS]", l.names[i])
	}
	if len(r.sends) > 0 {
		var ids []string
		for _, i := range r.sends {
			m := l.msgs[i]
			ids = append(ids, fmt.Sprintf("%s to %s", msgID(m), l.names[m.to]))
		}
		s += "   → " + strings.Join(ids, ", ")
	}
	return s
}

func trimLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, ln := range lines {
		lines[i] = strings.TrimRight(ln, " ")
	}
	return lines
}
