// Package sim is dmelab's deterministic simulator: the contract every
// algorithm implements (Node), the global state of a system of nodes and the
// network between them (World), and the explicit, enumerable events that move
// it (Event).
//
// The design follows etcd-io/raft: an algorithm is a state machine per node,
// stepped by the simulator with one event at a time; it never does I/O, never
// reads a clock and never starts a goroutine. Everything that could happen in
// a real system in more than one way — which message arrives next, which of a
// node's processes moves, which number chooseNumber() returns — is a separate
// Event, so the explorer can enumerate them all and a run can be replayed from
// its list of events.
package sim

import "fmt"

// Phase is what the application sees of a node's mutual-exclusion state.
type Phase uint8

const (
	// Idle: the node is outside the CS and not asking for it; the
	// application may call enter().
	Idle Phase = iota
	// Wanting: enter() has been called and has not returned yet.
	Wanting
	// InCS: enter() returned; the node is in the critical section until the
	// application calls exit().
	InCS
	// Exiting: exit() has been called but the algorithm has not finished its
	// exit protocol (for example the seed-000 steps P7–P9); the application
	// may not call enter() again yet.
	Exiting
)

func (p Phase) String() string {
	switch p {
	case Idle:
		return "idle"
	case Wanting:
		return "wanting"
	case InCS:
		return "in-cs"
	case Exiting:
		return "exiting"
	}
	return "?"
}

// Step names one internal step a node can take now. Proc says which of the
// node's processes moves (algorithm-defined: the seed-000 variants use 0 for
// the main process and 1 for the receive process); Arg is a choice made
// together with the step, such as the value chooseNumber() returns.
type Step struct {
	Proc uint8
	Arg  int32
}

// Node is one node's deterministic state machine. The simulator calls
// Request when the application calls enter() (only in phase Idle), Exit when
// it calls exit() (only in phase InCS), Receive to deliver a message (only if
// CanReceive accepts it) and Do to take one of the steps Steps lists.
// Handlers send messages and read the node's Lamport clock through the Ctx.
//
// A Node must be a deterministic function of its inputs: no randomness, no
// maps iterated in Go's random order, no pointers shared with other nodes.
type Node interface {
	// Clone returns an independent deep copy.
	Clone() Node
	// Phase reports the node's mutual-exclusion phase.
	Phase() Phase

	Request(c *Ctx)
	Exit(c *Ctx)

	// CanReceive reports whether the node can take m now. Most algorithms
	// accept every message at any time; the seed-000 variants accept a
	// request only when their receive process waits at P10.
	CanReceive(m Msg) bool
	Receive(c *Ctx, m Msg)

	// Steps appends the internal steps enabled now; most event-driven
	// algorithms have none.
	Steps(dst []Step) []Step
	Do(c *Ctx, s Step)
	// StepLabel says in the seed's words what step s does, e.g.
	// "P2 myNum = chooseNumber() = 2". It is called before Do.
	StepLabel(s Step) string

	// Encode appends the node's whole state in a canonical form: two nodes
	// with equal encodings behave identically from here on. Decode reads it
	// back.
	Encode(e *Enc)
	Decode(d *Dec)

	// Vars lists the node's variables for step tables and the playground,
	// in a fixed order, as name/value pairs (e.g. "state" "WANTED").
	Vars() []Var
}

// Replayed is implemented by nodes whose handlers cost more than
// remembering what they did (a student's code, behind the wire and the
// sandbox's memo): the explorer then replays a step the node took before
// from the same state (World.Replay) instead of running it again. For
// the built-in algorithms, whose handlers are a few lines of Go, looking
// up what they did costs as much as doing it.
type Replayed interface {
	Replayed()
}

// Copier is implemented by nodes that can overwrite themselves with a copy
// of another node of the same algorithm, reusing their own memory. The
// explorer uses it instead of Clone to avoid an allocation per transition.
type Copier interface {
	CopyFrom(Node)
}

// TimerProc is the Step.Proc of a timeout. A timeout is enabled only when
// nothing else the system is forced to do can happen (no message can be
// received, no other step can be taken, no node is in the CS): timeouts are
// longer than any message delay, the synchronous-system assumption under
// which a timeout means a crash (seed 002's bully algorithm).
const TimerProc = 255

// Recoverer is implemented by nodes that can come back after a crash
// (Options.Recoveries): the simulator resets the node to its initial state
// — what it kept in volatile memory is lost; its Lamport clock, if any, is
// kept — and calls Recover, which may send messages (the bully algorithm
// starts an election).
type Recoverer interface {
	Recover(c *Ctx)
}

// Elector is implemented by the nodes of election algorithms
// (Algorithm.Election): Leader is the node this one has elected, or -1
// while it is undecided (seed 002's elected_i = false).
type Elector interface {
	Leader() int
}

// TokenHolder is implemented by the nodes of token algorithms, where
// holding the token is what lets a node into the critical section without
// asking anybody (seed 002's token ring, Raymond's privilege, Suzuki and
// Kasami's token): HoldsToken says whether this node holds it now. The
// node answers from its own state, not from how Vars names it, so the
// playground can say why an enter() returned at once ("it holds the
// token") for any algorithm that says so, and for none that does not. A
// listing (package listing) declares no token, so its nodes answer none.
type TokenHolder interface {
	HoldsToken() bool
}

// HoldsToken says whether node n holds its algorithm's token: a
// TokenHolder that says so. A node of an algorithm without a token holds
// none.
func HoldsToken(n Node) bool {
	h, ok := n.(TokenHolder)
	return ok && h.HoldsToken()
}

// Faulter is a node whose code can fail (a student's handler that
// panicked, ran too long or broke its step's rules): Fault says why, or
// is empty. Such a node acts no more.
type Faulter interface {
	Fault() string
}

// FailedWord is how a failed node's phase is shown: its Phase stays
// Wanting (it waits forever, a liveness failure), but a student reading
// "wanting" would look for a request it never made.
const FailedWord = "failed"

// PhaseWord is node n's phase as people read it: FailedWord for a node
// whose code failed, else its Phase.
func PhaseWord(n Node) string {
	if Failed(n) {
		return FailedWord
	}
	return n.Phase().String()
}

// Failed says whether node n's code failed (a Faulter with a fault).
func Failed(n Node) bool {
	f, ok := n.(Faulter)
	return ok && f.Fault() != ""
}

// Failed is the set of w's nodes whose code failed (see Faulter): such a
// node acts no more, and its fault variable says why.
func (w *World) Failed() uint32 {
	var b uint32
	for i, n := range w.Nodes {
		if Failed(n) {
			b |= 1 << i
		}
	}
	return b
}

// Var is one named variable of a node, rendered for people.
type Var struct {
	Name, Value string
}

// Bounds is a configuration to explore: nodes, enter() calls per node and
// crashes.
type Bounds struct {
	Nodes    int `json:"nodes"`
	Requests int `json:"requests"`
	Crashes  int `json:"crashes"`
}

// Algorithm describes one algorithm: how to build its nodes and how to read
// its messages.
type Algorithm struct {
	Name    string
	Summary string
	// Shows is the smallest configuration whose exploration shows what the
	// algorithm is about (its flaw, or its verdicts), in seconds: what the
	// playground's Explore starts with when the algorithm is chosen. Zero
	// fields mean N=3, R=1 and no crashes.
	Shows Bounds
	// Chooses: a node picks its number freely from 1..K (chooseNumber(),
	// K from Config.ChooseRange), so that every verdict is for that range
	// only: a larger K may break what holds for a smaller one.
	Chooses bool
	// Group is the notes the algorithm comes from, as the gallery groups
	// them (package seeds: "Seed 002 — ...", "Beyond the notes"); ""
	// for the student interfaces, which have no gallery of their own.
	Group string
	// FIFO: channels deliver in send order (only Lamport 1978 needs it).
	FIFO bool
	// Clocks: the simulator keeps a Lamport clock per node (Ctx.Clock,
	// Ctx.Tick) and stamps every message with its sender's clock.
	Clocks bool
	// TickedClocks (with Clocks): the clock advances only where the node
	// calls Ctx.Tick; receiving a message, an application message
	// included, sets it to max(own, message) without the +1, and sending
	// an application message does not tick. It is Lamport's clock counting
	// only the events the algorithm times (e.g. its requests): if one such
	// event happened-before another, the earlier has the smaller value,
	// because every path between them carries the value forward and the
	// later one ticks. The clocks then take no more values than there are
	// ticks, which keeps a search small (maekawa-safe).
	TickedClocks bool
	// Election: the algorithm elects a leader (its nodes implement
	// Elector) instead of guarding a critical section. The application's
	// Request is then "start an election" and there is no Exit.
	Election bool
	// Payloads: the algorithm's messages carry Msg.Data. The state
	// encoding includes a message's Data only then, so that the algorithms
	// whose messages are two numbers keep their states as small as before.
	Payloads bool
	// Servers is how many nodes, from N1 on, only serve the others: their
	// application never calls enter() (seed 002's central server). A
	// server that is also a client would take its own requests without a
	// message and make the algorithm look cheaper than it is.
	Servers int
	// New returns the initial nodes for cfg, or an error if cfg does not
	// suit the algorithm (for example voting sets that fail seed 003's
	// conditions).
	New func(cfg Config) ([]Node, error)
	// MsgKinds names the algorithm's message kinds, indexed by Msg.Kind.
	MsgKinds []string
	// FormatMsg renders a message for people; nil means the default
	// "kind(a,b)" form.
	FormatMsg func(m Msg) string
	// Stuck, when set, says in the algorithm's own terms why the nodes of
	// w, a deadlock (some live node waits and nothing that must happen
	// can), wait for ever: Maekawa's circular wait names who holds whose
	// vote. It only reads w, names nodes N1..Nn, and returns "" when it has
	// nothing more specific to say than the explorer's generic sentence
	// (or when w is not the kind of deadlock it knows). nil: no such text.
	Stuck func(w *World) string
	// Listing is the algorithm's pseudocode as the course notes print it,
	// each line tied to the step or event that runs it, so that the
	// playground can mark where every node is (see Line and LinesAt).
	Listing []Line
}

// Client reports whether node i's application calls enter() at all, that
// is whether it is not one of the algorithm's servers.
func (a *Algorithm) Client(i int) bool { return i >= a.Servers }

// Config is what an algorithm needs to know to build its nodes.
type Config struct {
	N int
	// Numbers is the range 1..Numbers of chooseNumber() for the seed-000
	// variants that choose their number nondeterministically (0:
	// DefaultNumbers; read it with ChooseRange).
	Numbers int
	// Sets are Maekawa voting sets, Sets[i] holding node indices; nil asks
	// for the default grid construction.
	Sets [][]int
}

// Ctx is what a handler may do: read who it is, send, and use the Lamport
// clock the simulator keeps for it.
type Ctx struct {
	Self, N int
	clock   *int32
	out     []Msg
	crashed uint32
}

// Send queues m for delivery to node to. The simulator fills in From, To and
// the sender's Lamport timestamp.
func (c *Ctx) Send(to int, m Msg) {
	m.From, m.To = uint8(c.Self), uint8(to)
	if c.clock != nil {
		m.TS = *c.clock
	}
	c.out = append(c.out, m)
}

// Clock is the node's Lamport clock (0 for algorithms without clocks).
func (c *Ctx) Clock() int32 {
	if c.clock == nil {
		return 0
	}
	return *c.clock
}

// Tick advances the Lamport clock by one for a local or send event and
// returns the new value. Receiving is handled by the simulator, which sets
// the clock to max(own, message) + 1 before Receive runs.
func (c *Ctx) Tick() int32 {
	if c.clock == nil {
		return 0
	}
	*c.clock++
	return *c.clock
}

// Alive reports whether node j has not crashed: the perfect failure
// detector that some election algorithms assume (say so where one does).
func (c *Ctx) Alive(j int) bool { return c.crashed&(1<<j) == 0 }

// Others returns the indices of every node but c.Self, in increasing order.
func (c *Ctx) Others() []int {
	o := make([]int, 0, c.N-1)
	for i := 0; i < c.N; i++ {
		if i != c.Self {
			o = append(o, i)
		}
	}
	return o
}

// Reducible is implemented by nodes that can help the explorer's
// partial-order reduction. It asks for a persistent set: a non-empty set of
// the node's enabled steps such that, from the current state, nothing any
// other process, node or channel can do before one of these steps happens
// depends on them (it commutes with them and neither disables the other),
// and none of them changes the node's Phase, but from Exiting to Idle: no
// property reads that change (safety counts the nodes in the CS, liveness
// the waiting ones, and a state in which a step is enabled that fairness
// forces is no deadlock, however busy its nodes). The explorer then expands only
// those steps instead of interleaving them with everything else. final
// tells the node that its application will never call enter() again.
// Return dst unchanged when no such set exists.
//
// Example, the seed-000 listings: P4 (sending a request) reads myNum and
// the loop variable, which only the main process writes, so it is always
// persistent alone; and while the receive process is between P10 and its
// decision, the receive step together with the main process's next step
// form a persistent set, because only those two processes share variables
// and no new request can be received until the decision is made.
//
// LocalMsg says the same of receiving m: receiving it commutes with
// everything else and changes no phase (e.g. counting a reply), final as
// for Persistent. One exception to the phase: receiving the token that
// lets a waiting node into the CS may be claimed local when nothing else
// can touch the node or the token meanwhile (Suzuki–Kasami); as with
// LocalRequest, the node is then shown entering early, and its exit is
// never taken as a reduced step, so every event that could race with its
// stay in the CS is still interleaved with it before it leaves.
//
// LocalRequest says that the application's enter() call commutes with
// everything else (in the seed-000 model it only moves the main process
// from P1 to P2). It does change the phase (Idle to Wanting), which
// matters only to liveness; the explorer takes such calls first, so a run
// in which a node calls enter() late is represented by one in which it
// calls early and its P2 comes late. Deadlocks and safety are preserved;
// the verdict tests compare the reduced and the full search.
//
// The claims are checked by tests that compare the reduced and the full
// search, and by one that checks every set offered against the events
// that can happen outside it (explore's TestPersistentSetsArePersistent);
// the explorer uses them only where they hold by construction (no
// FIFO channels, no Lamport clocks, no Order ghost state, which would make
// every send depend on the sender's receipts).
type Reducible interface {
	Persistent(dst []Step, final bool) []Step
	LocalMsg(m Msg, final bool) bool
	LocalRequest() bool
}

// GroupReceiver is implemented by Reducible nodes whose receipts of some
// messages (grouped ones) depend on nothing but each other, as a receive
// process waiting for the next request does: whichever request it takes
// first keeps the others waiting, but taking one touches nothing any other
// step, process, node or channel reads or writes. All the receipts of
// grouped messages enabled at a node then form a persistent set together,
// provided no node can send the node another grouped message while none
// of them has happened: the explorer asks every node MaySend.
//
// GroupMsg says that m is grouped: receiving it commutes with everything
// but receiving another grouped message at this node, whether a grouped
// message can be received here does not change until one is, and
// receiving it changes no phase.
//
// MaySend says whether the node could send node to a message that to's
// GroupMsg accepts, in some run from its current state, before to
// receives any such message (final as for Persistent; pending says that
// one from this node is in flight to to). A crashed node is not asked.
//
// Unreached appends the node's persistent steps as Persistent does, for a
// state in which no grouped message is in flight to the node and no node
// MaySend it one: steps that race only with such receipts are persistent
// then.
type GroupReceiver interface {
	GroupMsg(m Msg) bool
	MaySend(to int, final, pending bool) bool
	Unreached(dst []Step, final bool) []Step
}

// DefaultNumbers is chooseNumber()'s range 1..K when Config.Numbers is 0:
// two numbers are enough for seed 000's ties.
const DefaultNumbers = 2

// ChooseRange is chooseNumber()'s range 1..K for c, the one reading of
// Numbers every algorithm that chooses shares (the Go models, the
// student interfaces and the listings), or an error when it is empty.
func (c Config) ChooseRange() (int, error) {
	k := c.Numbers
	if k == 0 {
		k = DefaultNumbers
	}
	if k < 1 {
		return 0, fmt.Errorf("chooseNumber() needs numbers >= 1, got %d", k)
	}
	return k, nil
}
