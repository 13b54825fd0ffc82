package scenario

// The syntax tree keeps everything a person wrote that matters for reading
// it again: comments and blank lines travel with the statement they
// precede, so that `dmelab fmt` only normalises spelling and spacing.

// File is a parsed scenario.
type File struct {
	Name  string
	Stmts []Stmt
	// Tail holds the comment and blank lines after the last statement.
	Tail []string
	// broken holds the first words of the lines that did not parse (and
	// "include" when an included file could not be read or parsed), so
	// that Check does not report what they would have said as missing.
	broken map[string]bool
}

// Meta is what every statement carries besides its content.
type Meta struct {
	Pos Pos
	// Lead holds the lines just above the statement: comments ("# ...")
	// and blank lines (""), runs of blank lines collapsed to one.
	Lead []string
	// Comment is the comment at the end of the statement's line, or "".
	Comment string
}

func (m *Meta) meta() *Meta { return m }

// Stmt is one statement: a header line, an event, run, schedule or expect.
type Stmt interface{ meta() *Meta }

// Ident is a name as written, with its position (node names, the
// algorithm's name, a variable's name).
type Ident struct {
	Pos  Pos
	Name string
}

// AlgorithmStmt: algorithm NAME.
type AlgorithmStmt struct {
	Meta
	Name Ident
}

// NodesStmt: nodes NAME... (their order gives the simulator's indices).
type NodesStmt struct {
	Meta
	Names []Ident
}

// ClockStmt: clock NODE = INT, the node's initial Lamport clock.
type ClockStmt struct {
	Meta
	Node  Ident
	Value int
}

// RequestsStmt: requests INT (every node), or requests NODE = INT: how
// many times the node's application calls enter() in the whole run.
type RequestsStmt struct {
	Meta
	Node  *Ident
	Count int
}

// OptionStmt: numbers INT, app-messages INT, crashes INT or recoveries INT.
type OptionStmt struct {
	Meta
	Key   string
	Value int
}

// ChannelsStmt: channels fifo | channels unordered.
type ChannelsStmt struct {
	Meta
	FIFO bool
}

// ChannelStmt: channel NODE->NODE fifo | unordered, the order of one
// channel (overriding channels and the algorithm's own).
type ChannelStmt struct {
	Meta
	A, B Ident
	FIFO bool
}

// IncludeStmt: include PATH, the statements of another scenario file
// (a shared preamble) in place of the line. Parse keeps the line, so fmt
// prints it back; Expand replaces it.
type IncludeStmt struct {
	Meta
	Path string
}

// VotingSetStmt: voting-set NODE = {NODE, ...} (Maekawa's V_i).
type VotingSetStmt struct {
	Meta
	Node    Ident
	Members []Ident
}

// EventKind names the simulator's events as the language spells them.
type EventKind uint8

const (
	EvRequest EventKind = iota // request A     (A calls enter())
	EvExit                     // exit A        (A calls exit())
	EvStep                     // step A TEXT   (A's internal step whose label starts with TEXT)
	EvDeliver                  // deliver A->B TEXT
	EvApp                      // app A->B      (an application message)
	EvCrash                    // crash A
	EvRecover                  // recover A
)

func (k EventKind) String() string {
	switch k {
	case EvRequest:
		return "request"
	case EvExit:
		return "exit"
	case EvStep:
		return "step"
	case EvDeliver:
		return "deliver"
	case EvApp:
		return "app"
	case EvCrash:
		return "crash"
	case EvRecover:
		return "recover"
	}
	return "?"
}

// EventStmt is one event of the script or of a schedule.
type EventStmt struct {
	Meta
	Kind EventKind
	A    Ident
	B    Ident  // the receiver, for deliver and app
	Text string // step label or message, white space collapsed; may be ""
	// TextPos is where Text starts (where it would, when it is empty).
	TextPos Pos
}

// HoldStmt: hold A->B [TEXT] keeps the matching messages in flight during
// later runs (the default policy skips them) until a release A->B [TEXT]
// with the same words, or a scripted deliver of one. It only steers run:
// the explorer still tries every order.
type HoldStmt struct {
	Meta
	Release bool
	A, B    Ident
	Text    string
	TextPos Pos
}

// RunStmt: run, or run until COND.
type RunStmt struct {
	Meta
	Until *Cond
}

// CondKind says what a run waits for.
type CondKind uint8

const (
	CondEnters CondKind = iota // NODE enters
	CondVar                    // NODE VAR = VALUE
	CondQuiet                  // quiet: nothing but the applications could act
)

// Cond is the condition of run until.
type Cond struct {
	Kind  CondKind
	Node  Ident
	Var   Ident
	Value string
}

// ScheduleStmt: schedule { EVENT... }, an exact interleaving.
type ScheduleStmt struct {
	Meta
	Events []*EventStmt
	// Close is the closing brace's own lead and comment.
	Close Meta
}

// ExpectKind says what an expectation is about.
type ExpectKind uint8

const (
	ExpectProp     ExpectKind = iota // expect safety|liveness|order holds|violated
	ExpectBefore                     // expect A enters before B
	ExpectVar                        // expect A VAR = VALUE
	ExpectMessages                   // expect messages = INT
	ExpectInFlight                   // expect [no] message A->B [TEXT]
)

// ExpectStmt is one expectation, checked at its place in the script.
type ExpectStmt struct {
	Meta
	Kind  ExpectKind
	Prop  string // safety, liveness, order
	Holds bool
	A, B  Ident
	Var   Ident
	Value string // ExpectVar's value; ExpectInFlight's message text
	// ValuePos is where an ExpectInFlight's message text starts.
	ValuePos Pos
	Count    int
	No       bool // expect no message ...
}
