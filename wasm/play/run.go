// Package play is the playground's view of the core: a run that a student
// builds one event at a time, with its whole timeline kept so that stepping
// back, jumping to any step and replaying a shared URL are instant, plus the
// model checker with the same result shape as `dmelab check --json`.
//
// It is plain Go (no syscall/js), so it is tested natively; the wasm entry
// point in the parent directory only converts its values to JavaScript.
// Every value it returns is JSON-tagged: the page receives exactly these
// structures.
package play

import (
	"fmt"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// MaxEvents bounds a run's timeline, so that a "run" on an algorithm that
// never stops (a token circulating forever) cannot exhaust the page.
const MaxEvents = 2000

// AlgoInfo describes one algorithm for the picker.
type AlgoInfo struct {
	Name     string   `json:"name"`
	Summary  string   `json:"summary"`
	FIFO     bool     `json:"fifo"`
	Clocks   bool     `json:"clocks"`
	Election bool     `json:"election"`
	MsgKinds []string `json:"msgKinds"`
	// Listing is the algorithm's pseudocode (sim.Algorithm.Listing).
	Listing []sim.Line `json:"listing"`
	// Shows is what Explore starts with (sim.Algorithm.Shows, its zero
	// fields filled in: N=3, R=1).
	Shows sim.Bounds `json:"shows"`
}

// List returns every algorithm of the registry, in its order.
func List() []AlgoInfo {
	var out []AlgoInfo
	for _, a := range registry.All() {
		shows := a.Shows
		if shows.Nodes == 0 {
			shows.Nodes = 3
		}
		if shows.Requests == 0 {
			shows.Requests = 1
		}
		out = append(out, AlgoInfo{Name: a.Name, Summary: a.Summary, FIFO: a.FIFO, Clocks: a.Clocks, Election: a.Election, MsgKinds: a.MsgKinds, Listing: a.Listing, Shows: shows})
	}
	return out
}

// Params configure a run or a check. Zero values mean the CLI's defaults
// where the CLI has one (Requests defaults to 1 only through the page).
type Params struct {
	Algo        string `json:"algo"`
	Nodes       int    `json:"nodes"`
	Requests    int    `json:"requests"`
	AppMessages int    `json:"appMessages"`
	Numbers     int    `json:"numbers"`
	Crashes     int    `json:"crashes"`
	// Recoveries: how many times crashed nodes may come back (only
	// algorithms whose nodes implement sim.Recoverer).
	Recoveries int `json:"recoveries"`
	// Listing, when not empty, is the text of a listing (package
	// listing) the student edited: the run or check is of the algorithm
	// it describes instead of Algo's built-in one.
	Listing string `json:"listing,omitempty"`
	// Channels, when not empty, makes every channel "fifo" or
	// "unordered" instead of what the algorithm assumes, and Channel
	// sets single channels apart: a scenario's channels settings, so
	// that exploring "the settings" of a scenario's run searches the
	// system that run is of (the settings form has no such field).
	Channels string         `json:"channels,omitempty"`
	Channel  []ChannelParam `json:"channel,omitempty"`
}

// ChannelParam is one channel set apart: From to To (0-based), FIFO or
// not.
type ChannelParam struct {
	From int  `json:"from"`
	To   int  `json:"to"`
	FIFO bool `json:"fifo"`
}

func (p Params) validate() (*sim.Algorithm, error) {
	alg := registry.Lookup(p.Algo)
	if p.Listing != "" {
		var err error
		if alg, err = listing.Load("listing", p.Listing); err != nil {
			return nil, err
		}
	}
	switch {
	case alg == nil:
		return nil, fmt.Errorf("unknown algorithm %q", p.Algo)
	case p.Nodes < 1 || p.Nodes > 16:
		return nil, fmt.Errorf("nodes must be between 1 and 16, got %d", p.Nodes)
	case p.Requests < 0 || p.Requests > 20:
		return nil, fmt.Errorf("requests must be between 0 and 20, got %d", p.Requests)
	case p.AppMessages < 0 || p.AppMessages > 10:
		return nil, fmt.Errorf("application messages must be between 0 and 10, got %d", p.AppMessages)
	case p.Numbers < 0 || p.Numbers > 100:
		return nil, fmt.Errorf("numbers must be between 0 and 100, got %d", p.Numbers)
	case p.Crashes < 0 || p.Crashes >= p.Nodes:
		return nil, fmt.Errorf("crashes must be between 0 and N-1, got %d", p.Crashes)
	case p.Recoveries < 0 || p.Recoveries > 3:
		return nil, fmt.Errorf("recoveries must be between 0 and 3, got %d", p.Recoveries)
	case p.Channels != "" && p.Channels != "fifo" && p.Channels != "unordered":
		return nil, fmt.Errorf("channels must be fifo or unordered, got %q", p.Channels)
	case len(p.Channel) > p.Nodes*p.Nodes:
		return nil, fmt.Errorf("%d channels set apart, but %d nodes have %d", len(p.Channel), p.Nodes, p.Nodes*(p.Nodes-1))
	}
	for _, c := range p.Channel {
		if c.From < 0 || c.From >= p.Nodes || c.To < 0 || c.To >= p.Nodes || c.From == c.To {
			return nil, fmt.Errorf("no channel from node %d to node %d among %d nodes", c.From+1, c.To+1, p.Nodes)
		}
	}
	if fifo := p.Channels == "fifo"; p.Channels != "" && fifo != alg.FIFO {
		cp := *alg
		cp.FIFO = fifo
		alg = &cp
	}
	return alg, nil
}

func (p Params) config() (sim.Config, sim.Options) {
	// Order's ghost state is on so that the run can flag an entry that
	// breaks happened-before order; it never changes what can happen.
	return sim.Config{N: p.Nodes, Numbers: p.Numbers},
		sim.Options{Requests: p.Requests, AppMsgs: p.AppMessages, Crashes: p.Crashes, Recoveries: p.Recoveries, Order: true, Channels: p.channels()}
}

// channels is the channels set apart, as the simulator takes them.
func (p Params) channels() []sim.Channel {
	var cs []sim.Channel
	for _, c := range p.Channel {
		cs = append(cs, sim.Channel{From: c.From, To: c.To, FIFO: c.FIFO})
	}
	return cs
}

// Run is a timeline of events and a cursor into it. States after every
// event are kept (World.Clone), so moving the cursor costs nothing; taking
// an event other than the next one of the timeline discards the future.
type Run struct {
	p      Params
	alg    *sim.Algorithm
	worlds []*sim.World // worlds[k]: the state after k events
	steps  []Step       // steps[k-1]: event k
	msgs   []Message
	pos    int
	// rename maps the simulator's node names (N1..Nn) in display strings
	// to a scenario's own (N3 N5 N12...); nil leaves them.
	rename func(string) string
	// script links a scenario's run to its scenario (nil otherwise).
	script *script
}

// Step is one event of the timeline, as the diagram draws it.
type Step struct {
	Event string `json:"event"` // canonical, replayable
	Text  string `json:"text"`  // in words
	Kind  string `json:"kind"`  // request, exit, step, deliver, app, crash, recover
	Node  int    `json:"node"`  // who acts (the receiver of a delivery)
	// Msg is the delivered message (an index into Messages), or -1.
	Msg int `json:"msg"`
	// Sent lists the messages this event sent (indices into Messages).
	Sent []int `json:"sent"`
	// Phases: every node's phase after the event ("idle", "wanting",
	// "in-cs", "exiting", or "crashed").
	Phases      []string `json:"phases"`
	Entered     bool     `json:"entered"`
	Unsafe      bool     `json:"unsafe"`
	OrderBroken bool     `json:"orderBroken"`
	// Before: where the entry broke Order, the nodes whose enter() calls
	// happened-before the entering node's and still wait (indices).
	Before []int `json:"before,omitempty"`
	// WrongLeader (an election): the acting node elected Elected (an
	// index), who is not the highest live node, as the explorer's
	// safety says ("wrong leader").
	WrongLeader bool `json:"wrongLeader,omitempty"`
	Elected     int  `json:"elected,omitempty"`
	// Lines are the listing lines the event ran (sim.LinesOf): the
	// branch it took, not the whole handler.
	Lines []int `json:"lines"`
	// Say is what happened and why in the course's words (sim.Explain),
	// when the algorithm says it: "N2 defers N1's request: …".
	Say string `json:"say,omitempty"`
}

// Message is one message of the timeline, with the step that sent it and
// the step that delivered it (steps count from 1; 0 means never).
type Message struct {
	From      int    `json:"from"`
	To        int    `json:"to"`
	Label     string `json:"label"`
	Sent      int    `json:"sent"`
	Delivered int    `json:"delivered"`
	Lost      int    `json:"lost"` // the step at which a crash lost it
	msg       sim.Msg
}

// NewRun starts a run in the initial state of p.
func NewRun(p Params) (*Run, error) {
	alg, err := p.validate()
	if err != nil {
		return nil, err
	}
	cfg, opts := p.config()
	w, err := sim.NewWorld(alg, cfg, opts)
	if err != nil {
		return nil, err
	}
	return &Run{p: p, alg: alg, worlds: []*sim.World{w}}, nil
}

// NewRunFrom starts a run in a given initial state, such as a scenario's
// (its own clocks and settings), which must have been built with p's
// algorithm. rename, if not nil, rewrites every string the page shows
// (names, descriptions, message labels, variables) from the simulator's
// node names to the scenario's; the canonical event strings (Step.Event,
// Enabled.Event, Events, Apply) stay in the simulator's names, so that
// they replay.
func NewRunFrom(p Params, w *sim.World, rename func(string) string) (*Run, error) {
	alg, err := p.validate()
	if err != nil {
		return nil, err
	}
	if w.Alg.Name != alg.Name || len(w.Nodes) != p.Nodes {
		return nil, fmt.Errorf("the initial state is %s with %d nodes, not %s with %d", w.Alg.Name, len(w.Nodes), alg.Name, p.Nodes)
	}
	return &Run{p: p, alg: w.Alg, worlds: []*sim.World{w.Clone()}, rename: rename}, nil
}

// ApplyEvent takes e, which must be enabled (a scenario's run gives its
// events as sim.Events).
func (r *Run) ApplyEvent(e sim.Event) error { return r.apply(e) }

// Params returns what the run was built with.
func (r *Run) Params() Params { return r.p }

// Pos is the cursor: the number of events taken so far.
func (r *Run) Pos() int { return r.pos }

// Len is the length of the whole timeline.
func (r *Run) Len() int { return len(r.steps) }

// Events returns the canonical events of the whole timeline.
func (r *Run) Events() []string {
	ev := make([]string, len(r.steps))
	for i, s := range r.steps {
		ev[i] = s.Event
	}
	return ev
}

func (r *Run) world() *sim.World { return r.worlds[r.pos] }

// Apply takes the enabled event named by text (the canonical form or a
// prefix of it, as sim.World.FindEvent accepts).
func (r *Run) Apply(text string) error {
	e, err := r.world().FindEvent(text)
	if err != nil {
		return err
	}
	return r.apply(e)
}

// ApplyIndex takes the i-th enabled event (the order of Enabled).
func (r *Run) ApplyIndex(i int) error {
	evs := r.world().Events(nil)
	if i < 0 || i >= len(evs) {
		return fmt.Errorf("no enabled event %d (%d are enabled)", i, len(evs))
	}
	return r.apply(evs[i])
}

func (r *Run) apply(e sim.Event) error {
	w := r.world()
	text := w.EventString(e)
	if r.pos < len(r.steps) && r.steps[r.pos].Event == text {
		r.pos++ // the timeline already goes this way
		return nil
	}
	if r.pos >= MaxEvents {
		return fmt.Errorf("a run is limited to %d events", MaxEvents)
	}
	r.truncate(r.pos)
	next := w.Clone()
	out, err := next.Apply(e)
	if err != nil {
		return err
	}
	k := r.pos + 1 // the step number of this event
	st := Step{Event: text, Text: w.Describe(e), Kind: kindName(e.Kind), Node: e.Node, Msg: -1,
		Entered: out.Entered, Unsafe: next.Unsafe(), OrderBroken: out.OrderBroken, Lines: sim.LinesOf(w, e, out),
		Say: sim.Explain(w, e, next, out)}
	if st.Lines == nil {
		st.Lines = []int{}
	}
	if e.Kind == sim.EvRequest && out.Entered && st.Say == "" {
		// The call and the entry are one step: the words say both, and
		// why where the algorithm says so (sim.TokenHolder).
		st.Say = st.Text + " and enters the critical section at once"
		if sim.HoldsToken(w.Nodes[e.Node]) {
			st.Say += " (it holds the token)"
		}
	}
	if out.WrongLeader {
		st.WrongLeader, st.Elected = true, out.Leader
	}
	for i := range w.Nodes {
		if out.Before&(1<<i) != 0 {
			st.Before = append(st.Before, i)
		}
	}
	if e.Kind == sim.EvDeliver {
		st.Msg = r.deliver(e.Msg, k)
	}
	for _, m := range out.Sent {
		st.Sent = append(st.Sent, len(r.msgs))
		rec := Message{From: int(m.From), To: int(m.To), Label: r.alg.Format(m), Sent: k, msg: m}
		if next.Crashed&(1<<m.To) != 0 {
			rec.Lost = k
		}
		r.msgs = append(r.msgs, rec)
	}
	if e.Kind == sim.EvCrash {
		for i := range r.msgs {
			m := &r.msgs[i]
			if m.To == e.Node && m.Delivered == 0 && m.Lost == 0 {
				m.Lost = k
			}
		}
	}
	st.Phases = phases(next)
	r.worlds = append(r.worlds, next)
	r.steps = append(r.steps, st)
	r.pos = k
	return nil
}

// deliver marks the earliest-sent undelivered copy of m as delivered at
// step k and returns its index. Copies that differ only in ghost state are
// the same message to a student.
func (r *Run) deliver(m sim.Msg, k int) int {
	for i := range r.msgs {
		x := &r.msgs[i]
		if x.Delivered == 0 && x.Lost == 0 && sameMsg(x.msg, m) {
			x.Delivered = k
			return i
		}
	}
	return -1
}

func sameMsg(a, b sim.Msg) bool {
	a.HB, b.HB = 0, 0
	return a == b
}

// truncate drops the timeline after n events.
func (r *Run) truncate(n int) {
	if n >= len(r.steps) {
		return
	}
	r.steps = r.steps[:n]
	r.worlds = r.worlds[:n+1]
	keep := r.msgs[:0]
	for _, m := range r.msgs {
		if m.Sent > n {
			continue
		}
		if m.Delivered > n {
			m.Delivered = 0
		}
		if m.Lost > n {
			m.Lost = 0
		}
		keep = append(keep, m)
	}
	r.msgs = keep
}

// Back moves the cursor one event back; it reports whether it moved.
func (r *Run) Back() bool {
	if r.pos == 0 {
		return false
	}
	r.pos--
	return true
}

// Forward moves the cursor one event forward along the timeline.
func (r *Run) Forward() bool {
	if r.pos >= len(r.steps) {
		return false
	}
	r.pos++
	return true
}

// Seek moves the cursor to step k of the timeline (0: the initial state).
func (r *Run) Seek(k int) error {
	if k < 0 || k > len(r.steps) {
		return fmt.Errorf("no step %d (the timeline has %d)", k, len(r.steps))
	}
	r.pos = k
	return nil
}

// Load replaces the timeline by events, applied from the initial state;
// the cursor ends after the last one. On error the timeline holds the
// events before the failing one, and the error says which it was.
func (r *Run) Load(events []string) error {
	r.pos = 0
	r.truncate(0)
	for i, ev := range events {
		if err := r.Apply(ev); err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, ev, err)
		}
	}
	return nil
}

// Next returns the event the default policy takes, or false when there is
// none. It is the scenario language's run policy: the first enabled event,
// in the simulator's order, that the system itself must take (a process
// step, a delivery, an exit() from the CS), else the first enter() call
// still allowed; application messages and crashes only happen when a
// student chooses them. One refinement: an event that changes nothing (a
// timeout that finds nothing to do) is passed over, so that "run" does not
// repeat it forever.
func (r *Run) Next() (string, bool) { return next(r.world()) }

// next is the default policy's event at w (see Next): a function of the
// state alone.
func next(w *sim.World) (string, bool) {
	evs := w.Events(nil)
	var before sim.Enc
	w.Encode(&before)
	for _, forced := range []bool{true, false} {
		for _, e := range evs {
			must := e.Kind == sim.EvStep || e.Kind == sim.EvDeliver || e.Kind == sim.EvExit
			if forced && !must || !forced && e.Kind != sim.EvRequest {
				continue
			}
			c := w.Clone()
			if _, err := c.Apply(e); err != nil {
				continue
			}
			var after sim.Enc
			c.Encode(&after)
			if string(after.B) != string(before.B) {
				return w.EventString(e), true
			}
		}
	}
	return "", false
}

// Cycle finds where the timeline, from step from on, has settled into a
// cycle: the first steps start < end (from ≤ start) whose states are the
// same, with every event between them the one the default policy takes
// there. The policy chooses from the state alone, so from end on it can
// only take the same events round again, forever (the bully's heartbeats
// once its election is over): Run need not go on. The states are
// compared whole (sim.World.Encode: every node's variables, the messages
// in flight), not as the page shows them.
func (r *Run) Cycle(from int) (start, end int, ok bool) {
	seen := map[string]int{}
	for k := max(from, 0); k < len(r.worlds); k++ {
		var e sim.Enc
		r.worlds[k].Encode(&e)
		if k0, found := seen[string(e.B)]; found && r.policyTook(k0, k) {
			return k0, k, true
		}
		seen[string(e.B)] = k
	}
	return 0, 0, false
}

// policyTook says whether every event of steps start to end is the one
// the default policy takes in the state before it.
func (r *Run) policyTook(start, end int) bool {
	for k := start; k < end; k++ {
		if ev, ok := next(r.worlds[k]); !ok || ev != r.steps[k].Event {
			return false
		}
	}
	return true
}

// StepDefault moves one event forward: along the timeline if it goes on,
// else by the default policy. It reports whether anything happened.
func (r *Run) StepDefault() (bool, error) {
	if r.Forward() {
		return true, nil
	}
	ev, ok := r.Next()
	if !ok {
		return false, nil
	}
	return true, r.Apply(ev)
}

// RunDefault takes up to limit events by the default policy (following
// the timeline first) and returns how many it took.
func (r *Run) RunDefault(limit int) (int, error) {
	n := 0
	for n < limit {
		ok, err := r.StepDefault()
		if err != nil {
			return n, err
		}
		if !ok {
			break
		}
		n++
	}
	return n, nil
}

func kindName(k sim.EventKind) string {
	switch k {
	case sim.EvRequest:
		return "request"
	case sim.EvExit:
		return "exit"
	case sim.EvStep:
		return "step"
	case sim.EvDeliver:
		return "deliver"
	case sim.EvApp:
		return "app"
	case sim.EvCrash:
		return "crash"
	case sim.EvRecover:
		return "recover"
	}
	return "?"
}

func phases(w *sim.World) []string {
	ph := make([]string, len(w.Nodes))
	for i, n := range w.Nodes {
		if w.Crashed&(1<<i) != 0 {
			ph[i] = "crashed"
		} else {
			ph[i] = n.Phase().String()
		}
	}
	return ph
}
