package listing

import "dmelab/algorithms/sim"

// A compiled listing: a flat table of variable slots and, per process, a
// table of instructions that the nodes step through. Expressions and
// step bodies are compiled to Go closures over a node's slots, so that
// running a step never looks anything up by name.

// program is a checked, compiled listing; it never changes once built and
// is shared by every node of every world.
type program struct {
	name     string
	msgs     []*Message
	slots    []slot
	procs    []*proc
	handlers []*handler // by message kind; nil where a process receives it
	// enter and exit run on the application's enter() and exit() in a
	// listing written as handlers; its phase is then its variable state
	// (RELEASED, WANTED, HELD) at slot state.
	enter, exit  *handler
	state        int
	clocks       bool       // tick is used: the simulator keeps Lamport clocks
	servers      int        // sim.Algorithm.Servers
	votes        bool       // V is used: the nodes need their voting sets
	main         int        // the process with NCS and CS
	choose       bool       // some step calls chooseNumber()
	localRequest bool       // enter() commutes with everything (reduce.go)
	reducible    bool       // at most 64 slots: the reduction's masks hold them
	hr, hw       uint64     // what the handlers read and write
	lines        []sim.Line // the listing as the playground shows it
	// whens are the "when" rules, checked in order after every event
	// (rules.go); wr, ww what they read and write.
	whens  []*handler
	wr, ww uint64
	fifo   bool  // channels fifo: sim.Algorithm.FIFO
	ticked bool  // clocks ticked: sim.Algorithm.TickedClocks
	direct bool  // self direct: a node's messages to itself skip the network
	arrays []int // the arrays' slots; array k's entries follow the slots (node.elem)
	// start runs when the application starts an election (sim.Algorithm.
	// Election); the node's leader is then its variable leader, at slot
	// leader.
	start  *handler
	leader int
}

// slot is one variable of a node: a global, a process's local, a loop
// variable or a handler's parameter.
type slot struct {
	name string
	typ  Type
	init int64
	// initAt, for a global, is its initial value at a node, which may
	// depend on myID and n ("global bool hasToken = (myID = 0)").
	initAt func(*node) int64
	proc   int // the process owning a local, -1 for a global, -2 for a handler's
	// array: the slot is an array of one entry per node, the arr-th;
	// its entries are stored after every slot (node.elem), the slot
	// itself holds nothing.
	array bool
	arr   int
}

// proc is one process: its instructions and where it starts.
type proc struct {
	name  string
	code  []instr
	entry int
	// exiting[pc]: the main process at pc has left the CS and not yet
	// reached NCS (the simulator's Exiting phase).
	exiting []bool
	// dead[pc]: the process's locals whose value is never read again
	// before being written when the process rests at pc; they are reset
	// to their initial values there, so that runs differing only in a
	// dead value are one state.
	dead [][]int
	// fut[pc], futNCS[pc]: what the process may read and write from pc
	// on, in all its future or until it reaches NCS (reduce.go)
	fut, futNCS []masks
}

type masks struct{ r, w uint64 }

type instrKind uint8

const (
	iStep    instrKind = iota // a numbered step: guard, then action
	iNCS                      // rests until the application calls enter()
	iCS                       // rests until it calls exit()
	iReceive                  // rests until a message of its kind arrives
	iJump                     // goes to next
	iBranch                   // if cond: next, else: alt
	iForInit                  // loop variable = none
	iForNext                  // the loop's next node, or alt when done
)

// instr is one instruction. A resting one (rest) is where the process
// waits between steps: a step, NCS, CS, a receive, or a numbered loop or
// if header that reads shared variables. The others run as part of the
// step that reaches them.
type instr struct {
	kind  instrKind
	rest  bool
	label string
	line  int    // source line, for the listing
	text  string // the statement as formatted, for step labels
	// iStep
	guard  func(*node) bool
	loops  bool // the guard has quantifiers: it is asked again in the step's event (see rangeCode.list)
	act    func(*node, *sim.Ctx, int64)
	choose bool // the step's value is chooseNumber()'s (Step.Arg)
	// holds, for a step that is one if statement, is its condition: the
	// step's label says which way it goes.
	holds   func(*node) bool
	hasElse bool
	// iReceive
	kind_ int
	bind  []int // the sender's slot, then the fields'
	cond  func(*node) bool
	loop  int  // iForInit, iForNext: the loop variable's slot
	set   int  // iForNext over a set: its slot; -1 for other nodes
	other bool // iForNext: every node but this one
	next  int
	alt   int
	uses  []int // slots read before written (for the liveness of locals)
	defs  []int // slots surely written
	// every slot the instruction may read or write, and what the
	// reduction concluded from them (reduce.go)
	reads, writes     []int
	group             bool // free of the handlers
	keepNext, keepAlt bool
	rmask, wmask      uint64 // what taking the step touches, as slot bits
}

// handler is an "on receive" block: run whole when its message arrives.
type handler struct {
	bind          []int
	act           func(*node, *sim.Ctx, int64)
	reads, writes []int
	reset         []int             // its parameters and variables, reset after it runs
	line, end     int               // its first and last lines
	on            string            // the event that runs it, as sim.Line.On says it
	cond          func(*node) int64 // a when rule's condition
}
