package explore

import (
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// Conformance: does an algorithm do exactly what a reference does? The
// seed's flawed listings cannot be graded on the properties they break, so
// a student who writes one is graded on writing it faithfully: in every
// reachable state the student's algorithm must offer the same events as
// the reference, each with the same label (the label says what the step
// did: "P11 requestedNum=1 < myNum=2: send(reply,N1,myID)"), and reach the
// same state (the same variables and messages in flight). The search is a
// breadth-first walk of the product of the two state graphs, so the first
// difference found comes after the fewest events.

// Where says what differs at a divergence.
type Where uint8

const (
	// InitialState: the two start in different states (Events is empty).
	InitialState Where = iota
	// Step: an event one offers and the other does not, or labels
	// otherwise (the last of Events is the algorithm's, if it has one).
	Step
	// State: the same event leads to different states (the last of
	// Events); Ref and Got are the first line that differs.
	State
)

// Divergence is where an algorithm first parts from its reference.
type Divergence struct {
	Where Where
	// Events is the shared run, in the checked algorithm's world,
	// followed by the event where they part when the checked algorithm
	// can take it.
	Events []sim.Event
	// Lines are Events in canonical form.
	Lines []string
	// Ref and Got say what the reference and the checked algorithm do at
	// the point where they part (an event's line, or "nothing", or a
	// node's variables).
	Ref, Got string
	// Summary says it in one sentence.
	Summary string
}

// ConformResult is what a conformance search found.
type ConformResult struct {
	// States counts the pairs of states visited.
	States int
	// Complete: every reachable pair was visited (or a divergence found).
	Complete   bool
	Divergence *Divergence
}

// Conform checks that cfg.Alg behaves as ref in every schedule of cfg's
// configuration (cfg.Props, First and NoReduce are not used; MaxStates
// bounds the pairs visited).
func Conform(cfg Config, ref *sim.Algorithm) (*ConformResult, error) {
	wr, err := sim.NewWorld(ref, cfg.Sim, cfg.Opts)
	if err != nil {
		return nil, err
	}
	wa, err := sim.NewWorld(cfg.Alg, cfg.Sim, cfg.Opts)
	if err != nil {
		return nil, err
	}
	res := &ConformResult{}
	if d := stateDiff(wr, wa); d != nil {
		d.Where, d.Summary = InitialState, "The initial states differ: "+d.Summary
		res.Divergence, res.Complete = d, true
		return res, nil
	}
	type pair struct {
		ref, alg []byte
		parent   int
		event    sim.Event // in alg's world, from the parent
	}
	enc := func(w *sim.World) []byte {
		var e sim.Enc
		w.Encode(&e)
		return e.B
	}
	queue := []pair{{ref: enc(wr), alg: enc(wa), parent: -1}}
	seen := map[string]bool{string(queue[0].ref) + "\x00" + string(queue[0].alg): true}
	// path rebuilds the events from the initial pair to pair i.
	path := func(i int) []sim.Event {
		var evs []sim.Event
		for ; queue[i].parent >= 0; i = queue[i].parent {
			evs = append(evs, queue[i].event)
		}
		for l, r := 0, len(evs)-1; l < r; l, r = l+1, r-1 {
			evs[l], evs[r] = evs[r], evs[l]
		}
		return evs
	}
	a0 := wa.Clone()
	for i := 0; i < len(queue); i++ {
		if cfg.MaxStates > 0 && i >= cfg.MaxStates {
			res.States = i
			return res, nil
		}
		if cfg.Progress != nil && cfg.ProgressEvery > 0 && i%cfg.ProgressEvery == 0 {
			cfg.Progress(Progress{States: i, Transitions: len(queue)})
		}
		if err := wr.Decode(queue[i].ref); err != nil {
			return nil, err
		}
		if err := wa.Decode(queue[i].alg); err != nil {
			return nil, err
		}
		d, next := conformStep(wr, wa)
		if d != nil {
			res.States, res.Complete = i+1, true
			d.Events = append(path(i), d.Events...)
			if err := d.replay(a0); err != nil {
				return nil, err
			}
			res.Divergence = d
			return res, nil
		}
		for _, n := range next {
			k := string(n.ref) + "\x00" + string(n.alg)
			if !seen[k] {
				seen[k] = true
				queue = append(queue, pair{ref: n.ref, alg: n.alg, parent: i, event: n.event})
			}
		}
	}
	res.States, res.Complete = len(queue), true
	return res, nil
}

type successor struct {
	ref, alg []byte
	event    sim.Event
}

// conformStep compares the events enabled in the two worlds and the state
// each reaches; it returns the first difference, or the successors.
func conformStep(wr, wa *sim.World) (*Divergence, []successor) {
	er, ea := wr.Events(nil), wa.Events(nil)
	lr, la := lines(wr, er), lines(wa, ea)
	// An event of the reference that the algorithm labels otherwise, or
	// does not offer.
	for k, e := range er {
		if j := indexOf(la, lr[k]); j >= 0 {
			continue
		}
		d := &Divergence{Where: Step, Ref: lr[k], Got: "nothing of the kind"}
		for j, f := range ea {
			if f == e {
				d.Got, d.Events = la[j], []sim.Event{f}
				break
			}
		}
		d.Summary = fmt.Sprintf("The reference can do %q here; yours does %q", lr[k], d.Got)
		if d.Events == nil {
			d.Summary = fmt.Sprintf("The reference can do %q here; yours cannot", lr[k])
		}
		return d, nil
	}
	for j := range ea {
		if indexOf(lr, la[j]) < 0 {
			return &Divergence{Where: Step, Ref: "nothing of the kind", Got: la[j], Events: []sim.Event{ea[j]},
				Summary: fmt.Sprintf("Yours can do %q here; the reference cannot", la[j])}, nil
		}
	}
	var next []successor
	for k, e := range er {
		f := ea[indexOf(la, lr[k])]
		cr, ca := wr.Clone(), wa.Clone()
		if _, err := cr.Apply(e); err != nil {
			return &Divergence{Where: Step, Ref: lr[k], Got: lr[k], Summary: "The reference could not take its own event: " + err.Error()}, nil
		}
		if _, err := ca.Apply(f); err != nil {
			return &Divergence{Where: Step, Ref: lr[k], Got: err.Error(), Summary: fmt.Sprintf("Yours offered %q but could not take it: %v", lr[k], err)}, nil
		}
		if d := stateDiff(cr, ca); d != nil {
			d.Where, d.Events = State, []sim.Event{f}
			d.Summary = fmt.Sprintf("After %q, %s", lr[k], d.Summary)
			return d, nil
		}
		var b1, b2 sim.Enc
		cr.Encode(&b1)
		ca.Encode(&b2)
		next = append(next, successor{ref: b1.B, alg: b2.B, event: f})
	}
	return nil, next
}

// stateDiff compares what the two worlds show: each node's variables,
// then the messages in flight.
func stateDiff(wr, wa *sim.World) *Divergence {
	sr, sa := strings.Split(wr.StateString(), "\n"), strings.Split(wa.StateString(), "\n")
	for k := 0; k < len(sr) && k < len(sa); k++ {
		if sr[k] != sa[k] {
			what := "the messages in flight differ"
			if k < len(wr.Nodes) {
				what = strings.SplitN(sr[k], ":", 2)[0] + "'s variables differ"
			}
			return &Divergence{Ref: sr[k], Got: sa[k], Summary: what}
		}
	}
	if len(sr) != len(sa) {
		return &Divergence{Ref: wr.StateString(), Got: wa.StateString(), Summary: "the states differ"}
	}
	return nil
}

// replay rebuilds d.Lines and, when the parting event is the algorithm's
// own, checks that the run replays (the counterexample must).
func (d *Divergence) replay(a0 *sim.World) error {
	w := a0.Clone()
	d.Lines = nil
	for _, e := range d.Events {
		d.Lines = append(d.Lines, w.EventString(e))
		if _, err := w.Apply(e); err != nil {
			return fmt.Errorf("conform: replaying the divergence: %v", err)
		}
	}
	return nil
}

func lines(w *sim.World, evs []sim.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = w.EventString(e)
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
