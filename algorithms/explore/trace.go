package explore

import (
	"fmt"
	mbits "math/bits"
	"strings"

	"dmelab/algorithms/sim"
)

// Trace is a counterexample: the events from the initial state, each with
// the state it leads to, so it reads as a step table. For starvation, the
// steps from Loop on repeat forever.
type Trace struct {
	Property string
	Kind     string // "two nodes in the CS", "deadlock", "starvation", "order"
	Summary  string // one sentence saying what went wrong
	Initial  []string
	Steps    []TraceStep
	// Loop is the index of the first step of the cycle, or -1.
	Loop int
}

// TraceStep is one row of a step table.
type TraceStep struct {
	Event string   // canonical form, replayable (sim.World.FindEvent)
	Text  string   // in words
	Nodes []string // each node's variables after the step
	Net   string   // messages in flight after the step
}

// Events returns the canonical event lines of the trace.
func (t *Trace) Events() []string {
	ev := make([]string, len(t.Steps))
	for i, s := range t.Steps {
		ev[i] = s.Event
	}
	return ev
}

// path returns the state indices from the initial state to i.
func (s *search) path(i int) []int {
	var p []int
	for {
		p = append(p, i)
		if i == 0 {
			break
		}
		i = int(s.parent.at(i))
	}
	for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return p
}

func (s *search) trace(prop string, v *violation) (*Trace, error) {
	states := s.path(v.state)
	loopAt := -1
	if v.loop != nil {
		loopAt = len(states) - 1
		states = append(states, v.loop[1:]...)
	}
	w, err := initial(s.cfg)
	if err != nil {
		return nil, err
	}
	t := &Trace{Property: prop, Kind: v.kind, Loop: loopAt}
	for i := range w.Nodes {
		t.Initial = append(t.Initial, w.Names[i]+": "+w.NodeString(i))
	}
	// The nodes that wait in every state of the cycle, as it is replayed.
	starved := ^uint32(0)
	if loopAt == 0 {
		starved &= waiting(w)
	}
	var enc sim.Enc
	for k := 1; k < len(states); k++ {
		want := s.st.bytes(nil, states[k], nil)
		// In the loop, the event of the class the cycle was built with
		// (another event may lead to the same state); elsewhere the first.
		var class uint32
		if j := k - loopAt; loopAt >= 0 && j > 0 && j < len(v.loopClass) {
			class = v.loopClass[j]
		}
		var pick *sim.World
		var pickEv sim.Event
		for _, e := range w.Events(nil) {
			c := w.Clone()
			if _, err := c.Apply(e); err != nil {
				continue
			}
			enc.B = enc.B[:0]
			c.Encode(&enc)
			if string(enc.B) != string(want) {
				continue
			}
			if pick == nil {
				pick, pickEv = c, e
			}
			if class == 0 || s.class(e) == class {
				pick, pickEv = c, e
				break
			}
		}
		found := pick != nil
		if found {
			t.Steps = append(t.Steps, step(w, pick, pickEv))
			w = pick
			if loopAt >= 0 && k >= loopAt {
				starved &= waiting(w)
			}
		}
		if !found {
			return nil, fmt.Errorf("explore: cannot replay the counterexample at step %d", k)
		}
	}
	if v.hasEv {
		c := w.Clone()
		if _, err := c.Apply(v.event); err != nil {
			return nil, err
		}
		t.Steps = append(t.Steps, step(w, c, v.event))
		w = c
	}
	if v.kind == "starvation" {
		c := *v
		c.starved = starved | 1<<v.victim
		v = &c
	}
	t.Summary = summary(w, v, loopAt)
	t.explain(s.cfg)
	return t, nil
}

// explain adds to the summary of an Order counterexample the chain that
// made the earlier call happen before the victim's (see orderChain), to
// a safety counterexample's how each node in the critical section got
// there (see safetyChain), to a deadlock that the algorithm does not
// explain itself what each node did last (see deadlockChain), and to a
// starvation the steps its cycle repeats (see cycleText).
func (t *Trace) explain(c Config) {
	var chain func(*sim.World, []string) string
	switch t.Kind {
	case "starvation":
		t.Summary += t.cycleText()
		return
	case "order":
		chain = orderChain
	case "two nodes in the CS":
		chain = safetyChain
	case "deadlock":
		chain = deadlockChain
	default:
		return
	}
	w0, err := initial(c)
	if err != nil {
		return
	}
	if why := chain(w0, t.Events()); why != "" {
		t.Summary += " " + why
	}
	if t.Kind == "deadlock" {
		if lost := lostInCrashes(w0, t.Events()); lost != "" {
			t.Summary += " " + lost
		}
	}
}

// lostInCrashes says which messages a crash took with it (a crashed
// node's channel is emptied, sim.World.Apply): where a run stops short of
// its goal because of a crash, the message that vanished is usually why
// ("N2 crashed at step 2 while election(1) from N1 was on its way to it:
// the message was lost with it."). "" when no crash lost a message.
func lostInCrashes(w0 *sim.World, lines []string) string {
	rows, _, ok := replayLines(w0, lines)
	if !ok {
		return ""
	}
	var said []string
	for k, r := range rows {
		if r.e.Kind != sim.EvCrash {
			continue
		}
		var msgs []string
		for _, m := range r.w.Net {
			if int(m.To) == r.e.Node {
				msgs = append(msgs, r.w.Alg.Format(m)+" from "+r.w.Names[m.From])
			}
		}
		switch len(msgs) {
		case 0:
		case 1:
			said = append(said, fmt.Sprintf("%s crashed at step %d while %s was on its way to it: the message was lost with it.", r.w.Names[r.e.Node], k+1, msgs[0]))
		default:
			said = append(said, fmt.Sprintf("%s crashed at step %d while %s were on their way to it: the messages were lost with it.", r.w.Names[r.e.Node], k+1, strings.Join(msgs, ", ")))
		}
	}
	return strings.Join(said, " ")
}

// cycleMax is how many of a starvation cycle's steps its summary says.
const cycleMax = 6

// cycleText says in words the steps a starvation cycle repeats (the
// first cycleMax of them), so that the summary tells what goes round
// without the step table: " The cycle: N1 receives request(2) from N2,
// then ..., and again." ("" without a cycle).
func (t *Trace) cycleText() string {
	if t.Loop < 0 || t.Loop >= len(t.Steps) {
		return ""
	}
	cycle := t.Steps[t.Loop:]
	var said []string
	for k, st := range cycle {
		if k == cycleMax && len(cycle) > cycleMax+1 {
			said = append(said, fmt.Sprintf("%d steps more", len(cycle)-cycleMax))
			break
		}
		said = append(said, st.Text)
	}
	return fmt.Sprintf(" The cycle (steps %d–%d): %s, and again.", t.Loop+1, len(t.Steps), strings.Join(said, ", then "))
}

// failedNodes says that the nodes of set f failed, with the verb agreeing
// ("N1, N3 failed and act no more": a walk can fail several).
func failedNodes(w *sim.World, f uint32) string {
	verb := "acts"
	if mbits.OnesCount32(f) > 1 {
		verb = "act"
	}
	return fmt.Sprintf("%s failed and %s no more", bitsNames(w, f), verb)
}

func summary(w *sim.World, v *violation, loopAt int) string {
	switch v.kind {
	case "two nodes in the CS":
		return fmt.Sprintf("%s are in the critical section at the same time.", bitsNames(w, inCS(w)))
	case "deadlock":
		evs := w.Events(nil)
		// A node whose code failed acts no more: say so, and speak of the
		// others' waiting apart (it waits for ever too, but not for them).
		f := w.Failed()
		pre := ""
		if f != 0 {
			pre = failedNodes(w, f) + ". "
		}
		if w.Alg.Election {
			who := waiting(w) &^ f
			if who == 0 && f != 0 {
				return failedNodes(w, f) + "; nothing else has to happen."
			}
			verb := "has"
			if mbits.OnesCount32(who) > 1 {
				verb = "have"
			}
			acts := "nothing can happen any more"
			if len(evs) > 0 {
				acts = "only optional events are left: " + idleActs(w, evs)
			}
			return pre + fmt.Sprintf("Nothing more has to happen, yet %s %s not elected the highest live node, %s (%s).", bitsNames(w, who), verb, w.Names[w.MaxAlive()], acts)
		}
		stuck := busy(w) &^ f
		if stuck == 0 && f != 0 {
			return failedNodes(w, f) + "; nothing else has to happen."
		}
		// The algorithm's own words for why (Maekawa's circular wait),
		// unless a node failed: then the failure is the story.
		if why := stuckText(w, f); why != "" {
			if len(evs) > 0 {
				why += fmt.Sprintf(" Only optional events are left (%s), and none has to happen.", idleActs(w, evs))
			}
			return why
		}
		if len(evs) > 0 {
			return pre + fmt.Sprintf("%s cannot finish: nothing is left that must happen; only optional events are (%s), and none has to happen.", bitsNames(w, stuck), idleActs(w, evs))
		}
		return pre + fmt.Sprintf("Nothing can happen any more, yet %s cannot finish (waiting to enter or to leave).", bitsNames(w, stuck))
	case "starvation":
		// Every node that waits in every state of the cycle starves, not
		// only the one the search noticed.
		who, many := w.Names[v.victim], mbits.OnesCount32(v.starved) > 1
		if many {
			who = bitsNames(w, v.starved)
		}
		cycle := fmt.Sprintf("from step %d on the run repeats a cycle that is fair to every node and channel", loopAt+1)
		switch {
		case w.Alg.Election && many:
			return fmt.Sprintf("%s never settle on the highest live node: %s.", who, cycle)
		case w.Alg.Election:
			return fmt.Sprintf("%s never settles on the highest live node: %s.", who, cycle)
		case many && mbits.OnesCount32(v.starved) == 2:
			return fmt.Sprintf("%s wait forever: %s, and neither enters.", who, cycle)
		case many:
			return fmt.Sprintf("%s wait forever: %s, and none of them enters.", who, cycle)
		}
		return fmt.Sprintf("%s waits forever: %s, and %s never enters.", who, cycle, who)
	case "wrong leader":
		return w.WrongLeaderText(v.victim, v.leader) + "."
	case "order":
		if v.victim >= 0 && v.victim < len(w.Names) {
			return fmt.Sprintf("%s enters the critical section although an enter() call that happened-before its own (%s) is still waiting.", w.Names[v.victim], v.detail)
		}
		return "A node enters the critical section although an enter() call that happened-before its own is still waiting."
	}
	return ""
}

// idleActs says in words what could still happen in a deadlock, none of
// it required: the kinds of the events left, each once, in the
// simulator's order (only what this configuration allows: no crash where
// none may happen). An application's call and a fault are told apart: a
// crash is not something an application does.
func idleActs(w *sim.World, evs []sim.Event) string {
	words := map[sim.EventKind]string{sim.EvRequest: "an idle application may call enter()", sim.EvApp: "an application may send a message",
		sim.EvCrash: "a node may crash", sim.EvRecover: "a crashed node may recover"}
	if w.Alg.Election {
		words[sim.EvRequest] = "an application may start an election"
	}
	var left [sim.EvRecover + 1]bool // the kinds, in the simulator's order
	for _, e := range evs {
		left[e.Kind] = true
	}
	var acts []string
	for k, ok := range left {
		if !ok {
			continue
		}
		word, named := words[sim.EventKind(k)]
		if !named {
			word = "a node may act"
		}
		acts = append(acts, word)
	}
	if len(acts) > 1 {
		return strings.Join(acts[:len(acts)-1], ", ") + " or " + acts[len(acts)-1]
	}
	return strings.Join(acts, "")
}

// TraceOf replays events from the initial state of c and writes them up
// as a trace of the given kind ("two nodes in the CS", "deadlock", "order").
func TraceOf(c Config, events []sim.Event, kind string) (*Trace, error) {
	if c.wants(Order) {
		c.Opts.Order = true
	}
	w, err := initial(c)
	if err != nil {
		return nil, err
	}
	t := &Trace{Kind: kind, Loop: -1}
	for i := range w.Nodes {
		t.Initial = append(t.Initial, w.Names[i]+": "+w.NodeString(i))
	}
	last, detail, leader := -1, "", -1
	for _, e := range events {
		c := w.Clone()
		out, err := c.Apply(e)
		if err != nil {
			return nil, err
		}
		if out.OrderBroken {
			last, detail = e.Node, bitsNames(w, out.Before)
		}
		if out.WrongLeader {
			last, detail, leader = e.Node, w.Names[out.Leader], out.Leader
		}
		t.Steps = append(t.Steps, step(w, c, e))
		w = c
	}
	t.Summary = summary(w, &violation{kind: kind, victim: last, detail: detail, leader: leader}, -1)
	t.explain(c)
	return t, nil
}

func step(before, after *sim.World, e sim.Event) TraceStep {
	ts := TraceStep{Event: before.EventString(e), Text: before.Describe(e)}
	for i := range after.Nodes {
		ts.Nodes = append(ts.Nodes, after.NodeString(i))
	}
	ts.Net = netString(after)
	return ts
}

func netString(w *sim.World) string {
	s := ""
	for _, m := range w.Net {
		if s != "" {
			s += " "
		}
		s += fmt.Sprintf("%s->%s:%s", w.Names[m.From], w.Names[m.To], w.Alg.Format(m))
	}
	return s
}

func inCS(w *sim.World) uint32 {
	var b uint32
	for _, i := range w.InCS() {
		b |= 1 << i
	}
	return b
}

// stuckText is the algorithm's sentence for the deadlock w
// (sim.Algorithm.Stuck), or "" when it has none or some node failed
// (the set f).
func stuckText(w *sim.World, f uint32) string {
	if w.Alg.Stuck == nil || f != 0 {
		return ""
	}
	return w.Alg.Stuck(w)
}
