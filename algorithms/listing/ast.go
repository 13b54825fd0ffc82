package listing

// The syntax tree of a listing. Every node keeps the position of its first
// token, so that errors and the playground can point at it.

// File is one listing: the algorithm's name, its messages, its variables,
// its processes and its handlers, in the order written, with comments.
type File struct {
	Name    string
	NamePos Pos
	Decls   []Decl
}

// Decl is a top-level declaration: *Comment, *Message, *Var, *Process or
// *Handler.
type Decl interface{ At() Pos }

// Comment is a line holding only a comment ("# ..." without the "#").
type Comment struct {
	Pos  Pos
	Text string
}

// Message declares a message kind and the names of the numbers it
// carries: "message request(num)". The sender travels with every message
// and is not declared.
type Message struct {
	Pos     Pos
	Name    string
	Fields  []string
	Comment string // trailing, as on every declaration
}

// Var declares variables of one type, as the seeds do: "global int myNum =
// 0" at the top, "int source, requestedNum" at the start of a process.
type Var struct {
	Pos    Pos
	Global bool
	Type   Type
	Names  []string
	// Array[i]: Names[i] is declared "name[n]", an array of one entry per
	// node (seed 004's q[j]); nil when none is.
	Array   []bool
	Init    Expr // nil: the type's zero (0, false, empty, or no node); of each entry for an array
	Comment string
}

// Type is a variable's type.
type Type uint8

const (
	Int   Type = iota + 1
	Bool       // true or false
	Node       // a node's index, or none (-1)
	Set        // a set of nodes
	Queue      // a first-in, first-out queue of nodes
	Kind       // a message kind (seed 004's q[j] holds the last message's)

	emptyType // the type of "empty": a set or a queue
)

func (t Type) String() string {
	switch t {
	case Int:
		return "int"
	case Bool:
		return "bool"
	case Node:
		return "node"
	case Set:
		return "set"
	case Queue:
		return "queue"
	case Kind:
		return "kind"
	case emptyType:
		return "empty collection"
	}
	return "?"
}

// Process is one of a node's processes: "process main:" and its body.
// The processes of a node share its global variables and interleave at
// the granularity of its numbered steps.
type Process struct {
	Pos     Pos
	Name    string
	Body    []Stmt
	Comment string
}

// Handler runs, as one atomic step, when a message of its kind arrives,
// whatever the processes are doing: "on receive(reply, source):"; or,
// in a listing written as handlers (seeds 001–004), when the application
// calls enter() or exit(): "on enter:", "on exit:".
type Handler struct {
	Pos     Pos
	Event   string // "receive", "enter" or "exit"
	Kind    string
	KindPos Pos    // where Kind is written, for its errors
	Source  string // "" when not named
	Args    []string
	Body    []Stmt
	Comment string
}

// Servers says that the first K nodes only serve the others: their
// application never calls enter() ("servers 1": seed 002's central
// server is N1).
type Servers struct {
	Pos     Pos
	K       int
	Comment string
}

// Option is a declaration of how the network and the clocks behave:
// "channels fifo" (every channel delivers in send order: seed 004),
// "clocks ticked" (only tick advances a Lamport clock) or "self direct"
// (a node's messages to itself skip the network).
type Option struct {
	Pos     Pos
	Name    string // "channels", "clocks" or "self"
	Value   string // "fifo", "ticked" or "direct"
	Comment string
}

// When is a rule that a listing written as handlers checks after every
// event: "when cond:" and the block it runs when cond holds (seed 004's
// rule 3, "P_i enters its critical section when both hold").
type When struct {
	Pos     Pos
	Cond    Expr
	Body    []Stmt
	Comment string
}

func (d *Option) At() Pos  { return d.Pos }
func (d *When) At() Pos    { return d.Pos }
func (d *Servers) At() Pos { return d.Pos }
func (d *Comment) At() Pos { return d.Pos }
func (d *Message) At() Pos { return d.Pos }
func (d *Var) At() Pos     { return d.Pos }
func (d *Process) At() Pos { return d.Pos }
func (d *Handler) At() Pos { return d.Pos }

// Stmt is a statement. Each carries the step label written before it
// ("P4"), if any, and its trailing comment.
type Stmt interface{ base() *Line }

// Line is what every statement has: where it starts, its label and its
// trailing comment.
type Line struct {
	Pos      Pos // of the statement itself, after the label
	Label    string
	LabelPos Pos
	Comment  string
}

func (l *Line) base() *Line { return l }

type (
	// CommentStmt is a comment line inside a block.
	CommentStmt struct {
		Line
	}
	// Section is NCS or CS: where the application runs outside the
	// critical section (the simulator's enter() ends it) or inside it
	// (exit() ends it).
	Section struct {
		Line
		CS bool
	}
	// Assign is "x = value" or "x[i] = value"; value may be
	// chooseNumber(), a free choice, or tick().
	Assign struct {
		Line
		Name  string
		Index Expr // nil unless x is an array
		Value Expr
	}
	// Send is "send(kind, to, values...)".
	Send struct {
		Line
		Kind    string
		KindPos Pos // where Kind is written, for its errors
		To      Expr
		Values  []Expr
	}
	// Receive is "receive(kind, source, names...)": the process waits
	// for a message of that kind and takes it.
	Receive struct {
		Line
		Kind    string
		KindPos Pos // where Kind is written, for its errors
		Source  string
		Names   []string
	}
	// Await is "await condition": the step waits until it holds.
	Await struct {
		Line
		Cond Expr
	}
	// SetOp is "add x to S" or "remove x from S".
	SetOp struct {
		Line
		Add  bool
		Elem Expr
		Set  string
	}
	// Seq is simple statements on one line, separated by ";": one step.
	Seq struct {
		Line
		List []Stmt
	}
	// Loop is "loop forever:" and its body.
	Loop struct {
		Line
		Body []Stmt
	}
	// ForAll is "for all other node N:" (every node but this one, in
	// increasing order) or "for all N in S:".
	ForAll struct {
		Line
		Range
		Body []Stmt
	}
	// If is "if cond:" with its block and an optional "else:" block.
	If struct {
		Line
		Cond    Expr
		Then    []Stmt
		ElsePos Pos // zero without else
		Else    []Stmt
	}
	// Tick is "tick": the node's Lamport clock advances by one.
	Tick struct {
		Line
	}
	// LocalVar is a process's local declaration ("int source, n").
	LocalVar struct {
		Line
		Var *Var
	}
)

// Expr is an expression.
type Expr interface{ At() Pos }

type (
	// Ident is a variable, a constant (myID, n, none, empty) or a loop
	// variable.
	Ident struct {
		Pos  Pos
		Name string
	}
	// IntLit is a whole number.
	IntLit struct {
		Pos   Pos
		Value int
	}
	// BoolLit is true or false.
	BoolLit struct {
		Pos   Pos
		Value bool
	}
	// Unary is "not x" or "-x".
	Unary struct {
		Pos Pos
		Op  string
		X   Expr
	}
	// Binary is "x op y": or, and, =, !=, <, <=, >, >=, <<, +, -, *, in.
	// "<<" compares tuples lexicographically: (a, b) << (c, d).
	Binary struct {
		Pos  Pos // of the operator
		Op   string
		X, Y Expr
	}
	// Tuple is "(a, b)", only as an operand of <<.
	Tuple struct {
		Pos   Pos
		Elems []Expr
	}
	// Call is max(a, b), min(a, b) or chooseNumber().
	Call struct {
		Pos  Pos
		Name string
		Args []Expr
	}
	// Paren is "(x)", kept so that the formatter prints what was written.
	Paren struct {
		Pos Pos
		X   Expr
	}
	// Index is "q[j]": the entry of the array q for node j.
	Index struct {
		Pos   Pos
		Name  string
		Index Expr
	}
	// Quant is "all other node j: cond" or "some j in S: cond": whether
	// cond holds for every (for some) node, other node, or member of S.
	// It reaches as far right as an expression goes; the seeds' listings
	// write it in parentheses.
	Quant struct {
		Pos  Pos
		Some bool
		Range
		Cond Expr
	}

	// Range is what a loop or a quantifier goes through: "node j" (every
	// node), "other node j" (every node but this one) or "j in S" (the
	// members of S), in increasing order.
	Range struct {
		Var   string
		Other bool
		Set   string
	}
)

// String is the range as written, e.g. "other node j".
func (r Range) String() string {
	switch {
	case r.Other:
		return "other node " + r.Var
	case r.Set != "":
		return r.Var + " in " + r.Set
	}
	return "node " + r.Var
}

func (e *Ident) At() Pos   { return e.Pos }
func (e *IntLit) At() Pos  { return e.Pos }
func (e *BoolLit) At() Pos { return e.Pos }
func (e *Unary) At() Pos   { return e.Pos }
func (e *Binary) At() Pos  { return e.X.At() }
func (e *Tuple) At() Pos   { return e.Pos }
func (e *Call) At() Pos    { return e.Pos }
func (e *Paren) At() Pos   { return e.Pos }
func (e *Index) At() Pos   { return e.Pos }
func (e *Quant) At() Pos   { return e.Pos }
