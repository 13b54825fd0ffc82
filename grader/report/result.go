// Package report is the grader's result model and its renderings: Markdown
// feedback for the student, HTML (the Markdown through goldmark), JSON, and
// the result files of Gradescope and PrairieLearn.
//
// The model is filled by the grader outside the sandbox, from what the
// harness inside it reported; nothing in it comes from the student's code
// except the compile problems (positions in the student's own file) and the
// capped log the student's code printed.
package report

// Result is the outcome of grading one submission of one exercise.
type Result struct {
	Exercise string  `json:"exercise"` // the exercise's folder name
	Title    string  `json:"title"`
	File     string  `json:"file"` // the submitted file's name, as the student named it
	Status   Status  `json:"status"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
	// Problems stop grading before any test ran: refused imports, compile
	// errors, a harness that could not start. Positions are in File.
	Problems []Problem `json:"problems,omitempty"`
	// Notes are remarks on the file that did not stop its grading, such
	// as a package variable its steps write (state kept outside the
	// node's variables): places to look, given with a grading that lost
	// points. Positions are in File.
	Notes []Problem `json:"notes,omitempty"`
	Tests []Test    `json:"tests,omitempty"`
	// Log is what the student's code printed (stderr), capped.
	Log string `json:"log,omitempty"`
	// LogTruncated says the log was cut at the cap (the renderings say so).
	LogTruncated bool `json:"log_truncated,omitempty"`
	// Listing is, for an exercise that asks for a listing, the submitted
	// listing when it compiled: the counterexamples' scenarios run on it,
	// not on the built-in algorithm of the same name, so the replay links
	// carry it and the `dmelab run` commands the feedback offers name it
	// (see ReplayLink). It is the student's own text.
	Listing string `json:"listing,omitempty"`
}

// Status says how far grading got.
type Status string

const (
	Graded       Status = "graded"        // every test ran (some may have failed)
	Refused      Status = "refused"       // an import or construct outside the allow-list
	CompileError Status = "compile-error" // the file does not compile
	Crashed      Status = "crashed"       // the sandbox stopped the program (time, memory, panic)
)

// Problem is one positioned message about the submitted file. Line and
// Col count from 1 (Col 0: none); Col counts bytes of the line, as the Go
// compiler and go/token report it, because a result is a record kept and
// exported (Gradescope, PrairieLearn) whose "file:line:col" must read as
// the compiler's. It is not a diag.Diagnostic for that reason: the
// exercise page, which has the file, places it in its editor by counting
// the line's UTF-8 bytes (site/editor/go.js).
type Problem struct {
	Line int    `json:"line"`
	Col  int    `json:"col,omitempty"`
	Msg  string `json:"message"`
	// Source is the text of that line of the submitted file, if known;
	// the renderings quote it under the message.
	Source string `json:"source,omitempty"`
}

// Visibility says who may see a test's name and material.
type Visibility string

const (
	Public Visibility = "public"  // the schedule is in the student's hands
	Hidden Visibility = "hidden"  // named, never shown beyond a counterexample
	Search Visibility = "explore" // systematic exploration of a configuration
)

// Test is one scored test: a public or hidden schedule, or one property of
// an exploration.
type Test struct {
	Name       string     `json:"name"`
	Visibility Visibility `json:"visibility"`
	// Walk marks a hidden test of seeded random runs (rather than a
	// hidden schedule): the renderings call it so, and no more of it.
	Walk bool `json:"walk,omitempty"`
	// Own marks a test of one of the student's own schedules (dmelab
	// grade --schedule, a try on the exercise page), named "yours/NAME":
	// public, and shown as the student's run even when it passes.
	Own       bool    `json:"own,omitempty"`
	Points    float64 `json:"points"`
	MaxPoints float64 `json:"max_points"`
	Passed    bool    `json:"passed"`
	// NotRun marks a test that could not give a verdict: the sandbox
	// had stopped running the code's calls (it ran out of time or
	// crashed too often before). It scores nothing; Message says why.
	NotRun bool `json:"not_run,omitempty"`
	// Message says in one or two sentences what failed (empty when passed).
	Message string `json:"message,omitempty"`
	// Counterexample is the shortest run that shows the failure, if any.
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	// Source says where the test comes from, for staff: the schedule
	// file inside the exercise, or an exploration's configuration and
	// seed. The student's renderings print it for public tests only (for
	// a hidden test it would name the hidden file, for an exploration it
	// may hold the private seed); JSON, the staff's record, keeps it.
	Source string `json:"source,omitempty"`
	// At is where in its schedule a schedule test failed, "file:line"
	// (the expectation that did not hold, the line the code could not
	// take). Staff only, as Source: a public test's message names it
	// anyway, a hidden test's never does (dmelab validate shows it).
	At string `json:"at,omitempty"`
}

// Tried reports whether r is a try: the file run on the student's own
// schedules alone (every test Own), which is no grade.
func (r *Result) Tried() bool {
	for i := range r.Tests {
		if !r.Tests[i].Own {
			return false
		}
	}
	return len(r.Tests) > 0
}

// Conformance is the Property of a conformance test's counterexample:
// the run in which the code parts from the exercise's algorithm (the
// grader writes it, the feedback points to it first).
const Conformance = "conformance"

// Counterexample is a failing run as a step table, with what a diagram
// needs, and the scenario that replays it.
type Counterexample struct {
	Property string `json:"property"`
	// Kind is how the property failed, in the explorer's words:
	// "two nodes in the CS", "deadlock", "starvation", "order", ...
	Kind    string   `json:"kind,omitempty"`
	Summary string   `json:"summary"`
	Nodes   []string `json:"nodes"`   // node names, in order
	Initial []string `json:"initial"` // each node's variables before the first step
	Steps   []Step   `json:"steps"`
	// Loop is the index of the first step that repeats forever
	// (starvation), or -1.
	Loop int `json:"loop"`
	// Scenario replays the run exactly (dmelab run, the playground).
	Scenario string `json:"scenario"`
}

// Step is one row of the step table and one mark on the diagram.
type Step struct {
	Event string  `json:"event"` // canonical, replayable
	Text  string  `json:"text"`  // in words
	Node  int     `json:"node"`  // index of the node that acted, -1 if none
	Sent  []Arrow `json:"sent,omitempty"`
	// Delivered is the message this step delivered, if any.
	Delivered *Arrow   `json:"delivered,omitempty"`
	InCS      []int    `json:"in_cs,omitempty"` // nodes in the CS after the step
	Vars      []string `json:"vars"`            // each node's variables after the step
	Net       string   `json:"net,omitempty"`   // messages in flight after the step
}

// Arrow is one message on the diagram.
type Arrow struct {
	From  int    `json:"from"`
	To    int    `json:"to"`
	Label string `json:"label"`
}
