package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"requestedNum=1 > myNum=0":  "requestedNum=1 > myNum=0",
		"a < b":                     `a \< b`,
		"[x](javascript:alert(1))":  `\[x\](javascript:alert(1))`,
		"*bold* _it_ `c` |t| ~~s~~": "\\*bold\\* \\_it\\_ \\`c\\` \\|t\\| \\~\\~s\\~\\~",
		"# not a heading":           `\# not a heading`,
		"- not a list":              `\- not a list`,
		"> not a quote":             `\> not a quote`,
		"12. not a list":            `12\. not a list`,
		"&lt;":                      `\&lt;`,
		"two\nlines\r\n  here":      "two lines here",
		"nul\x00 esc\x1b[1m":        "nul\uFFFD esc\uFFFD\\[1m",
		"bidi \u202e":               "bidi \uFFFD",
	} {
		assert.Equal(t, want, text(in), "%q", in)
	}
}

func TestCode(t *testing.T) {
	assert.Equal(t, "`a=1`", code("a=1", false))
	assert.Equal(t, "``a`b``", code("a`b", false))
	assert.Equal(t, "`` `x ``", code("`x", false))
	assert.Equal(t, "`a\\|b`", code("a|b", true))
	assert.Equal(t, "", code(" \n ", false))
}

func TestFenced(t *testing.T) {
	assert.Equal(t, "```text\nx\n```\n", fenced("text", "x\n\n"))
	got := fenced("text", "a\n```\nb")
	assert.True(t, strings.HasPrefix(got, "````text\n"), got)
	assert.True(t, strings.HasSuffix(got, "\n````\n"), got)
}

func TestPoints(t *testing.T) {
	assert.Equal(t, "2.5", points(2.5))
	assert.Equal(t, "0.33", points(1.0/3))
	assert.Equal(t, "3", points(3))
	assert.Equal(t, "0", points(0.0/zero()))
}

func zero() float64 { return 0 }

func TestChanged(t *testing.T) {
	before := "main=P1 myNum=0 deferred=[] replies=0"
	assert.Equal(t, "main=P4 myNum=2", changed(before, "main=P4 myNum=2 deferred=[] replies=0"))
	assert.Equal(t, "deferred=[N1 N2]", changed(before, "main=P1 myNum=0 deferred=[N1 N2] replies=0"))
	assert.Equal(t, "", changed(before, before))
	assert.Equal(t, "clock=3", changed(before, before+" clock=3"), "a new variable")
	assert.Equal(t, "odd text", changed("x", "odd text"), "not pairs: the whole line")
	assert.Equal(t, "a=1 a=2", changed("a=1", "a=1 a=2"), "a name twice: the whole line")
	assert.Equal(t, []kv{{"q", "[N1 N2]"}, {"x", "1"}}, splitVars("q=[N1 N2] x=1"))
}

func TestOptionsBase(t *testing.T) {
	assert.Equal(t, DefaultPlaygroundURL, Options{}.base())
	assert.Equal(t, DefaultPlaygroundURL, Options{PlaygroundURL: "javascript:alert(1)"}.base())
	assert.Equal(t, DefaultPlaygroundURL, Options{PlaygroundURL: "/relative"}.base())
	assert.Equal(t, "https://dmelab.example.org/play/", Options{PlaygroundURL: "https://dmelab.example.org/play/#old"}.base())
}

// TestDiagramEdges draws what the fixtures do not have: a crash, a
// message to oneself, a delivery the table never sent, a message still in
// flight, a long name and an arrow crossing a lane in the CS.
func TestDiagramEdges(t *testing.T) {
	ce := &Counterexample{
		Property: "safety",
		Nodes:    []string{"A", "Bob-the-long", "C"},
		Steps: []Step{
			{Event: "request A", Text: "A calls enter()", Node: 0, Sent: []Arrow{{0, 0, "self"}, {0, 2, "req"}, {0, 1, "req"}}},
			{Event: "deliver A->A self", Text: "A receives self", Node: 0, Delivered: &Arrow{0, 0, "self"}, InCS: []int{1}},
			{Event: "deliver A->C req", Text: "C receives req", Node: 2, Delivered: &Arrow{0, 2, "req"}, InCS: []int{1}},
			{Event: "deliver C->A ghost", Text: "A receives ghost", Node: 0, Delivered: &Arrow{2, 0, "ghost"}, InCS: []int{1}},
			{Event: "crash C", Text: "C crashes", Node: 2, InCS: []int{1}},
			{Event: "exit Bob-the-long", Text: "Bob leaves", Node: 1, InCS: []int{9}},
		},
		Loop: -1,
	}
	want := `     A             Bob-the-long  C
  1  ●             │             │  A calls enter()   → m1 to A, m2 to C, m3 to Bob-the-long
  2  ●             ┃             │  A receives self   (m1, sent at step 1)   [Bob-the-long enters the CS]
  3  ├─────m2──────╂────────────>●  C receives req   (m2, sent at step 1)
  4  ●<────────────╂──────m4─────┤  A receives ghost   (m4)
  5  │             ┃             ×  C crashes
  6  │             ●                Bob leaves   [Bob-the-long leaves the CS]
     in flight at the end: m3 A→Bob-the-long req
`
	assert.Equal(t, want, Diagram(ce))
	svg := SVG(ce, "e")
	requireXML(t, svg)
	assert.Contains(t, svg, `stroke-dasharray`, "the message in flight is dashed")
	assert.Contains(t, svg, ">×<", "the crash is marked")
	assert.Equal(t, "", Diagram(nil))
	assert.Equal(t, "", SVG(&Counterexample{}, "x"))
}

func TestHighlight(t *testing.T) {
	assert.Equal(t, `  <span class="scn-k">deliver</span> N1-&gt;N2 request<span class="scn-c"># a &lt;note&gt;</span>`+"\n",
		highlight("  deliver N1->N2 request# a <note>\n"))
	assert.Equal(t, "N1 requests", highlight("N1 requests"))
}

// A file refused or not compiled ran no test: the feedback says so once,
// naming the tests that run once it is fixed, not in a "— not run" row
// (a card on a phone) per test, and never "failed".
func TestTableOfAFileNotRun(t *testing.T) {
	for _, st := range []Status{Refused, CompileError} {
		for _, file := range []string{"p.go", "solution.txt"} {
			r := &Result{Status: st, File: file, MaxScore: 3, Problems: []Problem{{Line: 1, Msg: "no"}},
				Tests: []Test{{Name: "public/alone", Visibility: Public, MaxPoints: 1, Message: "not run"}, {Name: "explore N=2 R=1", Visibility: Search, MaxPoints: 2, Message: "not run"}}}
			for _, o := range []Options{{}, {Web: true}, {NoHTML: true}} {
				md := Markdown(r, o)
				assert.NotContains(t, md, "not run |", st)
				assert.NotContains(t, md, "| test |", "no table (%s)", st)
				assert.NotContains(t, md, "✗", st)
				assert.NotContains(t, md, "## public/alone", "no section a test: the problems say why nothing ran (%s)", st)
				assert.NotContains(t, md, "public/alone (0 / 1)", st)
				assert.Equal(t, 1, strings.Count(md, "No test ran"), st)
				assert.Contains(t, md, "Once that is fixed, the exercise's 2 tests (3 points) run: public/alone, explore N=2 R=1.", st)
			}
		}
		one := &Result{Status: st, File: "solution.txt", Tests: []Test{{Name: "public/alone", Visibility: Public, MaxPoints: 1}}}
		want := "**No test ran:** the listing has errors. Once that is fixed, the exercise's one test (1 point) runs: public/alone."
		if st == Refused {
			want = "**No test ran:** the file was refused (see the problems above). Once that is fixed, the exercise's one test (1 point) runs: public/alone."
		}
		assert.Contains(t, Markdown(one, Options{}), want)
	}
	r := &Result{Status: Crashed, Tests: []Test{{Name: "public/alone", Visibility: Public, MaxPoints: 1}}}
	assert.Contains(t, Markdown(r, Options{}), "| ✗ failed |", "a crash stopped tests that had started")
}

// A test that failed with the very message of an earlier one is said to
// fail as it did, not "with other nodes or steps"; one whose numbers
// differ is.
func TestAgainSaysWhatDiffers(t *testing.T) {
	r := &Result{Status: Graded, File: "p.go", Tests: []Test{
		{Name: "hidden/a", Visibility: Hidden, MaxPoints: 1, Message: "N1 stopped at step 3"},
		{Name: "hidden/b", Visibility: Hidden, MaxPoints: 1, Message: "N1 stopped at step 3"},
		{Name: "hidden/c", Visibility: Hidden, MaxPoints: 1, Message: "N2 stopped at step 5"},
	}}
	md := Markdown(r, Options{})
	assert.Contains(t, md, "*As `hidden/a` above:* N1 stopped at step 3\n")
	assert.Contains(t, md, "*As `hidden/a` above, with other nodes or steps:* N2 stopped at step 5\n")
}

// A public test's heading says what it is: a schedule, with a command
// that runs it (on the student's listing, or on the exercise's own
// algorithm, since dmelab run cannot run a Go file), or a check of the
// code's own that no command runs; a hidden one says only that it is a
// hidden test, or hidden random walks, without their file or seed.
func TestTestHeadings(t *testing.T) {
	failed := func(name, src string, v Visibility) Test {
		return Test{Name: name, Source: src, Visibility: v, MaxPoints: 1, Message: "no"}
	}
	walks := failed("hidden/walk_n4", "hidden/walk_n4.walk: nodes 4, seed 5174019", Hidden)
	walks.Walk = true
	r := &Result{Status: Graded, File: "p.go", Tests: []Test{
		failed("public/alone", "public/alone.scn", Public),
		failed("voting sets", "VotingSets(n) for n in [1 2 3], checked against seed 003's conditions", Public),
		failed("hidden/walk", "hidden/walk.walk: nodes 4", Hidden),
		walks,
	}}
	md := Markdown(r, Options{})
	assert.Contains(t, md, "| hidden/walk | hidden | 0 / 1 |")
	assert.Contains(t, md, "| hidden/walk\\_n4 | random walks | 0 / 1 |")
	assert.Contains(t, md, "*Hidden random walks: runs in an order the grader draws at random, with a seed the course staff keep. Only the test's name is shown.*")
	assert.NotContains(t, md, "5174019")
	assert.NotContains(t, md, "walk_n4.walk")
	gs, err := Gradescope(r, GradescopeOptions{})
	require.NoError(t, err)
	assert.Contains(t, string(gs), `"random walks"`, "the test's tag")
	assert.NotContains(t, string(gs), "5174019")
	assert.Contains(t, md, "*Public schedule `public/alone.scn`;* `dmelab run public/alone.scn` *runs it on the exercise's own algorithm")
	assert.Contains(t, md, "*Public check: VotingSets(n) for n in \\[1 2 3\\], checked against seed 003's conditions.*")
	assert.NotContains(t, md, "dmelab run VotingSets")
	assert.Contains(t, md, "*Hidden test: only its name is shown.*")
	assert.NotContains(t, md, "walk.walk")
	r.Listing, r.File = "algorithm central\n", "mine.txt"
	assert.Contains(t, Markdown(r, Options{}), "*Public schedule `public/alone.scn`: run it yourself with* `dmelab run --listing mine.txt public/alone.scn`.")
}

// The diagram's legend explains the marks the diagram shows: a crash's ×
// where a node crashes, the critical section's where a node is in it.
func TestDiagramLegend(t *testing.T) {
	ce := &Counterexample{Property: "safety", Kind: "wrong leader", Nodes: []string{"N1", "N2"}, Loop: -1,
		Steps: []Step{{Event: "crash N2", Text: "N2 crashes", Node: 1, Vars: []string{"", ""}}, {Event: "request N1", Text: "N1 starts an election", Node: 0, Vars: []string{"", ""}}}}
	r := &Result{Status: Graded, Tests: []Test{{Name: "walk", Visibility: Search, MaxPoints: 1, Counterexample: ce}}}
	md := Markdown(r, Options{})
	assert.Contains(t, md, "● the node acts, × it crashes, `├─m1─>` message m1 is delivered.\n")
	ce.Steps[0] = Step{Event: "request N2", Text: "N2 calls enter()", Node: 1, Vars: []string{"", ""}, InCS: []int{1}}
	md = Markdown(r, Options{})
	assert.Contains(t, md, "● the node acts, ┃ it is in the critical section,")
	assert.NotContains(t, md, "×")
}

// The step a failure is shown at is named for what it is: the failing
// step of a property, the step a schedule stopped after or where its
// expectation was checked; a failure before any step has no step table
// and no diagram.
func TestFocusNamesTheStep(t *testing.T) {
	step := Step{Event: "request N1", Text: "N1 calls enter()", Node: 0, Vars: []string{"a=1", "a=0"}}
	for kind, want := range map[string]string{
		"stopped":            "**Where it stopped.** After step 1: N1 calls enter().",
		"expectation failed": "**Where the expectation was checked.** After step 1: N1 calls enter().",
		"node failure":       "**The failing step.** Step 1: N1 calls enter().",
	} {
		ce := &Counterexample{Property: "schedule", Kind: kind, Nodes: []string{"N1", "N2"}, Loop: -1, Initial: []string{"a=0", "a=0"}, Steps: []Step{step}}
		r := &Result{Status: Graded, Tests: []Test{{Name: "public/x", Visibility: Public, MaxPoints: 1, Counterexample: ce}}}
		assert.Contains(t, Markdown(r, Options{}), want, kind)
	}
	ce := &Counterexample{Property: "schedule", Kind: "expectation failed", Nodes: []string{"N1", "N2"}, Loop: -1, Initial: []string{"a=0", "a=0"}}
	r := &Result{Status: Graded, Tests: []Test{{Name: "public/x", Visibility: Public, MaxPoints: 1, Counterexample: ce}}}
	md := Markdown(r, Options{})
	assert.Contains(t, md, "It failed before any step. Every node starts with `a=0`.")
	assert.NotContains(t, md, "Step by step")
	assert.NotContains(t, md, "Space-time diagram")
}

// A test that fails the way an earlier one did (the same message but for
// its numbers) says so in a line, with its own run folded away, instead
// of repeating the step table and the diagram; a different failure is
// written up in full. Where nothing folds, the repeat keeps only its
// message (and its replay link).
func TestRepeatedFailureIsFolded(t *testing.T) {
	ce := func(node int) *Counterexample {
		return &Counterexample{Property: "liveness", Kind: "deadlock", Nodes: []string{"N1", "N2", "N3"}, Loop: -1,
			Steps: []Step{{Event: "request N1", Text: "N1 calls enter()", Node: node, Vars: []string{"", "", ""}}}}
	}
	failed := func(name, msg string, node int) Test {
		return Test{Name: name, Visibility: Search, MaxPoints: 1, Message: msg, Counterexample: ce(node)}
	}
	r := &Result{Status: Graded, Tests: []Test{
		failed("explore N=2", "N2 failed at step 3: Enter() left state = Released.", 1),
		failed("explore N=3", "N3 failed at step 5: Enter() left state = Released.", 2),
		failed("explore N=4", "N1 failed at step 2: OnGrant() let in a client that had not asked.", 0),
	}}
	md := Markdown(r, Options{})
	assert.Equal(t, 3, strings.Count(md, "### Step by step"))
	folded := md[strings.Index(md, "<details>\n<summary>The run of this test</summary>"):]
	assert.Equal(t, 2, strings.Count(folded, "### Step by step"), "the repeat's table is in the fold, the different failure's after it")
	assert.Less(t, strings.Index(folded, "</details>"), strings.Index(folded, "## ✗ explore N=4"))
	assert.Contains(t, md, "*As `explore N=2` above, with other nodes or steps:* N3 failed at step 5: Enter() left state = Released.")
	assert.Contains(t, md, "<details>\n<summary>The run of this test</summary>\n\n**Liveness violated (deadlock)")
	assert.NotContains(t, md, "As `explore N=3`")
	assert.NotContains(t, md, "*As `explore N=2` above, with other nodes or steps:* N1 failed")

	plain := Markdown(r, Options{NoHTML: true})
	assert.Equal(t, 2, strings.Count(plain, "Step by step"), "without folds the repeat has no table at all")
	assert.Contains(t, plain, "*As `explore N=2` above, with other nodes or steps:*")
	assert.NotContains(t, plain, "The run of this test")
	assert.Contains(t, HTML(r, Options{}), "<summary>The run of this test</summary>")
}

// The kind column tells a conformance search from an exploration, as
// the statements do.
func TestKindColumn(t *testing.T) {
	for want, test := range map[string]Test{
		"public":       {Name: "public/one", Visibility: Public},
		"hidden":       {Name: "hidden/two", Visibility: Hidden},
		"random walks": {Name: "hidden/walk", Visibility: Hidden, Walk: true},
		"exploration":  {Name: "explore N=2 R=1: safety", Visibility: Search},
		"conformance":  {Name: "conform N=2 R=1", Visibility: Search},
	} {
		assert.Equal(t, want, kindOf(&test), test.Name)
	}
}

// Notes (a package variable the steps write) come under "Worth a look",
// positioned and quoted as problems are, in every rendering a student
// reads; a result without them has no such section.
func TestNotesAreShown(t *testing.T) {
	r := &Result{Status: Graded, File: "solution.go", Score: 1, MaxScore: 3,
		Notes: []Problem{{Line: 45, Col: 2, Msg: "P11 writes the package variable seen: if seen keeps a node's state", Source: "\tseen[n.MyID()] = 1"}},
		Tests: []Test{{Name: "public/alone", Visibility: Public, MaxPoints: 3, Points: 1, Message: "failed"}}}
	for _, web := range []bool{false, true} {
		md := Markdown(r, Options{Web: web})
		assert.Contains(t, md, "## Worth a look\n\n- `solution.go:45:2` P11 writes the package variable seen", "web=%v", web)
		assert.Contains(t, md, "seen[n.MyID()] = 1")
		assert.NotContains(t, md, "## Problems")
	}
	gs, err := Gradescope(r, GradescopeOptions{})
	require.NoError(t, err)
	assert.Contains(t, string(gs), "Worth a look")
	pl, err := PrairieLearn(r, Options{})
	require.NoError(t, err)
	assert.Contains(t, string(pl), `Worth a look:\nsolution.go:45:2: P11 writes the package variable seen`)

	r.Notes = nil
	assert.NotContains(t, Markdown(r, Options{}), "Worth a look")
}

// A node that fails in the critical section is drawn as failing there,
// not as leaving it: a failed node waits for ever, so it is no longer in
// the CS, but it never left.
func TestDiagramSaysAFailInTheCS(t *testing.T) {
	ce := &Counterexample{Property: "schedule", Kind: "node failure", Summary: "N1 failed", Nodes: []string{"N1", "N2"}, Loop: -1,
		Initial: []string{"phase=idle", "phase=idle"},
		Steps: []Step{
			{Event: "request N1", Text: "N1 calls enter()", Node: 0, Vars: []string{"phase=wanting", "phase=idle"}},
			{Event: "step N1 P5", Text: "N1 enters", Node: 0, InCS: []int{0}, Vars: []string{"phase=in-cs", "phase=idle"}},
			{Event: "step N1 P6a", Text: "N1 P6a fails", Node: 0, Vars: []string{"phase=failed fault=P6a panicked", "phase=idle"}},
			{Event: "request N2", Text: "N2 calls enter()", Node: 1, Vars: []string{"phase=failed fault=P6a panicked", "phase=wanting"}},
		}}
	r := &Result{Status: Graded, File: "solution.go", MaxScore: 1,
		Tests: []Test{{Name: "public/a", Visibility: Public, MaxPoints: 1, Message: "N1 failed", Counterexample: ce}}}
	md := Markdown(r, Options{})
	assert.Contains(t, md, "[N1 enters the CS]")
	assert.Contains(t, md, "[N1 fails in the CS]")
	assert.NotContains(t, md, "[N1 leaves the CS]")
}

// A try (every test the student's own schedule) is summed up as one, with
// no score, whether it ran to its end or the sandbox stopped it; its
// tests have no points in the table or their headings.
func TestTriedSummary(t *testing.T) {
	r := &Result{File: "a.go", Status: Graded, Score: 1, MaxScore: 2, Tests: []Test{
		{Name: "yours/a", Own: true, Passed: true, Points: 1, MaxPoints: 1},
		{Name: "yours/b", Own: true, Points: 0, MaxPoints: 1, Message: "no"},
	}}
	assert.Equal(t, "Tried on your own schedules, not graded: 1 of 2 passed.", summaryLine(r, true))
	md := Markdown(r, Options{})
	assert.Contains(t, md, "| yours/a | yours | — | ✓ passed |")
	assert.Contains(t, md, "\n## ✗ yours/b\n")
	assert.NotContains(t, md, "Score:")
	r.Status = Crashed
	assert.Equal(t, "Tried on your own schedules, not graded: the sandbox stopped the program (see below); 1 of 2 of your schedules passed before that.", summaryLine(r, true))
	r.Tests[0].Own = false // a grading
	assert.Contains(t, summaryLine(r, true), "Score: 1 / 2 — grading stopped")
}

// A conformance test that failed below another failure is pointed to
// first: it names the step where the code parts from the algorithm, in a
// short run, where the failure above may show only where that ended up.
// When it is the first failure already, nothing is added.
func TestConformanceFailureIsPointedTo(t *testing.T) {
	conform := Test{Name: "conform N=2 R=1", Visibility: Search, MaxPoints: 4, Message: "Your code does not do what ra-benari does.",
		Counterexample: &Counterexample{Property: Conformance, Steps: make([]Step, 8)}}
	public := Test{Name: "public/alone", Visibility: Public, MaxPoints: 1, Message: "run until N1 enters: nothing more can happen."}
	passed := Test{Name: "public/tie", Visibility: Public, MaxPoints: 1, Points: 1, Passed: true}
	r := &Result{Exercise: "ra-steps", Status: Graded, MaxScore: 6, Score: 1, Tests: []Test{passed, public, conform}}
	for _, web := range []bool{false, true} {
		md := Markdown(r, Options{Web: web})
		i := strings.Index(md, "Start with **conform N=2 R=1** below: it shows the first step where your code does not do what the algorithm does, in a run of 8 steps.")
		require.GreaterOrEqual(t, i, 0, md)
		assert.Less(t, i, strings.Index(md, "## ✗ public/alone"), "before the first failure")
	}
	// In HTML the name is a link to the test's section, many screens
	// down on a phone: the section's heading has the id it names.
	for _, web := range []bool{false, true} {
		page := HTML(r, Options{Web: web})
		assert.Contains(t, page, `<em>Start with <a href="#test-3"><strong>conform N=2 R=1</strong></a> below:`)
		assert.Contains(t, page, `<h2 id="test-3">✗ conform N=2 R=1 (0 / 4)</h2>`)
		assert.Contains(t, page, `<h2 id="test-2">✗ public/alone (0 / 1)</h2>`)
		assert.Equal(t, 1, strings.Count(page, `id="test-3"`))
		assert.NotContains(t, page, "dmelab:anchor", "the placeholders are gone")
	}
	r.Tests = []Test{passed, conform, public}
	assert.NotContains(t, Markdown(r, Options{Web: true}), "Start with")
}

// On the web a step table of more than foldSteps steps is folded, open,
// with a summary that says how many steps it has (the exercise page
// closes it on a phone); a short one, and the other formats, are not.
func TestWebFoldsLongStepTables(t *testing.T) {
	run := func(n int) *Result {
		ce := &Counterexample{Property: "safety", Nodes: []string{"N1"}, Loop: -1, Scenario: "algorithm central\nnodes N1\n"}
		for k := 0; k < n; k++ {
			ce.Steps = append(ce.Steps, Step{Event: fmt.Sprintf("request N1 %d", k), Vars: []string{fmt.Sprint("v=", k)}})
		}
		return &Result{Status: Graded, MaxScore: 1, Tests: []Test{{Name: "t", Visibility: Public, MaxPoints: 1, Counterexample: ce}}}
	}
	page := HTML(run(foldSteps+1), Options{Web: true})
	fold := fmt.Sprintf("<details open>\n<summary>The %d steps, a row each</summary>\n<table>", foldSteps+1)
	require.Contains(t, page, fold)
	assert.Contains(t, page[strings.Index(page, fold):], "</tbody>\n</table>\n</details>", "the table, and only it, is in the fold")
	assert.NotContains(t, HTML(run(foldSteps), Options{Web: true}), "<details open>", "a short table is not folded")
	for _, o := range []Options{{}, {NoHTML: true}} {
		assert.NotContains(t, HTML(run(foldSteps+1), o), "<details open>")
		assert.NotContains(t, Markdown(run(foldSteps+1), o), "a row each")
	}
	assert.NotContains(t, Markdown(run(foldSteps+1), Options{Web: true}), "a row each")
}

// The caret under a quoted line stands under the column told: a tab is
// four columns, and a character drawn zero wide (a byte-order mark at
// the start of a listing, whose bytes the column counts) moves it not
// at all.
func TestQuoteCaret(t *testing.T) {
	for _, c := range []struct {
		src  string
		col  int
		want string
	}{
		{"algorithm x", 1, "algorithm x\n^"},
		{"\tx = 1", 2, "    x = 1\n    ^"},
		{"\ufeffalgoritm x", 4, "\ufeffalgoritm x\n^"},
		{"a\u200bb c", 6, "a\u200bb c\n  ^"},
	} {
		assert.Equal(t, c.want, quote(Problem{Source: c.src, Col: c.col}), "%q", c.src)
	}
}
