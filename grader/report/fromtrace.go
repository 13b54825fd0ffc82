package report

import (
	"fmt"
	"strings"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// FromTrace converts a counterexample of the explorer, found on the
// configuration st describes, into the model the renderings read. The
// trace's events are replayed in a sim.World, which is where the diagram's
// material comes from: who acted (Node), which messages each step put in
// flight (Sent) and which one it delivered (Delivered), and who is in the
// critical section afterwards (InCS). Everything is written in st's node
// names, and Scenario replays the run exactly (scenario.FromCounterexample).
func FromTrace(st *scenario.Setup, t *explore.Trace) (*Counterexample, error) {
	if st == nil || st.Alg == nil || t == nil {
		return nil, fmt.Errorf("report: FromTrace needs a setup and a trace")
	}
	evs, err := scenario.Replay(st, t.Events())
	if err != nil {
		return nil, fmt.Errorf("report: %v", err)
	}
	text, err := scenario.FromCounterexample(st, t)
	if err != nil {
		return nil, fmt.Errorf("report: %v", err)
	}
	w, err := initialWorld(st)
	if err != nil {
		return nil, fmt.Errorf("report: %v", err)
	}
	rn := renamer(st.Names)
	ce := &Counterexample{
		Property: propertyOf(t),
		Kind:     t.Kind,
		Summary:  rn.apply(t.Summary),
		Nodes:    append([]string(nil), st.Names...),
		Loop:     t.Loop,
		Scenario: text,
	}
	if ce.Loop >= len(evs) {
		ce.Loop = -1
	}
	for i := range w.Nodes {
		ce.Initial = append(ce.Initial, rn.apply(w.NodeString(i)))
	}
	for k, e := range evs {
		s := Step{
			Event: rn.apply(collapse(w.EventString(e))),
			Text:  rn.apply(w.Describe(e)),
			Node:  e.Node,
		}
		if e.Kind == sim.EvDeliver {
			s.Delivered = &Arrow{From: int(e.Msg.From), To: int(e.Msg.To), Label: rn.apply(w.Alg.Format(e.Msg))}
		}
		out, err := w.Apply(e)
		if err != nil {
			return nil, fmt.Errorf("report: step %d: %v", k+1, err)
		}
		for _, m := range out.Sent {
			s.Sent = append(s.Sent, Arrow{From: int(m.From), To: int(m.To), Label: rn.apply(w.Alg.Format(m))})
		}
		s.InCS = w.InCS()
		for i := range w.Nodes {
			s.Vars = append(s.Vars, rn.apply(w.NodeString(i)))
		}
		s.Net = rn.apply(netString(w))
		ce.Steps = append(ce.Steps, s)
	}
	return ce, nil
}

// propertyOf names the property a trace violates; traces written by
// explore.TraceOf leave it empty and say only their kind.
func propertyOf(t *explore.Trace) string {
	if t.Property != "" {
		return t.Property
	}
	switch t.Kind {
	case "deadlock", "starvation":
		return explore.Liveness
	case "order":
		return explore.Order
	}
	return explore.Safety
}

// initialWorld builds st's initial world with the simulator's own names
// (N1..Nn), as scenario.Replay does: the algorithms render node references
// in those names, and renamer turns them into st's.
func initialWorld(st *scenario.Setup) (*sim.World, error) {
	w, err := sim.NewWorld(st.Alg, st.Cfg, st.Opts)
	if err != nil {
		return nil, err
	}
	for i := range w.App {
		if i < len(st.Requests) {
			w.App[i].Left = st.Requests[i]
		}
	}
	if st.Clocks != nil && w.Clock != nil {
		copy(w.Clock, st.Clocks)
	}
	return w, nil
}

func netString(w *sim.World) string {
	var parts []string
	for _, m := range w.Net {
		parts = append(parts, fmt.Sprintf("%s->%s:%s", w.Names[m.From], w.Names[m.To], w.Alg.Format(m)))
	}
	return strings.Join(parts, " ")
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// renamer replaces each whole word N<k> (the simulator's name of node k-1)
// by the setup's name of that node, so that a scenario naming its nodes
// N3 N5 N12 reads in its own names. Renaming whole lines keeps actors and
// references inside step labels consistent.
type renamer []string

func (r renamer) identity() bool {
	for i, n := range r {
		if n != fmt.Sprintf("N%d", i+1) {
			return false
		}
	}
	return true
}

func (r renamer) apply(s string) string {
	if r.identity() {
		return s
	}
	word := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == 'N' && (i == 0 || !word(s[i-1])) {
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i <= 3 {
				j++
			}
			if j > i+1 && s[i+1] != '0' && (j == len(s) || !word(s[j])) {
				k := 0
				fmt.Sscan(s[i+1:j], &k)
				if k >= 1 && k <= len(r) {
					b.WriteString(r[k-1])
					i = j
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}
