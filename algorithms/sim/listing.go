package sim

import (
	"slices"
	"strings"
)

// Line is one line of an algorithm's pseudocode (Algorithm.Listing).
//
// An Algorithm's Listing is its pseudocode as the course notes
// print it (or, for algorithms beyond the notes, in the same style), one
// Line per printed line. The playground shows it beside the run and marks,
// for every node, the lines it is at and the lines its last event ran.
// Lines are tied to the simulator by two names:
//
//   - Label: the internal step the line is, the first word of the step's
//     StepLabel without a trailing colon ("P2" for "P2 myNum =
//     chooseNumber() = 1", "timeout" for "timeout: ..."). Every line of
//     a step that spans several lines (an if with its branches) carries it.
//   - On: the event that runs the line, when it is not an internal step:
//     "enter" (Node.Request), "exit" (Node.Exit), "receive KIND"
//     (Node.Receive of a message whose kind is MsgKinds' KIND) or
//     "recover" (Recoverer.Recover). Event-driven algorithms mark each of
//     their handlers' lines with the handler's event.
//
// A node is "at" the lines of what it can do next: its enabled steps, its
// enabled events (the enter() its application may call, the exit() from
// the CS, the deliveries it may receive), and, for nodes that implement
// Locator, the line each of its processes waits at (P5's await has no
// step of its own until every reply is in). Its "last" lines are those
// of the last event it took part in (as the actor, or the receiver of a
// delivery).
type Line struct {
	Label string `json:"label,omitempty"`
	On    string `json:"on,omitempty"`
	Text  string `json:"text"`
}

// Locator is implemented by nodes whose processes have program counters
// named like the listing's labels (the seed-000 family: main at P1–P9,
// receive at P10–P12): At returns the label each process is at.
type Locator interface {
	At() []string
}

// EventName is the On name of the event e in w ("enter", "exit",
// "receive request", "recover"), or "" for internal steps and the events
// no listing line runs (application messages, crashes).
func EventName(w *World, e Event) string {
	switch e.Kind {
	case EvRequest:
		return "enter"
	case EvExit:
		return "exit"
	case EvRecover:
		return "recover"
	case EvDeliver:
		if e.Msg.Kind == AppKind {
			return ""
		}
		if k := int(e.Msg.Kind); k < len(w.Alg.MsgKinds) {
			return "receive " + w.Alg.MsgKinds[k]
		}
	}
	return ""
}

// StepName is the Label of the internal step e in w (the first word of
// its StepLabel), or "" if e is not a step. Call it before applying e.
func StepName(w *World, e Event) string {
	if e.Kind != EvStep {
		return ""
	}
	l, _, _ := strings.Cut(w.Nodes[e.Node].StepLabel(e.Step), " ")
	return strings.TrimSuffix(l, ":")
}

// Matches reports whether line l is run by e, given e's StepName and
// EventName.
func (l Line) Matches(step, event string) bool {
	return step != "" && l.Label == step || event != "" && l.On == event
}

// LinesAt returns the indices of the listing lines node i is at in w (see
// above), in listing order.
func LinesAt(w *World, i int) []int {
	listing := w.Alg.Listing
	if len(listing) == 0 {
		return nil
	}
	var steps, events []string
	if loc, ok := w.Nodes[i].(Locator); ok && w.Crashed&(1<<i) == 0 {
		steps = append(steps, loc.At()...)
	}
	for _, e := range w.Events(nil) {
		if e.Node != i {
			continue
		}
		if s := StepName(w, e); s != "" {
			steps = append(steps, s)
		}
		if n := EventName(w, e); n != "" {
			events = append(events, n)
		}
	}
	var out []int
	for k, l := range listing {
		if l.Label != "" && slices.Contains(steps, l.Label) || l.On != "" && slices.Contains(events, l.On) {
			out = append(out, k)
		}
	}
	return out
}

// LinesOf returns the indices of the listing lines event e runs in w;
// call it before applying e.
func LinesOf(w *World, e Event) []int {
	step, event := StepName(w, e), EventName(w, e)
	var out []int
	for k, l := range w.Alg.Listing {
		if l.Matches(step, event) {
			out = append(out, k)
		}
	}
	return out
}
