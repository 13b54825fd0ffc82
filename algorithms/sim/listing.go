package sim

import (
	"fmt"
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
//     "recover" (Recoverer.Recover), or several, separated by commas.
//     Event-driven algorithms mark each of their handlers' lines with the
//     handler's event.
//
// A node is "at" the lines of what it can do next: its enabled steps, its
// enabled events (the enter() its application may call, the exit() from
// the CS, the deliveries it may receive), and, for nodes that implement
// Locator, the line each of its processes waits at (P5's await has no
// step of its own until every reply is in); a line on a branch (If) only
// if an enabled event would take that branch. Its "last" lines are those
// of the last event it took part in (as the actor, or the receiver of a
// delivery) that the event actually ran: a line with an If condition is
// on one branch of its handler and counts only when the event went that
// way.
//
// If is read from what the event did, never from extra node state (the
// explorer hashes node states): "sends KIND" (the event sent a message of
// that kind), "sends no KIND", "sends nothing", "enters" (the node entered
// the CS with it), "stays out" (it did not), and "A or B". P12's "send
// reply" is "sends reply", its "else: add source to deferred" "sends no
// reply".
type Line struct {
	Label string `json:"label,omitempty"`
	On    string `json:"on,omitempty"`
	If    string `json:"if,omitempty"`
	Text  string `json:"text"`
}

// Ran reports whether the line's If condition holds for an event of alg
// that had outcome out (true without a condition). A condition the
// language above does not have never holds; CheckIf finds them.
func (l Line) Ran(alg *Algorithm, out Outcome) bool {
	if l.If == "" {
		return true
	}
	for _, c := range strings.Split(l.If, " or ") {
		if ok, err := holds(alg, strings.TrimSpace(c), out); err == nil && ok {
			return true
		}
	}
	return false
}

// CheckIf reports the first condition of alg's listing that is not in
// the language of Line.If.
func CheckIf(alg *Algorithm) error {
	for _, l := range alg.Listing {
		if l.If == "" {
			continue
		}
		if l.Label == "" && l.On == "" {
			return fmt.Errorf("%s: line %q has a condition but no step or event", alg.Name, l.Text)
		}
		for _, c := range strings.Split(l.If, " or ") {
			if _, err := holds(alg, strings.TrimSpace(c), Outcome{}); err != nil {
				return fmt.Errorf("%s: line %q: %w", alg.Name, l.Text, err)
			}
		}
	}
	return nil
}

// holds evaluates one condition of Line.If.
func holds(alg *Algorithm, c string, out Outcome) (bool, error) {
	switch c {
	case "enters":
		return out.Entered, nil
	case "stays out":
		return !out.Entered, nil
	case "sends nothing":
		return len(out.Sent) == 0, nil
	}
	kind, no := "", false
	if k, ok := strings.CutPrefix(c, "sends no "); ok {
		kind, no = k, true
	} else if k, ok := strings.CutPrefix(c, "sends "); ok {
		kind = k
	} else {
		return false, fmt.Errorf("unknown condition %q (want sends KIND, sends no KIND, sends nothing, enters, stays out)", c)
	}
	k := slices.Index(alg.MsgKinds, kind)
	if k < 0 {
		return false, fmt.Errorf("condition %q: no message kind %q (the kinds are %s)", c, kind, strings.Join(alg.MsgKinds, ", "))
	}
	sent := slices.ContainsFunc(out.Sent, func(m Msg) bool { return int(m.Kind) == k })
	return sent != no, nil
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

// Matches reports whether line l belongs to e, given e's StepName and
// EventName (whether it ran also depends on If: see Ran).
func (l Line) Matches(step, event string) bool {
	return step != "" && l.Label == step || event != "" && l.runsOn(event)
}

// runsOn reports whether l.On names event; On may name several, separated
// by commas (a rule checked after every receipt, such as Lamport's rule 3).
func (l Line) runsOn(event string) bool {
	if l.On == "" {
		return false
	}
	for _, o := range strings.Split(l.On, ",") {
		if strings.TrimSpace(o) == event {
			return true
		}
	}
	return false
}

// LinesAt returns the indices of the listing lines node i is at in w (see
// above), in listing order: those of its waiting processes (Locator) and
// those its enabled events would run. A line on a branch (If) counts only
// if one of those events would take it, which is found by applying the
// event to a copy of w (nothing is stored).
func LinesAt(w *World, i int) []int {
	listing := w.Alg.Listing
	if len(listing) == 0 {
		return nil
	}
	at := make([]bool, len(listing))
	if loc, ok := w.Nodes[i].(Locator); ok && w.Crashed&(1<<i) == 0 {
		for _, s := range loc.At() {
			for k, l := range listing {
				at[k] = at[k] || l.Label == s && l.If == "" // a branch: see below
			}
		}
	}
	for _, e := range w.Events(nil) {
		if e.Node != i {
			continue
		}
		step, event := StepName(w, e), EventName(w, e)
		var out *Outcome
		for k, l := range listing {
			if at[k] || !l.Matches(step, event) {
				continue
			}
			if l.If != "" && out == nil {
				o, err := w.Clone().Apply(e)
				if err != nil {
					break
				}
				out = &o
			}
			at[k] = l.If == "" || l.Ran(w.Alg, *out)
		}
	}
	var idx []int
	for k, a := range at {
		if a {
			idx = append(idx, k)
		}
	}
	return idx
}

// LinesOf returns the indices of the listing lines event e ran: w is the
// world before e (not changed since: apply e to a clone), out what
// applying it reported. Lines on a branch e did not take (Line.If) are
// left out.
func LinesOf(w *World, e Event, out Outcome) []int {
	step, event := StepName(w, e), EventName(w, e)
	var idx []int
	for k, l := range w.Alg.Listing {
		if l.Matches(step, event) && l.Ran(w.Alg, out) {
			idx = append(idx, k)
		}
	}
	return idx
}

// Explainer is implemented by nodes that can say in the course's words
// what an event did and why, for the playground's step labels: "N2 defers
// N1's request: N2 wants the CS and has priority (1 < 2)". Explain is
// called on the node as it was before e, with the node after it and the
// messages e sent (nothing is stored for it); it names nodes N1..Nn and
// returns "" to leave the event to World.Describe.
type Explainer interface {
	Explain(e Event, after Node, sent []Msg) string
}

// Explain returns node e.Node's sentence for e (see Explainer), or "":
// w is the world before e (unchanged), next the world after it, out what
// applying it reported. Application messages and crashes are never
// explained.
func Explain(w *World, e Event, next *World, out Outcome) string {
	if e.Kind == EvApp || e.Kind == EvCrash || e.Kind == EvDeliver && e.Msg.Kind == AppKind {
		return ""
	}
	x, ok := w.Nodes[e.Node].(Explainer)
	if !ok {
		return ""
	}
	return x.Explain(e, next.Nodes[e.Node], out.Sent)
}
