package sim

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Options bound what the application does in a run or a search.
type Options struct {
	// Requests is how many times each node's application calls enter().
	Requests int
	// AppMsgs is how many application messages may be sent in the whole
	// run. A node that has called enter() and not yet entered may send one
	// to a node that will call enter() later: that creates the
	// happened-before edge between two enter() calls that Order is about.
	AppMsgs int
	// Order turns on the ghost state that tracks happened-before between
	// pending enter() calls. It makes states larger, so searches that do not
	// check Order leave it off.
	Order bool
	// Crashes is how many nodes may crash in a run (crash faults: a
	// crashed node takes no step and receives nothing; messages to it are
	// lost).
	Crashes int
	// Recoveries is how many times crashed nodes may recover in a run
	// (crash-recovery: the node restarts from its initial state and its
	// Recover handler runs; only nodes that implement Recoverer recover).
	Recoveries int
	// Channels overrides the algorithm's channel order (Algorithm.FIFO)
	// for single channels, e.g. one FIFO channel in an unordered network
	// or the one channel that reorders under Lamport 1978.
	Channels []Channel
}

// Channel is the order of one channel From→To (node indices).
type Channel struct {
	From, To int
	FIFO     bool
}

// App is the simulator's view of one node's application, plus ghost state
// for the Order checker.
type App struct {
	Left    int // enter() calls still to come
	Entries int // times this node has entered the CS
	// HB: the nodes whose pending enter() call is in this node's causal
	// past (bit i = node i). Pre: the same set frozen when this node called
	// enter(): the calls that happened-before its own.
	HB, Pre uint32
}

// World is the global state: every node, every message in flight, the
// Lamport clocks the simulator keeps and the applications' progress.
type World struct {
	Alg   *Algorithm
	Names []string
	Opts  Options
	Nodes []Node
	// Net holds the messages in flight in canonical order: sorted for
	// unordered channels; grouped by channel in send order for FIFO.
	Net     []Msg
	Clock   []int32 // nil unless Alg.Clocks
	App     []App
	AppLeft int // application messages still allowed
	// Crashed is the set of crashed nodes (bit i = node i); CrashLeft how
	// many more may crash.
	Crashed   uint32
	CrashLeft int
	// RecoverLeft is how many more recoveries may happen.
	RecoverLeft int

	// Sent counts algorithm messages sent so far (metrics; not part of the
	// state's identity).
	Sent int

	ctx   Ctx    // reused by Apply: searches call it millions of times
	steps []Step // reused by Events and Apply
	dec   Dec    // reused by the Decodes: a Dec handed to the nodes' Decode escapes
	// initial holds each node's initial state, for recoveries. Shared by
	// clones (never changed).
	initial []Node
	// fifo[from] has bit to set when channel from→to delivers in send
	// order; nil when no channel does. Shared by clones (never changed).
	fifo []uint32
	// payloads interns the Msg.Data strings that decoding meets, so that a
	// search decoding the same token millions of times allocates it once.
	// Only an allocation cache: a payload's identity is its bytes. Not
	// shared by clones, which a caller may use apart.
	payloads map[string]string
}

// NewWorld builds the initial state of alg with cfg.N nodes.
func NewWorld(alg *Algorithm, cfg Config, opts Options) (*World, error) {
	if cfg.N < 1 || cfg.N > 32 {
		return nil, fmt.Errorf("nodes must be between 1 and 32, got %d", cfg.N)
	}
	nodes, err := alg.New(cfg)
	if err != nil {
		return nil, err
	}
	if len(nodes) != cfg.N {
		return nil, fmt.Errorf("%s built %d nodes for N=%d", alg.Name, len(nodes), cfg.N)
	}
	w := &World{Alg: alg, Opts: opts, Nodes: nodes, App: make([]App, cfg.N), AppLeft: opts.AppMsgs, CrashLeft: opts.Crashes, RecoverLeft: opts.Recoveries}
	if opts.Recoveries > 0 {
		w.initial = make([]Node, len(nodes))
		for i, n := range nodes {
			w.initial[i] = n.Clone()
		}
	}
	for i := range w.App {
		if alg.Client(i) {
			w.App[i].Left = opts.Requests
		}
	}
	if alg.Clocks {
		w.Clock = make([]int32, cfg.N)
	}
	w.Names = make([]string, cfg.N)
	for i := range w.Names {
		w.Names[i] = fmt.Sprintf("N%d", i+1)
	}
	if err := w.setChannels(); err != nil {
		return nil, err
	}
	return w, nil
}

// setChannels computes the fifo masks from the algorithm and the options.
func (w *World) setChannels() error {
	n := len(w.Nodes)
	if !w.Alg.FIFO && len(w.Opts.Channels) == 0 {
		return nil
	}
	w.fifo = make([]uint32, n)
	if w.Alg.FIFO {
		for i := range w.fifo {
			w.fifo[i] = 1<<n - 1
		}
	}
	for _, c := range w.Opts.Channels {
		if c.From < 0 || c.From >= n || c.To < 0 || c.To >= n || c.From == c.To {
			return fmt.Errorf("no channel %d->%d among %d nodes", c.From+1, c.To+1, n)
		}
		if c.FIFO {
			w.fifo[c.From] |= 1 << c.To
		} else {
			w.fifo[c.From] &^= 1 << c.To
		}
	}
	any := false
	for _, m := range w.fifo {
		any = any || m != 0
	}
	if !any {
		w.fifo = nil
	}
	return nil
}

// FIFO reports whether the channel from→to delivers in send order.
func (w *World) FIFO(from, to int) bool {
	return w.fifo != nil && w.fifo[from]&(1<<to) != 0
}

// AnyFIFO reports whether some channel delivers in send order (searches
// that assume an unordered network, such as the partial-order reduction,
// turn themselves off then).
func (w *World) AnyFIFO() bool { return w.fifo != nil }

// notHead reports whether Net[k] waits behind an earlier message of its
// FIFO channel.
func (w *World) notHead(k int) bool {
	m := w.Net[k]
	return k > 0 && w.Net[k-1].From == m.From && w.Net[k-1].To == m.To && w.FIFO(int(m.From), int(m.To))
}

// Clone returns a deep copy.
func (w *World) Clone() *World {
	c := *w
	c.Nodes = make([]Node, len(w.Nodes))
	for i, n := range w.Nodes {
		c.Nodes[i] = n.Clone()
	}
	c.Net = append([]Msg(nil), w.Net...)
	if w.Clock != nil {
		c.Clock = append([]int32(nil), w.Clock...)
	}
	c.App = append([]App(nil), w.App...)
	c.ctx, c.steps, c.payloads = Ctx{}, nil, nil
	return &c
}

// EventKind says what kind of thing happens in an Event.
type EventKind uint8

const (
	// EvRequest: the node's application calls enter().
	EvRequest EventKind = iota
	// EvExit: the node's application calls exit().
	EvExit
	// EvStep: the node takes an internal step.
	EvStep
	// EvDeliver: the network delivers Msg to its receiver.
	EvDeliver
	// EvApp: the node's application sends an application message to To.
	EvApp
	// EvCrash: the node crashes (only while Options.Crashes allows).
	EvCrash
	// EvRecover: a crashed node restarts from its initial state (only
	// while Options.Recoveries allows, and only if it is a Recoverer).
	EvRecover
)

// Event is one explicit choice of the simulator.
type Event struct {
	Kind EventKind
	Node int // who acts; the receiver for EvDeliver
	Step Step
	Msg  Msg
	To   int
}

// Events appends every event enabled in w, in a fixed order.
func (w *World) Events(dst []Event) []Event {
	steps := w.steps
	defer func() { w.steps = steps }()
	first := len(dst)
	timers := false
	for i, n := range w.Nodes {
		if w.Crashed&(1<<i) != 0 {
			if _, ok := n.(Recoverer); ok && w.RecoverLeft > 0 {
				dst = append(dst, Event{Kind: EvRecover, Node: i})
			}
			continue
		}
		if w.CrashLeft > 0 {
			dst = append(dst, Event{Kind: EvCrash, Node: i})
		}
		switch n.Phase() {
		case Idle:
			if w.App[i].Left > 0 && w.Alg.Client(i) {
				dst = append(dst, Event{Kind: EvRequest, Node: i})
			}
		case InCS:
			dst = append(dst, Event{Kind: EvExit, Node: i})
		case Wanting:
			if w.AppLeft > 0 {
				for j, o := range w.Nodes {
					if j != i && o.Phase() == Idle && w.App[j].Left > 0 && w.Alg.Client(j) {
						dst = append(dst, Event{Kind: EvApp, Node: i, To: j})
					}
				}
			}
		}
		steps = n.Steps(steps[:0])
		for _, s := range steps {
			dst = append(dst, Event{Kind: EvStep, Node: i, Step: s})
			timers = timers || s.Proc == TimerProc
		}
	}
	for k, m := range w.Net {
		if k > 0 && w.Net[k-1] == m {
			continue // the same message twice: one choice
		}
		if w.notHead(k) {
			continue // not the head of its channel
		}
		if m.Kind == AppKind || w.Nodes[m.To].CanReceive(m) {
			dst = append(dst, Event{Kind: EvDeliver, Node: int(m.To), Msg: m})
		}
	}
	if timers {
		dst = dropTimers(dst, first)
	}
	return dst
}

// dropTimers removes the timeouts from dst[first:] unless the system is
// quiet: no message can be received, no other step taken, nobody must
// leave the CS (see TimerProc).
func dropTimers(dst []Event, first int) []Event {
	for _, e := range dst[first:] {
		forced := e.Kind == EvDeliver || e.Kind == EvExit || e.Kind == EvStep && e.Step.Proc != TimerProc
		if forced {
			keep := dst[:first]
			for _, e := range dst[first:] {
				if e.Kind != EvStep || e.Step.Proc != TimerProc {
					keep = append(keep, e)
				}
			}
			return keep
		}
	}
	return dst
}

// Outcome reports what an event did that properties care about.
type Outcome struct {
	// Entered: the acting node entered the CS with this event.
	Entered bool
	// OrderBroken: it entered although an enter() call that happened-before
	// its own is still waiting; Before is the set of such nodes.
	OrderBroken bool
	Before      uint32
	// Sent lists the messages the event put in flight, as the network
	// holds them; valid until the next Apply.
	Sent []Msg
	// WrongLeader: (elections) the acting node decided on Leader, which
	// is not the highest live node: a lower one, or one that has crashed
	// (see WrongLeaderText).
	WrongLeader bool
	Leader      int
}

// Apply performs e, which must be enabled, and reports what happened.
func (w *World) Apply(e Event) (Outcome, error) { return w.apply(e, nil) }

// Did is what the acting node's handler did for an event: the messages
// it sent and its phase after. Apply's Outcome.Sent will do for the
// messages: the simulator's own stamps on them (Order's happened-before
// set) are made again as they are replayed.
type Did struct {
	Sent  []Msg
	Phase Phase
}

// Replayable reports whether Replay can perform e in w: a node's handler
// then reads nothing but its own state, the event and which node it is
// among how many (no Lamport clock, no node crashed, no leader to check),
// so what it did once from a state it does again from the same state.
// Application messages and crashes involve no handler and are not
// replayed.
func (w *World) Replayable(e Event) bool {
	if w.Clock != nil || w.Crashed != 0 || w.Alg.Election {
		return false
	}
	switch e.Kind {
	case EvRequest, EvExit, EvStep:
		return true
	case EvDeliver:
		return e.Msg.Kind != AppKind
	}
	return false
}

// Replay performs e, as Apply does, with the acting node's handler not
// run but replaced by what it did (d) when it handled e from the state
// it is in now (see Replayable): the simulator's own bookkeeping (the
// application's requests, the network, Order's ghost state) is done, and
// the node itself is left as it was, for the caller, who knows its state
// after, to put in. e must be enabled; Replay does not ask the node.
func (w *World) Replay(e Event, d *Did) (Outcome, error) {
	if !w.Replayable(e) {
		return Outcome{}, fmt.Errorf("%v cannot be replayed", e.Kind)
	}
	return w.apply(e, d)
}

// apply is Apply, or Replay with d.
func (w *World) apply(e Event, d *Did) (Outcome, error) {
	var out Outcome
	i := e.Node
	if i < 0 || i >= len(w.Nodes) {
		return out, fmt.Errorf("no node %d", i)
	}
	n := w.Nodes[i]
	if e.Kind == EvRecover {
		if err := w.recover(i); err != nil {
			return out, err
		}
		n = w.Nodes[i]
	}
	before := n.Phase()
	if w.Crashed&(1<<i) != 0 {
		return out, fmt.Errorf("%s has crashed", w.Names[i])
	}
	// Only an election's nodes have a leader (a listing's other nodes
	// answer -1): asking the algorithm, not the node, spares a type
	// assertion per event, which WebAssembly does not cache.
	var elector Elector
	if w.Alg.Election {
		elector, _ = n.(Elector)
	}
	leaderBefore := -1
	if elector != nil {
		leaderBefore = elector.Leader()
	}
	c := &w.ctx
	*c = Ctx{Self: i, N: len(w.Nodes), out: c.out[:0], crashed: w.Crashed}
	if w.Clock != nil {
		c.clock = &w.Clock[i]
	}
	switch e.Kind {
	case EvRequest:
		if !w.Alg.Client(i) {
			return out, fmt.Errorf("%s is %s's server: it serves the others and never calls enter()", w.Names[i], w.Alg.Name)
		}
		if before != Idle || w.App[i].Left <= 0 {
			return out, fmt.Errorf("%s cannot call enter() now", w.Names[i])
		}
		w.App[i].Left--
		if w.Opts.Order {
			w.App[i].Pre = w.App[i].HB &^ (1 << i)
			w.App[i].HB |= 1 << i
		}
		if d == nil {
			n.Request(c)
		}
	case EvExit:
		if before != InCS {
			return out, fmt.Errorf("%s is not in the critical section", w.Names[i])
		}
		if d == nil {
			n.Exit(c)
		}
	case EvStep:
		if d != nil {
			break
		}
		ok := false
		w.steps = n.Steps(w.steps[:0]) // Events' buffer: the events it listed are copies
		for _, s := range w.steps {
			if s == e.Step {
				ok = true
				break
			}
		}
		if !ok {
			return out, fmt.Errorf("%s cannot take step %s now", w.Names[i], n.StepLabel(e.Step))
		}
		n.Do(c, e.Step)
	case EvDeliver:
		k := w.find(e.Msg)
		if k < 0 || int(e.Msg.To) != i {
			return out, fmt.Errorf("no deliverable message %s from %s to %s", w.Alg.Format(e.Msg), w.name(int(e.Msg.From)), w.name(int(e.Msg.To)))
		}
		m := w.Net[k]
		if d == nil && m.Kind != AppKind && !n.CanReceive(m) {
			return out, fmt.Errorf("%s cannot receive %s now", w.Names[i], w.Alg.Format(m))
		}
		w.Net = append(w.Net[:k], w.Net[k+1:]...)
		if c.clock != nil {
			*c.clock = max(*c.clock, m.TS)
			if !w.Alg.TickedClocks {
				*c.clock++
			}
		}
		if w.Opts.Order {
			w.App[i].HB |= m.HB
		}
		if m.Kind != AppKind && d == nil {
			n.Receive(c, m)
		}
	case EvApp:
		if before != Wanting || w.AppLeft <= 0 || e.To < 0 || e.To >= len(w.Nodes) || e.To == i {
			return out, fmt.Errorf("%s cannot send an application message to %s now", w.Names[i], w.name(e.To))
		}
		w.AppLeft--
		if !w.Alg.TickedClocks {
			c.Tick()
		}
		c.Send(e.To, Msg{Kind: AppKind})
	case EvRecover:
		n.(Recoverer).Recover(c)
	case EvCrash:
		if w.CrashLeft <= 0 {
			return out, fmt.Errorf("no more crashes allowed (--crashes)")
		}
		w.CrashLeft--
		w.Crashed |= 1 << i
		keep := w.Net[:0]
		for _, m := range w.Net {
			if int(m.To) != i {
				keep = append(keep, m)
			}
		}
		w.Net = keep
		return out, nil
	default:
		return out, fmt.Errorf("unknown event kind %d", e.Kind)
	}
	var after Phase // the node's phase after the event
	if d != nil {
		c.out = append(c.out, d.Sent...)
		after = d.Phase
	} else {
		after = n.Phase()
	}
	for k := range c.out {
		if c.out[k].Data != "" && !w.Alg.Payloads {
			return out, fmt.Errorf("%s sent a message with a payload but does not declare Payloads", w.Alg.Name)
		}
		if c.out[k].Kind != AppKind {
			w.Sent++
		}
		if w.Opts.Order {
			c.out[k].HB = w.App[i].HB
		}
		if w.Crashed&(1<<c.out[k].To) != 0 {
			continue // lost: the receiver has crashed
		}
		w.insert(c.out[k])
	}
	if elector != nil {
		if l := elector.Leader(); l != leaderBefore && l >= 0 && l != w.MaxAlive() {
			out.WrongLeader, out.Leader = true, l
		}
	}
	out.Sent = c.out
	if after == InCS && before != InCS {
		out.Entered = true
		w.App[i].Entries++
		if w.Opts.Order {
			if p := w.App[i].Pre; p != 0 {
				out.OrderBroken, out.Before = true, p
			}
			w.forget(i)
		}
	}
	return out, nil
}

// recover brings crashed node i back in its initial state.
func (w *World) recover(i int) error {
	_, ok := w.Nodes[i].(Recoverer)
	switch {
	case w.Crashed&(1<<i) == 0:
		return fmt.Errorf("%s has not crashed", w.Names[i])
	case !ok:
		return fmt.Errorf("%s cannot recover (%s has no recovery)", w.Names[i], w.Alg.Name)
	case w.RecoverLeft <= 0:
		return fmt.Errorf("no more recoveries allowed (--recoveries)")
	}
	if cp, ok := w.Nodes[i].(Copier); ok {
		cp.CopyFrom(w.initial[i])
	} else {
		w.Nodes[i] = w.initial[i].Clone()
	}
	w.Crashed &^= 1 << i
	w.RecoverLeft--
	return nil
}

func (w *World) name(i int) string {
	if i >= 0 && i < len(w.Names) {
		return w.Names[i]
	}
	return fmt.Sprintf("node %d", i+1)
}

// find returns the index of a deliverable copy of m in Net, or -1.
func (w *World) find(m Msg) int {
	for k, x := range w.Net {
		if x == m {
			if w.notHead(k) {
				return -1
			}
			return k
		}
	}
	return -1
}

// insert adds m to Net keeping the canonical order: grouped by channel
// (From, To); a FIFO channel's messages in send order, an unordered
// channel's sorted (a multiset has one encoding).
func (w *World) insert(m Msg) {
	var k int
	if w.FIFO(int(m.From), int(m.To)) {
		k = sort.Search(len(w.Net), func(j int) bool {
			x := w.Net[j]
			return x.From > m.From || (x.From == m.From && x.To > m.To)
		})
	} else {
		k = sort.Search(len(w.Net), func(j int) bool { return m.less(w.Net[j]) })
	}
	w.Net = append(w.Net, Msg{})
	copy(w.Net[k+1:], w.Net[k:])
	w.Net[k] = m
}

// forget clears node i's bit from the Order ghost state once its pending
// enter() call has been satisfied: later calls of i are new events.
func (w *World) forget(i int) {
	bit := uint32(1) << i
	for j := range w.App {
		w.App[j].HB &^= bit
		w.App[j].Pre &^= bit
	}
	changed := false
	for k := range w.Net {
		if w.Net[k].HB&bit != 0 {
			w.Net[k].HB &^= bit
			changed = true
		}
	}
	if changed {
		// Unordered channels re-sort (HB is part of a message's identity);
		// FIFO channels keep their send order.
		// (slices, not sort: sort.SliceStable allocates at every call.)
		slices.SortStableFunc(w.Net, func(x, y Msg) int {
			if x.From == y.From && x.To == y.To && w.FIFO(int(x.From), int(x.To)) {
				return 0
			}
			switch {
			case x.less(y):
				return -1
			case y.less(x):
				return 1
			}
			return 0
		})
	}
}

// InCS lists the nodes in the critical section.
func (w *World) InCS() []int {
	var in []int
	for i, n := range w.Nodes {
		if n.Phase() == InCS {
			in = append(in, i)
		}
	}
	return in
}

// Unsafe reports whether two or more nodes are in the critical section.
func (w *World) Unsafe() bool {
	c := 0
	for _, n := range w.Nodes {
		if n.Phase() == InCS {
			c++
		}
	}
	return c > 1
}

// Decided reports whether some node has got what the algorithm is for:
// a node in the critical section, or for an election a node that has
// elected a leader. A search that never stores such a state shows its
// safety only vacuously (nobody could be unsafe).
func (w *World) Decided() bool {
	if !w.Alg.Election {
		return len(w.InCS()) > 0
	}
	for _, n := range w.Nodes {
		if e, ok := n.(Elector); ok && e.Leader() >= 0 {
			return true
		}
	}
	return false
}

// WrongLeaderText says, in w's names, why node's choice of leader breaks
// the seed's Safe in w's state: the leader has crashed, or a higher node
// is alive. (Both are "not the highest live node", but a student who let
// a node adopt a dead leader needs to read that, not that some higher
// node lives.)
func (w *World) WrongLeaderText(node, leader int) string {
	if w.Crashed&(1<<leader) != 0 {
		return fmt.Sprintf("%s elects %s, which has crashed", w.Names[node], w.Names[leader])
	}
	return fmt.Sprintf("%s elects %s although a higher node (%s) is alive", w.Names[node], w.Names[leader], w.Names[w.MaxAlive()])
}

// MaxAlive is the highest node that has not crashed, or -1.
func (w *World) MaxAlive() int {
	for i := len(w.Nodes) - 1; i >= 0; i-- {
		if w.Crashed&(1<<i) == 0 {
			return i
		}
	}
	return -1
}

// Waiting is the set of nodes whose enter() call has not returned. For an
// election, once some node has started one, it is the set of live nodes
// that have not elected the highest live node.
func (w *World) Waiting() uint32 {
	var s uint32
	if w.Alg.Election {
		started := false
		for _, a := range w.App {
			started = started || a.Left < w.Opts.Requests
		}
		if !started {
			return 0
		}
		top := w.MaxAlive()
		for i, n := range w.Nodes {
			if w.Crashed&(1<<i) == 0 && n.(Elector).Leader() != top {
				s |= 1 << i
			}
		}
		return s
	}
	for i, n := range w.Nodes {
		if n.Phase() == Wanting {
			s |= 1 << i
		}
	}
	return s
}

// Encode appends the canonical encoding of the whole state: every node's
// own encoding in node order, then EncodeTail.
func (w *World) Encode(e *Enc) {
	for _, n := range w.Nodes {
		n.Encode(e)
	}
	w.EncodeTail(e)
}

// EncodeTail appends what the simulator keeps beside the nodes: the
// applications, clocks and messages in flight. Encode = each node's Encode,
// then EncodeTail, so a search that changed one node may reuse the others'
// encodings.
func (w *World) EncodeTail(e *Enc) {
	for i, a := range w.App {
		e.Int(a.Left)
		e.Int(a.Entries)
		if w.Opts.Order {
			e.Int(int(a.HB))
			e.Int(int(a.Pre))
		}
		if w.Clock != nil {
			e.Int(int(w.Clock[i]))
		}
	}
	e.Int(w.AppLeft)
	if w.Opts.Crashes > 0 {
		e.Int(int(w.Crashed))
		e.Int(w.CrashLeft)
		if w.Opts.Recoveries > 0 {
			e.Int(w.RecoverLeft)
		}
	}
	e.Int(len(w.Net))
	for _, m := range w.Net {
		e.B = append(e.B, m.From, m.To, m.Kind)
		e.Int(int(m.A))
		e.Int(int(m.B))
		if w.Clock != nil {
			e.Int(int(m.TS))
		}
		if w.Opts.Order {
			e.Int(int(m.HB))
		}
		if w.Alg.Payloads {
			e.Bytes(m.Data)
		}
	}
}

// Decode overwrites w's state with an encoding made by Encode on a world of
// the same algorithm and size.
func (w *World) Decode(b []byte) error {
	w.dec = Dec{B: b}
	d := &w.dec
	defer func() { w.dec = Dec{} }() // keep no reference to b
	for _, n := range w.Nodes {
		n.Decode(d)
	}
	return w.decodeTail(d)
}

// DecodeNode overwrites node i's state with its part of an encoding made
// by Encode (what node i's Encode wrote), leaving the rest of w as it is.
// A search that loads state after state decodes only what changed.
func (w *World) DecodeNode(i int, b []byte) error {
	w.dec = Dec{B: b}
	defer func() { w.dec = Dec{} }() // keep no reference to b
	w.Nodes[i].Decode(&w.dec)
	return w.dec.Err
}

// DecodeTail overwrites what EncodeTail encodes (applications, clocks,
// messages in flight), leaving the nodes as they are.
func (w *World) DecodeTail(b []byte) error {
	w.dec = Dec{B: b}
	defer func() { w.dec = Dec{} }() // keep no reference to b
	return w.decodeTail(&w.dec)
}

func (w *World) decodeTail(d *Dec) error {
	for i := range w.App {
		a := &w.App[i]
		a.Left = d.Int()
		a.Entries = d.Int()
		if w.Opts.Order {
			a.HB = uint32(d.Int())
			a.Pre = uint32(d.Int())
		}
		if w.Clock != nil {
			w.Clock[i] = int32(d.Int())
		}
	}
	w.AppLeft = d.Int()
	if w.Opts.Crashes > 0 {
		w.Crashed = uint32(d.Int())
		w.CrashLeft = d.Int()
		if w.Opts.Recoveries > 0 {
			w.RecoverLeft = d.Int()
		}
	}
	k := d.Int()
	if k < 0 || k > len(d.B) {
		return errShort
	}
	w.Net = w.Net[:0]
	for ; k > 0; k-- {
		if len(d.B) < 3 {
			return errShort
		}
		m := Msg{From: d.B[0], To: d.B[1], Kind: d.B[2]}
		d.B = d.B[3:]
		m.A = int32(d.Int())
		m.B = int32(d.Int())
		if w.Clock != nil {
			m.TS = int32(d.Int())
		}
		if w.Opts.Order {
			m.HB = uint32(d.Int())
		}
		if w.Alg.Payloads {
			m.Data = w.intern(d.Bytes())
		}
		w.Net = append(w.Net, m)
	}
	return d.Err
}

// intern returns b as a string, the same string for equal bytes.
func (w *World) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if s, ok := w.payloads[string(b)]; ok {
		return s
	}
	if w.payloads == nil {
		w.payloads = map[string]string{}
	}
	s := string(b)
	w.payloads[s] = s
	return s
}

// Describe says in words what e does in w (call it before Apply).
func (w *World) Describe(e Event) string {
	who := w.name(e.Node)
	switch e.Kind {
	case EvRequest:
		if w.Alg.Election {
			return who + " starts an election"
		}
		return who + " calls enter()"
	case EvExit:
		return who + " calls exit()"
	case EvStep:
		return who + " " + w.Nodes[e.Node].StepLabel(e.Step)
	case EvDeliver:
		msg := w.Alg.Format(e.Msg)
		s := fmt.Sprintf("%s receives %s from %s", who, msg, w.name(int(e.Msg.From)))
		// The message's time, unless the algorithm's own words for the
		// message already say it ("request(T=2)").
		if w.Clock != nil && e.Msg.Kind != AppKind && !strings.Contains(msg, fmt.Sprintf("T=%d", e.Msg.TS)) {
			s += fmt.Sprintf(" (T=%d)", e.Msg.TS)
		}
		return s
	case EvApp:
		return fmt.Sprintf("%s tells %s (application message)", who, w.name(e.To))
	case EvCrash:
		return who + " crashes"
	case EvRecover:
		return who + " recovers, in its initial state"
	}
	return "?"
}
