package report

import (
	"fmt"
	"regexp"
	"strings"
)

// Markdown renders r as feedback for the student: a summary line (score
// and status), the problems that stopped grading (with line:col in the
// submitted file), a table of every test, then for each failed test what
// failed, its shortest counterexample as a step table and a space-time
// diagram, the state at the failing step, and a link that replays it in
// the playground; the capped log last, folded away.
//
// Hidden tests are named and their counterexample shown, nothing else of
// them: not their file (Test.Source) and not the comments of their
// scenario (see ReplayLink).
func Markdown(r *Result, o Options) string {
	m := &md{o: o}
	m.result(r)
	return m.String()
}

// md accumulates one rendering. In HTML mode (html.go) the diagrams are
// left as placeholders that the HTML renderer replaces by inline SVG.
type md struct {
	strings.Builder
	o        Options
	r        *Result // the result rendered (its listing, for replays)
	html     bool
	diagrams []*Counterexample
	replays  []replay
}

// replay is a counterexample offered on the web: its playground link, and
// its scenario as a file to download.
type replay struct{ link, file, text, label string }

// replayLabel is a replay link's text. A listing's run replays as it ran:
// the link carries the listing. A Go file's cannot (the playground runs
// no student Go): its schedule replays on the exercise's own algorithm,
// whose run may differ from the student's at every step, and the link
// must say so, or the replay reads as the grader contradicting itself.
func replayLabel(r *Result) string {
	if r != nil && r.Listing != "" {
		return "▶ Replay this run in the playground"
	}
	return "▶ Replay this schedule on the exercise's own algorithm, in the playground (your code runs only in the grader: compare its steps with yours)"
}

// scenarioFile names the download of a test's counterexample after the
// test: "public/tie" gives "tie.scn", "explore N=2 R=2: liveness"
// "explore-N-2-R-2-liveness.scn".
func scenarioFile(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(name, ".scn")
	var b strings.Builder
	dash := false
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.'
		switch {
		case ok:
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-.")
	if len(s) > 80 {
		s = strings.Trim(s[:80], "-.")
	}
	if s == "" {
		s = "counterexample"
	}
	return s + ".scn"
}

func (m *md) p(format string, args ...any) { fmt.Fprintf(m, format, args...) }

func (m *md) result(r *Result) {
	if r == nil {
		r = &Result{}
	}
	m.r = r
	title := r.Title
	if title == "" {
		title = r.Exercise
	}
	if title == "" {
		m.p("# Feedback\n\n")
	} else {
		m.p("# Feedback: %s\n\n", text(title))
	}
	m.p("%s\n\n", summaryLine(r, false))
	m.problems(r)
	if m.o.Web {
		// On the page the first failure is what the student came for:
		// it comes first, the table of every test after the failures.
		// Nothing ran in a file that does not compile or is refused: the
		// problems say why, and the table is enough.
		if r.Status != CompileError && r.Status != Refused {
			m.failures(r)
		}
		if len(r.Tests) > 0 {
			m.p("## All tests\n\n")
		}
		m.table(r)
	} else {
		m.table(r)
		if r.Status != CompileError && r.Status != Refused {
			m.failures(r)
		}
	}
	m.log(r, 2)
}

// failures writes up each test that failed or was not run. A test that
// fails the way an earlier one did (the same message but for its
// numbers: other nodes, steps, values) says so in a line, its own run
// folded away: a starter that breaks one rule everywhere would otherwise
// repeat the same tables and diagram for every test.
func (m *md) failures(r *Result) {
	m.startWith(r)
	first := map[string]*Test{} // a failure's shape → the test that first failed so
	for i := range r.Tests {
		t := &r.Tests[i]
		if m.html && (t.NotRun || !t.Passed || t.Own && t.Counterexample != nil) {
			// The heading gets an id (anchors in html.go), for startWith's link.
			m.p("%s\n\n", anchorPlaceholder(i))
		}
		switch {
		case t.NotRun:
			m.p("## — %s%s: not run\n\n", text(t.Name), scored(t))
		case !t.Passed:
			m.p("## ✗ %s%s\n\n", text(t.Name), scored(t))
		case t.Own && t.Counterexample != nil:
			// The student's own schedule: its run is what they asked for.
			m.p("## ✓ %s: your code's run\n\n", text(t.Name))
			m.test(t, 3)
			continue
		default:
			continue
		}
		shape := t.FailureShape()
		if f, ok := first[shape]; ok {
			m.again(t, f)
			continue
		}
		if shape != "" {
			first[shape] = t
		}
		m.test(t, 3)
	}
}

// startWith points, when a conformance test failed below another
// failure, to that test: it names the first step where the code parts
// from the exercise's algorithm ("After 7 steps, ra-benari would do …;
// yours does …"), in a run of a few steps, where the failure that comes
// first (a schedule's expectation, a property) may show only where the
// difference ended up, many steps later.
func (m *md) startWith(r *Result) {
	firstFailed := -1
	for i := range r.Tests {
		t := &r.Tests[i]
		if t.Passed || t.NotRun {
			continue
		}
		if firstFailed < 0 {
			firstFailed = i
		}
		if ce := t.Counterexample; ce != nil && ce.Property == Conformance {
			if i != firstFailed {
				steps := fmt.Sprintf("%d steps", len(ce.Steps))
				if len(ce.Steps) == 1 {
					steps = "1 step"
				}
				name := "**" + text(t.Name) + "**"
				if m.html {
					// A link to its section, which may be many screens
					// down (a phone shows every table as cards).
					name = fmt.Sprintf("[%s](#%s)", name, testID(i))
				}
				m.p("*Start with %s below: it shows the first step where your code does not do what the algorithm does, in a run of %s.*\n\n", name, steps)
			}
			return
		}
	}
}

var digitRun = regexp.MustCompile(`[0-9]+`)

// FailureShape is what two tests that failed the same way share: the
// message with its numbers taken out, and the property and kind of the
// counterexample; "" for a test without a message. The feedback folds a
// test that failed as an earlier one did, and validate says it once.
func (t *Test) FailureShape() string {
	msg := oneLine(t.Message)
	if msg == "" {
		return ""
	}
	shape := digitRun.ReplaceAllString(msg, "#")
	if ce := t.Counterexample; ce != nil {
		shape = ce.Property + "|" + ce.Kind + "|" + shape
	}
	return fmt.Sprintf("%v|%s", t.NotRun, shape)
}

// again writes up t, which failed as first did: its message, and its
// own run folded away (left out where nothing folds, but for the link
// that replays it).
func (m *md) again(t, first *Test) {
	m.kind(t)
	if msg := oneLine(t.Message); msg == oneLine(first.Message) {
		m.p("*As %s above:* %s\n\n", code(first.Name, false), text(msg))
	} else {
		m.p("*As %s above, with other nodes or steps:* %s\n\n", code(first.Name, false), text(msg))
	}
	if t.Counterexample == nil {
		return
	}
	if m.o.NoHTML {
		if link := ReplayLink(m.r, t, m.o); link != "" && !m.o.Web {
			m.p("[%s](<%s>)\n\n", text(replayLabel(m.r)), link)
		}
		return
	}
	m.p("<details>\n<summary>The run of this test</summary>\n\n")
	m.run(t, 3)
	m.p("</details>\n\n")
}

// summaryLine says in one line how grading went and what it gave, in
// Markdown or (plain) in text.
func summaryLine(r *Result, plain bool) string {
	file := "the submission"
	if r.File != "" {
		file = code(r.File, false)
		if plain {
			file = oneLine(r.File)
		}
	}
	passed, notRun := 0, 0
	for _, t := range r.Tests {
		if t.Passed {
			passed++
		}
		if t.NotRun {
			notRun++
		}
	}
	score := fmt.Sprintf("Score: %s / %s", points(r.Score), points(r.MaxScore))
	notGraded := "Not graded:"
	if !plain {
		score, notGraded = "**"+score+"**", "**"+notGraded+"**"
	}
	switch r.Status {
	case Refused:
		return fmt.Sprintf("%s %s uses something outside the allowed set (see below). Nothing was run.", notGraded, file)
	case CompileError:
		if strings.HasSuffix(r.File, ".txt") { // a listing: parsed, not compiled
			return fmt.Sprintf("%s %s has errors (see below). Nothing was run.", notGraded, file)
		}
		return fmt.Sprintf("%s %s does not compile (see below). Nothing was run.", notGraded, file)
	case Crashed:
		if r.Tried() { // a try scores nothing, stopped or not
			return fmt.Sprintf("%s the sandbox stopped the program (see below); %d of %d of your schedules passed before that.", triedLead(plain), passed, len(r.Tests))
		}
		return fmt.Sprintf("%s — grading stopped: the sandbox stopped the program (see below); %d of %d tests passed before that.", score, passed, len(r.Tests))
	}
	if r.Tried() {
		tried := triedLead(plain)
		if notRun > 0 {
			return fmt.Sprintf("%s %d of %d passed, %d not run (see below).", tried, passed, len(r.Tests), notRun)
		}
		return fmt.Sprintf("%s %d of %d passed.", tried, passed, len(r.Tests))
	}
	if notRun > 0 {
		return fmt.Sprintf("%s — graded: %d of %d tests passed, %d not run (see below).", score, passed, len(r.Tests), notRun)
	}
	return fmt.Sprintf("%s — graded: %d of %d tests passed.", score, passed, len(r.Tests))
}

func (m *md) problems(r *Result) {
	m.positioned(r, "Problems", r.Problems)
	m.positioned(r, "Worth a look", r.Notes)
}

// positioned writes a section of positioned messages, each with its line
// quoted.
func (m *md) positioned(r *Result, heading string, list []Problem) {
	if len(list) == 0 {
		return
	}
	m.p("## %s\n\n", heading)
	lang := "go"
	if strings.HasSuffix(r.File, ".txt") { // a listing: no Go highlighting
		lang = "text"
	}
	for _, pr := range list {
		m.p("- %s%s\n", position(r.File, pr), text(pr.Msg))
		if q := quote(pr); q != "" {
			m.p("\n%s\n", indent(fenced(lang, q), "  "))
		}
	}
	m.p("\n")
}

// quote is the problem's source line with a caret under its column
// (tabs expanded, so the caret lines up in any renderer).
func quote(pr Problem) string {
	src := strings.TrimRight(clean(strings.SplitN(pr.Source, "\n", 2)[0]), " \t")
	if strings.TrimSpace(src) == "" {
		return ""
	}
	line := strings.ReplaceAll(src, "\t", "    ")
	if pr.Col <= 0 || pr.Col > len(src)+1 {
		return line
	}
	var caret strings.Builder
	for _, r := range src[:pr.Col-1] {
		switch {
		case r == '\t':
			caret.WriteString("    ")
		case r == '\ufeff' || r >= '\u200b' && r <= '\u200d':
			// Drawn zero wide (a byte-order mark, a zero-width space or
			// joiner): the caret does not move for it.
		default:
			caret.WriteByte(' ')
		}
	}
	return line + "\n" + caret.String() + "^"
}

func indent(s, by string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = by + l
	}
	return strings.Join(lines, "\n") + "\n"
}

// position is "file:line:col" as a code span and a space, or "" for a
// problem that has no line (a harness that could not start, say).
func position(file string, pr Problem) string {
	if pos := posText(file, pr); pos != "" {
		return code(pos, false) + " "
	}
	return ""
}

func posText(file string, pr Problem) string {
	if pr.Line <= 0 {
		return ""
	}
	if file == "" {
		file = "submission"
	}
	pos := fmt.Sprintf("%s:%d", oneLine(file), pr.Line)
	if pr.Col > 0 {
		pos += fmt.Sprintf(":%d", pr.Col)
	}
	return pos
}

func (m *md) table(r *Result) {
	if len(r.Tests) == 0 {
		return
	}
	if r.Status == Refused || r.Status == CompileError {
		m.noneRan(r)
		return
	}
	m.p("| test | kind | points | verdict |\n|---|---|---:|---|\n")
	for _, t := range r.Tests {
		verdict := "✓ passed"
		if t.NotRun {
			verdict = "— not run" // the test's message says why
		} else if !t.Passed {
			verdict = "✗ failed"
			if ce := t.Counterexample; ce != nil {
				verdict += ": " + text(failure(ce))
			}
		}
		m.p("| %s | %s | %s | %s |\n", text(t.Name), kindOf(&t), pointsOf(&t), verdict)
	}
	m.p("\n")
}

// noneRan says once that no test ran in a file refused or not compiled,
// and names the tests that will run once it is fixed: a table whose every
// row says "— not run" (nine cards on a phone) tells the student nothing
// more and pushes the rest away.
func (m *md) noneRan(r *Result) {
	why := "the file does not compile"
	switch {
	case r.Status == Refused:
		why = "the file was refused (see the problems above)"
	case strings.HasSuffix(r.File, ".txt"): // a listing: parsed, not compiled
		why = "the listing has errors"
	}
	var names []string
	total := 0.0
	for i := range r.Tests {
		names = append(names, text(r.Tests[i].Name))
		if !r.Tests[i].Own {
			total += r.Tests[i].MaxPoints
		}
	}
	tests, run := fmt.Sprintf("the exercise's %d tests", len(r.Tests)), "run"
	if len(r.Tests) == 1 {
		tests, run = "the exercise's one test", "runs"
	}
	worth := ""
	switch {
	case total == 1:
		worth = " (1 point)"
	case total > 0:
		worth = fmt.Sprintf(" (%s points)", points(total))
	}
	m.p("**No test ran:** %s. Once that is fixed, %s%s %s: %s.\n\n", why, tests, worth, run, strings.Join(names, ", "))
}

// kindOf is the kind column's word for t.
func kindOf(t *Test) string {
	switch {
	case t.Own:
		return "yours"
	case t.Visibility == Public:
		return "public"
	case t.Visibility == Search && strings.HasPrefix(t.Name, "conform "):
		return "conformance" // every schedule, in step with the algorithm
	case t.Visibility == Search:
		return "exploration"
	case t.Walk:
		return "random walks"
	}
	return "hidden"
}

// failure names what went wrong: "liveness (deadlock)".
func failure(ce *Counterexample) string {
	s := oneLine(ce.Property)
	if s == "" {
		s = "property"
	}
	if k := oneLine(ce.Kind); k != "" && k != s {
		s += " (" + k + ")"
	}
	return s
}

// test renders one failed test; h is the level of its sub-headings.
func (m *md) test(t *Test, h int) {
	m.kind(t)
	if msg := oneLine(t.Message); msg != "" {
		m.p("%s\n\n", text(msg))
	}
	m.run(t, h)
}

// kind says what sort of test t is (and for a public one, where its
// schedule is).
func (m *md) kind(t *Test) {
	switch t.Visibility {
	case Public:
		src := oneLine(t.Source)
		what := "Public schedule"
		if t.Own {
			what = "Your schedule"
		}
		switch {
		case src != "" && !strings.HasSuffix(src, ".scn"): // a check of the code's own, as maekawa's voting sets
			m.p("*Public check: %s.*\n\n", text(src))
		case src != "" && (m.o.Web || m.o.NoCommands):
			m.p("*%s %s.*\n\n", what, code(src, false))
		case src != "" && m.r != nil && m.r.Listing != "":
			m.p("*%s %s: run it yourself with* %s.\n\n", what, code(src, false), code(runCommand(m.r, src), false))
		case src != "":
			// dmelab run cannot run a Go file: it runs the schedule on
			// the exercise's own algorithm, the run to set beside this one.
			below := ""
			if t.Counterexample != nil {
				below = ", to compare with your run below"
			}
			m.p("*%s %s;* %s *runs it on the exercise's own algorithm%s.*\n\n", what, code(src, false), code(runCommand(m.r, src), false), below)
		default:
			m.p("*%s.*\n\n", what)
		}
	case Search:
		m.p("*Systematic exploration of the schedules of a configuration.*\n\n")
	default:
		// A hidden schedule or random walks: which is said, its
		// source (a file, a seed) is staff's.
		if t.Walk {
			m.p("*%s*\n\n", walkWords(t))
		} else if t.Counterexample != nil {
			m.p("*Hidden test: only its name and this counterexample are shown.*\n\n")
		} else {
			m.p("*Hidden test: only its name is shown.*\n\n")
		}
	}
}

// walkWords says what a test of hidden random walks is.
func walkWords(t *Test) string {
	if t.Counterexample != nil {
		return "Hidden random walks: runs in an order the grader draws at random, with a seed the course staff keep. Only the test's name and the first run that failed are shown."
	}
	return "Hidden random walks: runs in an order the grader draws at random, with a seed the course staff keep. Only the test's name is shown."
}

// run writes t's counterexample: its verdict line, the replay, the step
// table and the diagram, and the run as a scenario.
func (m *md) run(t *Test, h int) {
	ce := t.Counterexample
	if ce == nil {
		return
	}
	if t.Passed {
		m.p("**Your code ran the schedule in %s, and every expectation held.**\n\n", nSteps(len(ce.Steps)))
	} else {
		m.p("**%s violated", text(firstUpper(oneLine(ce.Property))))
		if k := oneLine(ce.Kind); k != "" && k != oneLine(ce.Property) {
			m.p(" (%s)", text(k))
		}
		m.p(" in %s.** %s\n\n", nSteps(len(ce.Steps)), text(ce.Summary))
	}
	link := ReplayLink(m.r, t, m.o)
	if link != "" && m.o.Web {
		m.replay(t, link)
	}
	m.focus(ce)
	hd := strings.Repeat("#", h)
	if len(ce.Steps) == 0 {
		// It failed where the run starts: no steps, no diagram.
		m.p("It failed before any step.")
		if len(ce.Initial) > 0 {
			m.p(" ")
		} else {
			m.p("\n\n")
		}
		m.initial(ce)
	} else {
		m.p("%s Step by step\n\n", hd)
		m.steps(ce)
		m.p("%s Space-time diagram\n\n", hd)
		m.diagram(ce)
	}
	switch {
	case link == "":
	case m.o.Web:
		m.fold("This run as a scenario", "This run as a scenario", fenced("scenario", shareText(t)))
	default:
		m.p("[%s](<%s>)\n\n", text(replayLabel(m.r)), link)
		if m.o.NoCommands {
			m.fold("This run as a scenario", "This run as a scenario", fenced("scenario", shareText(t)))
			break
		}
		cmd := runCommand(m.r, "FILE")
		m.fold("This run as a scenario (save it and run <code>"+cmd+"</code>)", "This run as a scenario (save it and run `"+cmd+"`)", fenced("scenario", shareText(t)))
	}
}

// replay offers the counterexample of t on the web, at the top of its
// test: the replay link and, in HTML, a download of the run as a scenario
// file (html.go writes both for the placeholder).
func (m *md) replay(t *Test, link string) {
	if m.html {
		m.replays = append(m.replays, replay{link: link, file: scenarioFile(t.Name), text: shareText(t), label: replayLabel(m.r)})
		m.p("%s\n\n", replayPlaceholder(len(m.replays)-1))
		return
	}
	m.p("[%s](<%s>)\n\n", text(replayLabel(m.r)), link)
}

func firstUpper(s string) string {
	if s == "" {
		return "Property"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// focus says what the code did at the failing step: which step, which
// values. The failing step is the last one (where two nodes are in the CS,
// where nothing more can happen, where a node enters out of order); for
// starvation it is the first step of the cycle that repeats forever.
func (m *md) focus(ce *Counterexample) {
	if len(ce.Steps) == 0 {
		return
	}
	k := len(ce.Steps) - 1
	if ce.Loop >= 0 && ce.Loop < len(ce.Steps) {
		k = ce.Loop
		m.p("**The cycle.** Steps %d–%d repeat forever (marked ⟲ below). It starts with step %d: %s. The state after it:\n\n", k+1, len(ce.Steps), k+1, text(stepText(ce.Steps[k])))
	} else {
		title, step := lastStep(ce)
		m.p("**%s.** %s %d: %s. The state after it:\n\n", title, step, k+1, text(stepText(ce.Steps[k])))
	}
	s := ce.Steps[k]
	m.p("| node | variables |\n|---|---|\n")
	for i, name := range ce.Nodes {
		v := ""
		if i < len(s.Vars) {
			v = s.Vars[i]
		}
		mark := ""
		for _, j := range s.InCS {
			if j == i {
				mark = " (in the CS)"
			}
		}
		m.p("| %s%s | %s |\n", text(name), mark, code(v, true))
	}
	net := oneLine(s.Net)
	if net == "" {
		net = "none"
	}
	m.p("\nMessages in flight: %s.\n\n", text(net))
}

// lastStep names the last step of a run that is not a cycle: the failing
// step, but for a schedule's own failure, which is no step's: the run
// stopped after it, or an expectation was checked there.
func lastStep(ce *Counterexample) (title, step string) {
	if oneLine(ce.Property) == "schedule" {
		switch oneLine(ce.Kind) {
		case "stopped":
			return "Where it stopped", "After step"
		case "expectation failed":
			return "Where the expectation was checked", "After step"
		case "passed":
			return "Where it ends", "After step"
		}
	}
	return "The failing step", "Step"
}

func stepText(s Step) string {
	if t := oneLine(s.Text); t != "" {
		return t
	}
	return oneLine(s.Event)
}

// foldSteps is the number of steps above which the web's HTML folds a
// step table into a <details>, open, whose summary says how many steps
// it has; the exercise page closes it on a phone (exercise.js). Why: on
// a laptop the table is what a student reads the run by, beside the
// diagram, and a fold they must open first would hide it; on a phone
// every row is a card of five lines, and a run of 26 steps buries the
// tests after it (the mutant of a starter made a feedback 71,000 px
// tall), while the failing step and every node's state there, which is
// what the student came for, are shown above the table already, the
// replay and the diagram give the run, and the fold opens it at a tap.
// A short table is never folded: it costs less than the fold.
const foldSteps = 12

// steps writes the step table: one row per step, with the variables the
// step changed (node by node) and the messages in flight after it.
func (m *md) steps(ce *Counterexample) {
	m.initial(ce)
	if fold := m.html && m.o.Web && len(ce.Steps) > foldSteps; fold {
		m.p("<details open>\n<summary>The %d steps, a row each</summary>\n\n", len(ce.Steps))
		defer m.p("</details>\n\n")
	}
	m.p("| step | node | event | variables changed | in flight after |\n|---:|---|---|---|---|\n")
	prev := ce.Initial
	n := len(ce.Steps)
	for k, s := range ce.Steps {
		if n > maxTableSteps && k >= tableHead && k < n-tableTail {
			if k == tableHead {
				m.p("| … | | steps %d–%d are not shown (the whole run is in the scenario below) | | |\n", k+1, n-tableTail)
			}
			prev = s.Vars
			continue
		}
		num := fmt.Sprint(k + 1)
		if ce.Loop >= 0 && k >= ce.Loop {
			num = "⟲ " + num
		}
		node := ""
		if s.Node >= 0 && s.Node < len(ce.Nodes) {
			node = text(ce.Nodes[s.Node])
		}
		var ch []string
		for i, name := range ce.Nodes {
			var before, after string
			if i < len(prev) {
				before = prev[i]
			}
			if i < len(s.Vars) {
				after = s.Vars[i]
			}
			if c := changed(before, after); c != "" {
				ch = append(ch, text(name)+": "+code(c, true))
			}
		}
		m.p("| %s | %s | %s | %s | %s |\n", num, node, text(stepText(s)), strings.Join(ch, "; "), text(s.Net))
		prev = s.Vars
	}
	m.p("\n")
	if ce.Loop >= 0 && ce.Loop < len(ce.Steps) {
		m.p("After step %d the run goes back to step %d: steps %d–%d (⟲) repeat forever.\n\n", len(ce.Steps), ce.Loop+1, ce.Loop+1, len(ce.Steps))
	}
}

// initial says what every node starts with, once if they all start alike.
func (m *md) initial(ce *Counterexample) {
	if len(ce.Initial) == 0 {
		return
	}
	same := true
	for _, v := range ce.Initial {
		same = same && oneLine(v) == oneLine(ce.Initial[0])
	}
	if same && len(ce.Initial) == len(ce.Nodes) {
		m.p("Every node starts with %s.\n\n", code(ce.Initial[0], false))
		return
	}
	m.p("At the start:\n\n")
	for i, v := range ce.Initial {
		name := fmt.Sprintf("node %d", i+1)
		if i < len(ce.Nodes) {
			name = ce.Nodes[i]
		}
		m.p("- %s: %s\n", text(name), code(v, false))
	}
	m.p("\n")
}

// A long run (a run that does not come to rest, messages that pile up)
// would make feedback of megabytes: its step table shows the first
// tableHead and the last tableTail steps, and its diagram is left out.
const (
	maxTableSteps   = 100
	tableHead       = 60
	tableTail       = 30
	maxDiagramSteps = 150
)

func (m *md) diagram(ce *Counterexample) {
	if len(ce.Steps) > maxDiagramSteps {
		m.p("The diagram is left out: the run has %d steps. Replay it in the playground, or read it as a scenario below.\n\n", len(ce.Steps))
		return
	}
	if m.html {
		m.diagrams = append(m.diagrams, ce)
		m.p("%s\n\n", placeholder(len(m.diagrams)-1))
		return
	}
	// The legend explains the marks this diagram shows.
	crash := ""
	if crashes(ce) {
		crash = " × it crashes,"
	}
	if usesCS(ce) {
		m.p("Time flows down, one column per node: ● the node acts,%s ┃ it is in the critical section, `├─m1─>` message m1 is delivered, `[...]` notes who enters or leaves the CS.\n\n", crash)
	} else { // an election's run, or one in which nobody enters
		m.p("Time flows down, one column per node: ● the node acts,%s `├─m1─>` message m1 is delivered.\n\n", crash)
	}
	m.p("%s\n", fenced("text", Diagram(ce)))
}

// nSteps is "1 step" or "n steps".
func nSteps(n int) string {
	if n == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", n)
}

// usesCS reports whether some node is in the critical section in ce's
// run, so that the diagram's legend explains only the marks it shows.
func usesCS(ce *Counterexample) bool {
	for _, s := range ce.Steps {
		if len(s.InCS) > 0 {
			return true
		}
	}
	return false
}

// crashes reports whether a node crashes in ce's run (the diagram marks
// it ×; see lanes).
func crashes(ce *Counterexample) bool {
	for _, s := range ce.Steps {
		if strings.HasPrefix(s.Event, "crash ") {
			return true
		}
	}
	return false
}

// fold writes a titled block that HTML-capable renderers fold away
// (<details>); titleHTML is a fixed string of this file, never data but
// for a command's file name, which listingArg keeps to [A-Za-z0-9._-].
func (m *md) fold(titleHTML, titleMD, body string) {
	if m.o.NoHTML {
		m.p("**%s**\n\n%s\n", titleMD, body)
		return
	}
	m.p("<details>\n<summary>%s</summary>\n\n%s\n</details>\n\n", titleHTML, body)
}

// LogNote says where a log's lines come from, why a line the student
// expected twice may show once (answers are memoised, docs/grading.md)
// and why one may come from a step no run took (a step is run to label
// it among the possible events).
const LogNote = "From the public tests. The grader calls your code to see what each possible step would do before a run takes one, and never twice for the same step or handler on the same variables: a line may come from a step no run took, and a line printed once may stand for many calls."

func (m *md) log(r *Result, h int) {
	if strings.TrimSpace(r.Log) == "" {
		return
	}
	note := ""
	if r.LogTruncated {
		note = " (cut at the cap)"
	}
	body := LogNote + "\n\n" + fenced("text", r.Log)
	if m.o.NoHTML {
		m.p("%s What your program printed%s\n\n%s\n", strings.Repeat("#", h), note, body)
		return
	}
	m.fold("What your program printed"+note, "What your program printed"+note, body)
}

// pointsOf is a test's points, "2 / 3", or "—" for a student's own
// schedule, which scores nothing: it is a try.
func pointsOf(t *Test) string {
	if t.Own {
		return "—"
	}
	return points(t.Points) + " / " + points(t.MaxPoints)
}

// scored is a test's points as its heading gives them, " (2 / 3)", or ""
// for a student's own schedule.
func scored(t *Test) string {
	if t.Own {
		return ""
	}
	return " (" + pointsOf(t) + ")"
}

// triedLead begins the summary of a try (a grading on the student's own
// schedules alone).
func triedLead(plain bool) string {
	if plain {
		return "Tried on your own schedules, not graded:"
	}
	return "**Tried on your own schedules, not graded:**"
}
