package sim

import (
	"fmt"
	"strings"
)

// EventString is the canonical one-line form of e in w, the form transcripts
// and counterexamples are written in: "request N1", "exit N1",
// "step N1 P4 send(request,N2,myID,myNum)", "deliver N2->N1 reply(0,0)",
// "app N1->N2". Call it before applying e.
func (w *World) EventString(e Event) string {
	switch e.Kind {
	case EvRequest:
		return "request " + w.name(e.Node)
	case EvExit:
		return "exit " + w.name(e.Node)
	case EvStep:
		return "step " + w.name(e.Node) + " " + w.Nodes[e.Node].StepLabel(e.Step)
	case EvDeliver:
		return fmt.Sprintf("deliver %s->%s %s", w.name(int(e.Msg.From)), w.name(int(e.Msg.To)), w.Alg.Format(e.Msg))
	case EvApp:
		return fmt.Sprintf("app %s->%s", w.name(e.Node), w.name(e.To))
	case EvCrash:
		return "crash " + w.name(e.Node)
	case EvRecover:
		return "recover " + w.name(e.Node)
	}
	return "?"
}

// FindEvent returns the first enabled event whose canonical form starts
// with text (after collapsing runs of spaces), so a transcript may write
// "step N1 P4" for "step N1 P4 send(request,N2,...)". The error lists the
// enabled events when none matches.
func (w *World) FindEvent(text string) (Event, error) {
	want := strings.Join(strings.Fields(text), " ")
	evs := w.Events(nil)
	for _, e := range evs {
		if w.EventString(e) == want {
			return e, nil
		}
	}
	for _, e := range evs {
		if strings.HasPrefix(w.EventString(e), want) {
			return e, nil
		}
	}
	opts := make([]string, len(evs))
	for i, e := range evs {
		opts[i] = w.EventString(e)
	}
	if len(opts) == 0 {
		return Event{}, fmt.Errorf("%q is not enabled: nothing is enabled", want)
	}
	return Event{}, fmt.Errorf("%q is not enabled; enabled: %s", want, strings.Join(opts, "; "))
}

// StateString renders every node's variables and the messages in flight,
// one node per line, for transcripts and step tables.
func (w *World) StateString() string {
	var b strings.Builder
	for i, n := range w.Nodes {
		b.WriteString(w.name(i))
		b.WriteString(":")
		for _, v := range n.Vars() {
			fmt.Fprintf(&b, " %s=%s", v.Name, v.Value)
		}
		if w.Clock != nil {
			fmt.Fprintf(&b, " clock=%d", w.Clock[i])
		}
		if w.Crashed&(1<<i) != 0 {
			b.WriteString(" (crashed)")
		}
		b.WriteString("\n")
	}
	b.WriteString("net:")
	if len(w.Net) == 0 {
		b.WriteString(" (empty)")
	}
	for _, m := range w.Net {
		fmt.Fprintf(&b, " %s->%s:%s", w.name(int(m.From)), w.name(int(m.To)), w.Alg.Format(m))
	}
	b.WriteString("\n")
	return b.String()
}

// NodeString renders node i's variables on one line.
func (w *World) NodeString(i int) string {
	var parts []string
	for _, v := range w.Nodes[i].Vars() {
		parts = append(parts, v.Name+"="+v.Value)
	}
	if w.Clock != nil {
		parts = append(parts, fmt.Sprintf("clock=%d", w.Clock[i]))
	}
	if w.Crashed&(1<<i) != 0 {
		parts = append(parts, "(crashed)")
	}
	return strings.Join(parts, " ")
}
