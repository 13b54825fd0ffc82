package grade

import (
	"fmt"
	"strings"

	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/report"
)

// run is a failing run to write up: the configuration, its events, and
// what it shows.
type run struct {
	st      *scenario.Setup
	events  []sim.Event
	prop    string // safety, liveness, order, or "schedule" for a schedule's own expectation
	kind    string
	summary string
	loop    int      // index of the first event of a starvation cycle, or -1
	expects []string // the replay scenario's closing expectations
	// hideFault, if set, is what the tables show of a failed node's fault
	// variable in place of its text (a hidden test's, see hiddenFault).
	hideFault func(string) string
}

// fault is the first node failure in a run.
type fault struct {
	step int // index into the steps
	node int
	msg  string
	// by is set when the failure is the doing of the node that sent the
	// message the failed node received (sim.SenderFaulter).
	by *senderFault
}

// senderFault is what the sender of the message a node failed on did
// wrong (sim.SenderFaulter): the sender, the step that sent it (an index
// into the steps, or -1 when the steps do not show it), the message, why
// it should not have been sent, and which of the sender's code to look
// at.
type senderFault struct {
	node, step     int
	msg, why, look string
}

// writeUp replays r and fills the step table, the diagram's arrows and
// the replay scenario. It also finds the first node failure, if any.
func writeUp(r run) (*report.Counterexample, *fault, error) {
	w, err := r.st.World()
	if err != nil {
		return nil, nil, err
	}
	ce := &report.Counterexample{Property: r.prop, Kind: r.kind, Summary: bounded(r.summary), Nodes: append([]string(nil), r.st.Names...), Loop: r.loop}
	if ce.Loop >= len(r.events) {
		ce.Loop = -1
	}
	for i := range w.Nodes {
		ce.Initial = append(ce.Initial, nodeString(w, i, r.hideFault))
	}
	var first *fault
	for k, e := range r.events {
		s := report.Step{Event: w.EventString(e), Text: w.Describe(e), Node: e.Node}
		if e.Kind == sim.EvDeliver {
			s.Delivered = &report.Arrow{From: int(e.Msg.From), To: int(e.Msg.To), Label: w.Alg.Format(e.Msg)}
		}
		out, err := w.Apply(e)
		if err != nil {
			return nil, nil, fmt.Errorf("replaying step %d: %v", k+1, err)
		}
		for _, m := range out.Sent {
			s.Sent = append(s.Sent, report.Arrow{From: int(m.From), To: int(m.To), Label: w.Alg.Format(m)})
		}
		s.InCS = w.InCS()
		for i := range w.Nodes {
			s.Vars = append(s.Vars, nodeString(w, i, r.hideFault))
		}
		s.Net = netString(w)
		ce.Steps = append(ce.Steps, s)
		if first == nil {
			for i, n := range w.Nodes {
				if f, ok := n.(sim.Faulter); ok && f.Fault() != "" {
					first = &fault{step: k, node: i, msg: report.Visible(f.Fault(), report.MaxFault)}
					if sf, ok := n.(sim.SenderFaulter); ok && e.Kind == sim.EvDeliver && int(e.Msg.To) == i {
						if msg, why, look := sf.SenderFault(); msg != "" {
							first.by = &senderFault{node: int(e.Msg.From), step: -1, msg: msg, why: why, look: look}
						}
					}
					break
				}
			}
		}
	}
	notes := map[int][]string{}
	if len(r.events) > 0 && r.summary != "" {
		notes[0] = []string{bounded(r.kind + ": " + r.summary)}
	}
	if ce.Loop >= 0 {
		notes[ce.Loop] = append(notes[ce.Loop], "from here on the run repeats forever")
	}
	text, err := scenario.FromTrace(r.st, r.events, notes, r.expects...)
	if err != nil {
		return nil, nil, err
	}
	ce.Scenario = text
	if first != nil && first.by != nil {
		first.by.step = ce.SentAt(first.step)
	}
	return ce, first, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// maxText bounds a summary or a test's message. They are the grader's
// sentences, but they may quote a node's state and so a fault.
const maxText = 4000

// bounded is s on one line, safe anywhere in feedback and in a schedule's
// comment, and bounded (see report.Visible).
func bounded(s string) string { return report.Visible(oneLine(s), maxText) }

// nodeString is w.NodeString(i) with every value shown safely and bounded:
// a failed node's fault variable is the student's text (what the code
// panicked with), and these lines go into step tables, HTML and JSON.
// hide, if set, replaces that variable's text: a hidden test shows only
// what kind of fault it was, since the code chose the text and could
// have written into it what it saw of the test.
func nodeString(w *sim.World, i int, hide func(string) string) string {
	s := w.NodeString(i)
	for _, v := range w.Nodes[i].Vars() {
		safe := report.Visible(v.Value, report.MaxFault)
		if hide != nil && v.Name == "fault" && v.Value != "" {
			safe = hide(v.Value)
		}
		if safe != v.Value {
			s = strings.Replace(s, v.Name+"="+v.Value, v.Name+"="+safe, 1)
		}
	}
	return s
}

func netString(w *sim.World) string {
	var parts []string
	for _, m := range w.Net {
		parts = append(parts, fmt.Sprintf("%s->%s:%s", w.Names[m.From], w.Names[m.To], w.Alg.Format(m)))
	}
	return strings.Join(parts, " ")
}

// lastOwnStep says what the student's code did last in the run: the step
// (P2, P12, ...) or handler (a delivery, enter(), exit()) that ran the
// student's code, with the node's variables after it. The interface says
// which events run the student's code and what its handlers are called.
func lastOwnStep(ce *report.Counterexample, in *iface.Interface) string {
	if in == nil { // a listing: every step is the student's
		return ""
	}
	for k := len(ce.Steps) - 1; k >= 0; k-- {
		s := ce.Steps[k]
		if !in.RunsCode(s.Event) {
			continue
		}
		return fmt.Sprintf("The last step that ran your code is step %d: %s%s.", k+1, s.Text, in.HandlerOf(s.Event))
	}
	return ""
}

// explain is the message of a failed test: what failed, then the node
// failure or what the student's code did last.
//
// A fault's text is the student's (what the code panicked with): f.msg
// is already safe and bounded (writeUp), and so is the whole message,
// which keeps the fault's spaces as they are.
func explain(what string, ce *report.Counterexample, f *fault, in *iface.Interface) string {
	return report.Visible(explainRaw(oneLine(what), ce, f, in), maxText)
}

func explainRaw(what string, ce *report.Counterexample, f *fault, in *iface.Interface) string {
	if f != nil && f.by != nil && f.by.node >= 0 && f.by.node < len(ce.Nodes) {
		// The cause first: the sender's code, which the student would
		// not look at if the receiver's failure came first.
		at := ""
		if f.by.step >= 0 {
			at = fmt.Sprintf(" at step %d", f.by.step+1)
		}
		to := ce.Nodes[f.node]
		return fmt.Sprintf("%s %s sent %s %s%s, but %s %s: look at %s. What followed: %s failed at step %d, on that message: %s; the node stops there and waits forever.",
			what, ce.Nodes[f.by.node], to, f.by.msg, at, to, f.by.why, f.by.look, to, f.step+1, f.msg)
	}
	if f != nil {
		return fmt.Sprintf("%s %s failed at step %d: %s; the node stops there and waits forever.", what, ce.Nodes[f.node], f.step+1, f.msg)
	}
	if ce == nil {
		return what
	}
	if s := lastOwnStep(ce, in); s != "" {
		return what + " " + s
	}
	return what
}
