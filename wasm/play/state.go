package play

import "dmelab/algorithms/sim"

// State is everything the page shows: the whole timeline (for the
// diagram) and, at the cursor, each node's variables, the messages in
// flight and the events a student may choose next.
type State struct {
	Params   Params      `json:"params"`
	Election bool        `json:"election"` // a leader election, not mutual exclusion
	Names    []string    `json:"names"`
	Pos      int         `json:"pos"`
	Initial  []string    `json:"initial"` // every node's phase before step 1
	Steps    []Step      `json:"steps"`
	Messages []Message   `json:"messages"`
	CS       []CSSpan    `json:"cs"`
	Nodes    []NodeState `json:"nodes"`
	InFlight []int       `json:"inFlight"` // indices into Messages
	Enabled  []Enabled   `json:"enabled"`
	Status   Status      `json:"status"` // at the cursor
	End      Status      `json:"end"`    // at the end of the timeline
	// Script: the run comes from a scenario (NewScenarioRun).
	Script *Script `json:"script,omitempty"`
}

// NodeState is one node at the cursor.
type NodeState struct {
	Name    string `json:"name"`
	Phase   string `json:"phase"`
	Clock   *int32 `json:"clock,omitempty"` // only for algorithms with Lamport clocks
	Crashed bool   `json:"crashed"`
	// Failed is why the node's code failed (a listing's step that broke
	// a rule: sim.Faulter); "" while it has not. A failed node does
	// nothing more: its phase is where it stopped.
	Failed string `json:"failed,omitempty"`
	// Leader (an election) is the node this one has elected, in the
	// run's names; "" while it has none.
	Leader  string `json:"leader,omitempty"`
	Entries int    `json:"entries"` // CS entries so far
	Left    int    `json:"left"`    // enter() calls still to come
	Vars    []Var  `json:"vars"`
	// At and Last index the algorithm's listing: the lines the node is at
	// (what it can do next, where its processes wait) and the lines its
	// last event ran (sim.LinesAt, sim.LinesOf).
	At   []int `json:"at"`
	Last []int `json:"last"`
}

// Var is one of a node's variables, as sim.Node.Vars lists them.
type Var struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Enabled is one event a student may take now.
type Enabled struct {
	Index int    `json:"index"`
	Event string `json:"event"`
	Text  string `json:"text"`
	Kind  string `json:"kind"`
	Node  int    `json:"node"` // who acts (the receiver of a delivery)
	From  int    `json:"from"` // the sender of a delivery, else -1
	// Next: this is the event the timeline already continues with.
	Next bool `json:"next"`
	// Default: the event "step" and "run" take by the default policy.
	Default bool `json:"default"`
}

// CSSpan is one stay in the critical section: entered by event From,
// left by event To (0: still inside at the end of the timeline).
type CSSpan struct {
	Node int `json:"node"`
	From int `json:"from"`
	To   int `json:"to"`
}

// Status says what the state at the cursor means for the properties.
type Status struct {
	// Unsafe: two or more nodes are in the CS.
	Unsafe bool `json:"unsafe"`
	// Deadlock: someone waits (or cannot finish leaving) and nothing that
	// would have to happen can (at most an idle application may still call
	// enter()), the explorer's definition.
	Deadlock bool `json:"deadlock"`
	// Done: nothing is enabled and nobody waits (an election: every live
	// node has elected the highest live one and nothing must happen).
	Done bool `json:"done"`
	// Waiting lists the nodes whose enter() has not returned; for an
	// election, the live nodes that have not elected the highest live one.
	Waiting []int `json:"waiting"`
	// Why is the algorithm's own account of a deadlock (sim.Algorithm.Stuck:
	// Maekawa's circular wait, who holds whose vote), in the run's names;
	// "" where it has none or a node's code failed (the failure is the
	// story then, as in the explorer's summaries).
	Why string `json:"why,omitempty"`
}

// State returns the run as the page shows it.
func (r *Run) State() State {
	w := r.world()
	rn := r.rename
	if rn == nil {
		rn = func(s string) string { return s }
	}
	s := State{Params: r.p, Election: r.alg.Election, Pos: r.pos, Initial: phases(r.worlds[0]),
		Steps: make([]Step, len(r.steps)), Messages: make([]Message, len(r.msgs))}
	for _, n := range w.Names {
		s.Names = append(s.Names, rn(n))
	}
	for i, st := range r.steps {
		st.Text = rn(st.Text)
		st.Say = rn(st.Say)
		s.Steps[i] = st
	}
	for i, m := range r.msgs {
		m.Label = rn(m.Label)
		s.Messages[i] = m
	}
	s.CS = r.spans()
	for i, n := range w.Nodes {
		ns := NodeState{Name: s.Names[i], Phase: n.Phase().String(), Crashed: w.Crashed&(1<<i) != 0,
			Entries: w.App[i].Entries, Left: w.App[i].Left, Vars: []Var{}, At: sim.LinesAt(w, i), Last: r.lastLines(i)}
		if ns.At == nil {
			ns.At = []int{}
		}
		if f, ok := n.(sim.Faulter); ok {
			ns.Failed = rn(f.Fault())
		}
		if e, ok := n.(sim.Elector); ok && r.alg.Election {
			if l := e.Leader(); l >= 0 && l < len(s.Names) {
				ns.Leader = s.Names[l]
			}
		}
		for _, v := range n.Vars() {
			ns.Vars = append(ns.Vars, Var{v.Name, rn(v.Value)})
		}
		if w.Clock != nil {
			c := w.Clock[i]
			ns.Clock = &c
		}
		s.Nodes = append(s.Nodes, ns)
	}
	s.InFlight = []int{}
	for i, m := range r.msgs {
		if m.Sent <= r.pos && (m.Delivered == 0 || m.Delivered > r.pos) && (m.Lost == 0 || m.Lost > r.pos) {
			s.InFlight = append(s.InFlight, i)
		}
	}
	s.Enabled = []Enabled{}
	next, _ := r.Next()
	for i, e := range w.Events(nil) {
		en := Enabled{Index: i, Event: w.EventString(e), Text: rn(w.Describe(e)), Kind: kindName(e.Kind), Node: e.Node, From: -1}
		if e.Kind == sim.EvDeliver {
			en.From = int(e.Msg.From)
		}
		en.Next = r.pos < len(r.steps) && r.steps[r.pos].Event == en.Event
		en.Default = en.Event == next
		s.Enabled = append(s.Enabled, en)
	}
	s.Status = status(w, rn)
	s.End = status(r.worlds[len(r.worlds)-1], rn)
	s.Script = r.scriptState()
	return s
}

func status(w *sim.World, rn func(string) string) Status {
	evs := w.Events(nil)
	forced := false
	for _, e := range evs {
		forced = forced || e.Kind == sim.EvDeliver || e.Kind == sim.EvExit || e.Kind == sim.EvStep
	}
	st := Status{Unsafe: w.Unsafe(), Waiting: []int{}}
	waiting := w.Waiting() // for an election: the live nodes without the right leader
	busy := waiting != 0
	for i, n := range w.Nodes {
		if waiting&(1<<i) != 0 {
			st.Waiting = append(st.Waiting, i)
		}
		if !w.Alg.Election {
			busy = busy || n.Phase() != sim.Idle && w.Crashed&(1<<i) == 0
		}
	}
	st.Deadlock = !forced && busy
	if st.Deadlock && w.Alg.Stuck != nil && w.Failed() == 0 {
		st.Why = rn(w.Alg.Stuck(w))
	}
	st.Done = !busy && len(evs) == 0
	if w.Alg.Election {
		started := false
		for _, a := range w.App {
			started = started || a.Left < w.Opts.Requests
		}
		st.Done = started && !busy && !forced
	}
	return st
}

// lastLines returns the listing lines of node i's last event up to the
// cursor (as the actor, or the receiver of a delivery).
func (r *Run) lastLines(i int) []int {
	for k := r.pos - 1; k >= 0; k-- {
		if st := r.steps[k]; st.Node == i && st.Kind != "app" {
			return st.Lines
		}
	}
	return []int{}
}

// spans lists the CS stays of the whole timeline.
func (r *Run) spans() []CSSpan {
	out := []CSSpan{}
	open := map[int]int{} // node -> index in out
	prev := phases(r.worlds[0])
	for k, st := range r.steps {
		for i, ph := range st.Phases {
			in, was := ph == "in-cs", prev[i] == "in-cs"
			if in && !was {
				open[i] = len(out)
				out = append(out, CSSpan{Node: i, From: k + 1})
			}
			if was && !in {
				if j, ok := open[i]; ok {
					out[j].To = k + 1
					delete(open, i)
				}
			}
		}
		prev = st.Phases
	}
	return out
}
