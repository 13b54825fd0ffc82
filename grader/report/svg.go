package report

import (
	"fmt"
	"html"
	"strings"
	"unicode/utf8"
)

// SVG draws a counterexample as a space-time diagram in SVG: one vertical
// lane per node, time flowing down one row per step, a dot where a node
// acts, a wide bar while a node is in the critical section, and each
// message as an arrow from the step that sent it to the step that
// delivered it (dashed to the bottom while still in flight at the end). A
// bracket on the left marks a starvation cycle. id makes the marker ids
// unique when several diagrams share a page. Every text is escaped.
func SVG(ce *Counterexample, id string) string {
	if ce == nil || len(ce.Nodes) == 0 {
		return ""
	}
	l := layout(ce)
	id = svgID(id)
	// left is the x where the step numbers end; the cycle's bracket and
	// its label sit left of them.
	const rowH, top, left = 26, 44, 64
	colW := 80
	for _, n := range l.names {
		colW = max(colW, 9*utf8.RuneCountInString(n)+24)
	}
	x := func(i int) int { return left + 20 + i*colW }
	y := func(k int) int { return top + rowH/2 + k*rowH }
	textX := x(len(l.names)-1) + 40
	bottom := y(len(l.rows)) - rowH/2 + 6
	longest := 0
	for k, r := range l.rows {
		longest = max(longest, utf8.RuneCountInString(l.note(k, r)))
	}
	width := textX + 8*longest + 20
	height := bottom + 20

	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p(`<svg xmlns="http://www.w3.org/2000/svg" class="spacetime" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="%s-t">`+"\n", width, height, width, height, id)
	p(`<title id="%s-t">Space-time diagram: %s</title>`+"\n", id, esc(failure(ce)))
	p(`<defs><marker id="%s-a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fa8"/></marker></defs>`+"\n", id)
	p(`<g font-family="ui-sans-serif, system-ui, sans-serif" font-size="13">` + "\n")
	for i, n := range l.names {
		p(`<text x="%d" y="%d" text-anchor="middle" font-weight="bold">%s</text>`+"\n", x(i), top-14, esc(n))
	}
	// Lanes: a thin line while alive, a wide bar while in the CS.
	for i := range l.names {
		for k, r := range l.rows {
			y0, y1 := y(k)-rowH/2, y(k)+rowH/2
			if k == 0 {
				y0 = top - 6
			}
			if r.crashed[i] && r.node != i {
				continue
			}
			if r.inCS[i] {
				p(`<rect x="%d" y="%d" width="8" height="%d" fill="#e8a33d"/>`+"\n", x(i)-4, y0, y1-y0)
			} else {
				p(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>`+"\n", x(i), y0, x(i), y1)
			}
		}
	}
	if l.loop >= 0 {
		y0, y1 := y(l.loop)-rowH/2+3, y(len(l.rows)-1)+rowH/2-3
		p(`<path d="M%d,%d h-7 V%d h7" fill="none" stroke="#a33" stroke-width="2"/>`+"\n", left-30, y0, y1)
		p(`<text x="%d" y="%d" fill="#a33" font-size="11" text-anchor="middle" transform="rotate(-90 %d %d)">repeats forever</text>`+"\n", left-44, (y0+y1)/2, left-44, (y0+y1)/2)
	}
	// Messages.
	for _, m := range l.msgs {
		x0, y0 := x(m.from), top-6
		if m.sentAt >= 0 {
			y0 = y(m.sentAt)
		}
		x1, y1, dash := x(m.to), bottom, ` stroke-dasharray="5,4"`
		if m.at >= 0 {
			y1, dash = y(m.at), ""
		}
		title := fmt.Sprintf("%s %s→%s %s", msgID(m), l.names[m.from], l.names[m.to], m.label)
		if m.from == m.to {
			p(`<path d="M%d,%d C%d,%d %d,%d %d,%d" fill="none" stroke="#1f5fa8"%s marker-end="url(#%s-a)"><title>%s</title></path>`+"\n",
				x0, y0, x0+colW/3, y0, x0+colW/3, y1, x1+6, y1, dash, id, esc(title))
			p(`<text x="%d" y="%d" font-size="11" fill="#1f5fa8">%s</text>`+"\n", x0+colW/3+3, (y0+y1)/2+4, esc(msgID(m)))
			continue
		}
		dx := 6
		if x1 < x0 {
			dx = -6
		}
		p(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#1f5fa8" stroke-width="1.5"%s marker-end="url(#%s-a)"><title>%s</title></line>`+"\n",
			x0, y0, x1-dx, y1, dash, id, esc(title))
		// The label sits a third of the way from the sender, where arrows
		// that cross each other are still apart.
		mx, my := x0+(x1-x0)/3, y0+(y1-y0)/3
		p(`<text x="%d" y="%d" font-size="11" fill="#1f5fa8" text-anchor="middle" paint-order="stroke" stroke="#fff" stroke-width="3">%s</text>`+"\n", mx, my-3, esc(msgID(m)))
	}
	// Steps: number, dot, words.
	for k, r := range l.rows {
		p(`<text x="%d" y="%d" text-anchor="end" fill="#555">%d</text>`+"\n", left, y(k)+4, k+1)
		if r.node >= 0 {
			if r.crashed[r.node] {
				p(`<text x="%d" y="%d" text-anchor="middle" fill="#a33" font-weight="bold">×</text>`+"\n", x(r.node), y(k)+5)
			} else {
				p(`<circle cx="%d" cy="%d" r="5" fill="#222"/>`+"\n", x(r.node), y(k))
			}
		}
		p(`<text x="%d" y="%d">%s</text>`+"\n", textX, y(k)+4, esc(l.note(k, r)))
	}
	p("</g>\n</svg>\n")
	return b.String()
}

func esc(s string) string { return html.EscapeString(oneLine(s)) }

// svgID keeps only characters that are safe in an XML id and a url(#...).
func svgID(s string) string {
	var b strings.Builder
	b.WriteString("st-")
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
