package play

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"dmelab/algorithms/diag"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "algorithms", "scenario", "testdata", name))
	require.NoError(t, err)
	return string(b)
}

func TestParseScenarioPlacesErrors(t *testing.T) {
	assert.Empty(t, ParseScenario(readExample(t, "seed001.scn")))

	for _, c := range []struct {
		name, text string
		want       diag.Diagnostic
	}{
		{"syntax", "algorithm ra-v1\nnodes N1 N2\nrequest N1 N2\n", diag.Diagnostic{Line: 3, Col: 12}},
		{"unknown node", "algorithm ra-v1\nnodes N1 N2\nrequest N3\n", diag.Diagnostic{Line: 3, Col: 9}},
		{"unknown algorithm", "algorithm nope\nnodes N1\n", diag.Diagnostic{Line: 1, Col: 11}},
		// Columns count UTF-16 units: "Nå" is 3 bytes but 2 units.
		{"non-ASCII before", "algorithm ra-v1\nnodes Nå N2\nrequest Nå N2\n", diag.Diagnostic{Line: 3, Col: 12}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := ParseScenario(c.text)
			require.NotEmpty(t, d)
			assert.Equal(t, c.want.Line, d[0].Line, "%+v", d)
			assert.Equal(t, c.want.Col, d[0].Col, "%+v", d)
			assert.NotEmpty(t, d[0].Message)
		})
	}
}

func TestFormatScenario(t *testing.T) {
	out, d := FormatScenario("algorithm   ra-v1\nnodes N1 N2\n\n\nN1 requests   # first\nrun\n")
	require.Empty(t, d)
	assert.Equal(t, "algorithm ra-v1\nnodes N1 N2\n\nrequest N1  # first\nrun\n", out)
	again, d := FormatScenario(out)
	require.Empty(t, d)
	assert.Equal(t, out, again, "canonical text is a fixed point")

	_, d = FormatScenario("algorithm ra-v1\nnodes N1 N2\nrun until\n")
	require.NotEmpty(t, d)
	assert.Equal(t, 3, d[0].Line)
}

// Seed 001's example as the page gets it: the script's whole run, every
// expectation held, each step tied to its line, N80 in the CS before N12.
func TestScenarioRunSeed001(t *testing.T) {
	text := readExample(t, "seed001.scn")
	r, d, err := NewScenarioRun(text)
	require.NoError(t, err)
	require.Empty(t, d)
	s := r.State()
	assert.Equal(t, []string{"N3", "N5", "N6", "N12", "N32", "N80"}, s.Names)
	require.NotNil(t, s.Script)
	sc := s.Script
	assert.True(t, sc.OK)
	assert.False(t, sc.Diverged)
	assert.Nil(t, sc.Stopped)
	assert.Equal(t, len(s.Steps), sc.Events)
	assert.Equal(t, sc.Events, s.Pos, "the cursor ends at the end of the script")
	// requests 0, then N32, N12 and N80 one each: the settings' Requests
	// (0) is only the others'.
	assert.Equal(t, 0, s.Params.Requests)
	assert.Equal(t, []int{0, 0, 0, 1, 1, 1}, sc.Requests)
	require.Len(t, sc.Lines, sc.Events)
	assert.True(t, slices.IsSorted(sc.Lines), "the script runs top to bottom")
	require.Len(t, sc.Expects, 33)
	for _, e := range sc.Expects {
		assert.Equal(t, "ok", e.Status, "%s (line %d): %s", e.Text, e.Line, e.Got)
		assert.LessOrEqual(t, e.After, sc.Events)
	}
	// "request N32" is the first step; "expect N32 state = WANTED" follows it.
	assert.Equal(t, "request N5", s.Steps[0].Event, "canonical events keep the simulator's names (N32 is the 5th node)")
	assert.Equal(t, "N32 calls enter()", s.Steps[0].Text)
	assert.Equal(t, 1, sc.Expects[0].After)

	// N80 (index 5) enters before N12 (index 3).
	var order []int
	for _, c := range s.CS {
		order = append(order, c.Node)
	}
	assert.Equal(t, []int{4, 5, 3}, order)
	assert.Contains(t, s.Nodes[4].Vars, Var{"queue", "[]"})

	// Stepping back and forward keeps the script; another event diverges.
	require.True(t, r.Back())
	assert.False(t, r.State().Script.Diverged)
	require.True(t, r.Forward())
	require.NoError(t, r.Seek(0))
	require.NoError(t, r.Apply("request N4"))
	assert.True(t, r.State().Script.Diverged)
}

// A scenario's nodes' own numbers of enter() calls reach the page, which
// shows them beside the settings' Requests; a server's 0 is no number
// of its own, and a scenario that sets none apart has none.
func TestScenarioRequestsPerNode(t *testing.T) {
	for _, c := range []struct {
		text string
		want []int
	}{
		{"algorithm central\nnodes S A B\nrequests 2\nrequests B = 1\n", []int{0, 2, 1}},
		{"algorithm central\nnodes S A B\nrequests 2\n", nil},
		{"algorithm ra-v1\nnodes N1 N2\nrequests N1 = 1\n", nil},
		{"algorithm ra-v1\nnodes N1 N2\nrequests N1 = 0\n", []int{0, 1}},
	} {
		r, d, err := NewScenarioRun(c.text)
		require.NoError(t, err, c.text)
		require.Empty(t, d, c.text)
		assert.Equal(t, c.want, r.State().Script.Requests, c.text)
	}
}

func TestScenarioRunStopsAndFails(t *testing.T) {
	text := "algorithm ra-v1\nnodes N1 N2\nrequest N1\nexpect N1 phase = in-cs\nexit N1\nexpect N2 phase = idle\n"
	r, d, err := NewScenarioRun(text)
	require.NoError(t, err)
	require.Empty(t, d)
	sc := r.State().Script
	require.NotNil(t, sc.Stopped)
	assert.Equal(t, 5, sc.Stopped.Line)
	assert.Contains(t, sc.Stopped.Message, "not possible")
	require.Len(t, sc.Expects, 2)
	assert.Equal(t, "FAIL", sc.Expects[0].Status)
	assert.Equal(t, "not reached", sc.Expects[1].Status)
	assert.False(t, sc.OK)
	assert.Equal(t, 1, sc.Events)

	_, d, err = NewScenarioRun("algorithm ra-v1\nnodes N1 N1\n")
	require.NoError(t, err)
	require.NotEmpty(t, d)
	assert.Equal(t, 2, d[0].Line)
}

// A property expectation found violated carries the run that shows it.
func TestScenarioWitness(t *testing.T) {
	r, _, err := NewScenarioRun("algorithm ra-v1\nnodes N1 N2\nexpect liveness violated\n")
	require.NoError(t, err)
	sc := r.State().Script
	require.Len(t, sc.Expects, 1)
	assert.Equal(t, "ok", sc.Expects[0].Status)
	assert.NotEmpty(t, sc.Expects[0].Witness)
}

// The download of a run is a scenario that replays the same timeline,
// for a scenario's run (its names, clocks and requests) and for a run
// built by hand.
func TestRunScenarioReplays(t *testing.T) {
	r, _, err := NewScenarioRun(readExample(t, "seed001.scn"))
	require.NoError(t, err)
	require.NoError(t, r.Seek(10))
	require.NoError(t, r.Apply(r.State().Enabled[0].Event)) // branch off the script
	text, err := r.Scenario()
	require.NoError(t, err)
	assert.Contains(t, text, "nodes N3 N5 N6 N12 N32 N80")
	assert.Contains(t, text, "clock N12 = 113")
	again, d, err := NewScenarioRun(text)
	require.NoError(t, err)
	require.Empty(t, d, text)
	assert.Equal(t, r.Events(), again.Events())

	h, err := NewRun(raV1())
	require.NoError(t, err)
	_, err = h.RunDefault(8)
	require.NoError(t, err)
	require.NoError(t, h.Seek(3))
	text, err = h.Scenario()
	require.NoError(t, err)
	assert.Contains(t, text, "# the playground showed the state before this step")
	again, d, err = NewScenarioRun(text)
	require.NoError(t, err)
	require.Empty(t, d, text)
	assert.Equal(t, h.Events(), again.Events())
}

// Exploring a scenario settles the properties from where its script ends
// and gives each violation back as a scenario that replays it.
func TestExploreScenario(t *testing.T) {
	x, d, err := ExploreScenario("algorithm ra-v1\nnodes N1 N2\nrequest N1\n", 0)
	require.NoError(t, err)
	require.Empty(t, d)
	assert.Equal(t, 1, x.From)
	assert.True(t, x.Complete)
	assert.Equal(t, "holds", x.Properties["safety"])
	assert.Equal(t, "violated", x.Properties["liveness"])
	ce, ok := x.Counterexamples["liveness"]
	require.True(t, ok)
	assert.Equal(t, "deadlock", ce.Kind)
	r, d, err := NewScenarioRun(ce.Scenario)
	require.NoError(t, err)
	require.Empty(t, d, ce.Scenario)
	sc := r.State().Script
	assert.True(t, sc.OK, ce.Scenario)
	assert.Equal(t, "request N1", r.Events()[0], "the script's own step comes first")
	assert.True(t, r.State().Status.Deadlock)

	_, d, err = ExploreScenario("algorithm nope\n", 0)
	require.NoError(t, err)
	assert.NotEmpty(t, d)
	x, _, err = ExploreScenario("algorithm ra-v1\nnodes N1 N2\nexit N1\n", 0)
	require.NoError(t, err)
	require.NotNil(t, x.Stopped)
	assert.Equal(t, 3, x.Stopped.Line)
}

// The page's exploration of a scenario checks Order when asked (the run
// then tracks happened-before from its start), never for an election.
func TestExploreScenarioAsked(t *testing.T) {
	text := "algorithm ra-v1\nnodes N1 N2\nrequest N1\n"
	x, d, err := ExploreScenarioAsked(text, "", ScenarioAsk{})
	require.NoError(t, err)
	require.Empty(t, d)
	_, asked := x.Properties["order"]
	assert.False(t, asked, "Order not asked: %v", x.Properties)

	x, d, err = ExploreScenarioAsked(text, "", ScenarioAsk{Order: true})
	require.NoError(t, err)
	require.Empty(t, d)
	assert.Contains(t, []string{"holds", "violated"}, x.Properties["order"], "%v", x.Properties)
	assert.Equal(t, "violated", x.Properties["liveness"])

	x, _, err = ExploreScenarioAsked("algorithm election-ring\nnodes N1 N2\nrequest N1\n", "", ScenarioAsk{Order: true})
	require.NoError(t, err)
	_, asked = x.Properties["order"]
	assert.False(t, asked, "an election has no Order: %v", x.Properties)
}

// A run that ends in Maekawa's deadlock says why in the algorithm's own
// terms (sim.Algorithm.Stuck), for the diagram's last line; a run whose
// algorithm has no account of its own says nothing more.
func TestDeadlockSaysWhy(t *testing.T) {
	r, errs, err := NewScenarioRun(readExample(t, "maekawa_deadlock.scn"))
	require.NoError(t, err)
	require.Empty(t, errs)
	end := r.State().End
	require.True(t, end.Deadlock)
	assert.Contains(t, end.Why, "Circular wait: N1 has its own vote and N3's and waits for N2's, which N2 kept for itself")
	require.NoError(t, r.Seek(0))
	assert.Empty(t, r.State().Status.Why, "not at the start, where nobody waits")
	assert.Equal(t, end.Why, r.State().End.Why)

	// Seed 000's first listing's tie, as its algorithm explains it.
	r, _, err = NewScenarioRun("algorithm ra-v1\nnodes N1 N2\nrequest N1\nrequest N2\nrun\n")
	require.NoError(t, err)
	require.True(t, r.State().End.Deadlock)
	assert.Contains(t, r.State().End.Why, "N1 and N2 wait for each other: N1 waits at P5 for N2's reply")
}

// A scenario's channels are its run's settings: exploring "the settings"
// of lamport_nonfifo.scn's run searches lamport with unordered channels,
// which deadlocks, not lamport with the FIFO channels it assumes, which
// does not (the page showed "liveness holds" beside the scenario's
// deadlock); one reordering channel is set apart as the scenario sets it.
func TestScenarioChannelsAreItsSettings(t *testing.T) {
	r, diags, err := NewScenarioRunWith(readExample(t, "lamport_nonfifo.scn"), "")
	require.NoError(t, err)
	require.Empty(t, diags)
	p := r.State().Params
	assert.Equal(t, "unordered", p.Channels)
	explored := func(p Params) string {
		res, err := Check(CheckParams{Params: p, Props: []string{"liveness"}, MaxStates: 2_000_000}, nil)
		require.NoError(t, err)
		require.True(t, res.Complete || res.Settled)
		return res.Properties["liveness"]
	}
	assert.Equal(t, "violated", explored(p))
	fifo := p
	fifo.Channels = ""
	assert.Equal(t, "holds", explored(fifo))

	r, _, err = NewScenarioRunWith(readExample(t, "lamport_onechannel.scn"), "")
	require.NoError(t, err)
	p = r.State().Params
	assert.Empty(t, p.Channels)
	require.Len(t, p.Channel, 1)
	assert.False(t, p.Channel[0].FIFO)

	_, err = Check(CheckParams{Params: Params{Algo: "lamport", Nodes: 2, Requests: 1, Channels: "sideways"}}, nil)
	assert.ErrorContains(t, err, "channels must be fifo or unordered")
	_, err = Check(CheckParams{Params: Params{Algo: "lamport", Nodes: 2, Requests: 1, Channel: []ChannelParam{{From: 0, To: 2}}}}, nil)
	assert.ErrorContains(t, err, "no channel from node 1 to node 3 among 2 nodes")
}

// An expectation's column is converted on the line it is on whatever ends
// the lines (LF, CRLF, a lone CR, as the editor reads them all): before,
// a CR-only file was one line to the conversion, and the expect after an
// ideographic space (three bytes, one UTF-16 unit) said column 4, not 2.
func TestScenarioExpectColumnOnEveryLineEnd(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		text := "algorithm ra-v1" + nl + "nodes Nå N2" + nl + "request Nå" + nl +
			"\u3000expect Nå phase = idle" + nl
		r, d, err := NewScenarioRun(text)
		require.NoError(t, err, "%q", nl)
		require.Empty(t, d, "%q", nl)
		sc := r.State().Script
		require.Len(t, sc.Expects, 1, "%q", nl)
		assert.Equal(t, 4, sc.Expects[0].Line, "%q", nl)
		assert.Equal(t, 2, sc.Expects[0].Col, "%q", nl)
	}
}
