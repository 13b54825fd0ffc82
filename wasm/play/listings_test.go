package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dmelab/algorithms/diag"
	"dmelab/algorithms/listing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Listing view's round trip: the student edits ra-benari's listing
// (P12 without the tie-break), explores it, and loads the counterexample
// into a run of the same edited listing, whose nodes are at its lines.
func TestEditedListingExploresAndReplays(t *testing.T) {
	src := ListingOf("ra-benari")
	require.NotEmpty(t, src)
	edited := strings.Replace(src, "(requestedNum, source) << (myNum, myID)", "requestedNum < myNum", 1)
	require.NotEqual(t, src, edited)
	assert.Empty(t, ParseListing(edited))

	p := Params{Algo: "ra-benari", Nodes: 2, Requests: 1, Listing: edited}
	res, err := Check(CheckParams{Params: p}, nil)
	require.NoError(t, err)
	assert.Equal(t, "holds", res.Properties["safety"])
	require.Equal(t, "violated", res.Properties["liveness"])
	ce := res.Counterexamples["liveness"]
	require.NotNil(t, ce)

	r, err := NewRun(p)
	require.NoError(t, err)
	require.NoError(t, r.Load(ce.Steps))
	s := r.State()
	assert.True(t, s.Status.Deadlock)
	lines := strings.Split(strings.TrimRight(edited, "\n"), "\n")
	for _, n := range s.Nodes {
		for _, at := range n.At {
			require.Less(t, at, len(lines))
		}
	}
	// The unedited listing is live.
	p.Listing = src
	res, err = Check(CheckParams{Params: p}, nil)
	require.NoError(t, err)
	assert.Equal(t, "holds", res.Properties["liveness"])
}

func TestListingProblemsAndFormat(t *testing.T) {
	probs := ParseListing("algorithm x\nprocess main:\n    P1: NCS\n    P2: foo = 1\n")
	require.Len(t, probs, 2)
	assert.Equal(t, diag.Diagnostic{Line: 2, Col: 1, Message: probs[0].Message}, probs[0])
	assert.Equal(t, 4, probs[1].Line)
	assert.Contains(t, probs[1].Message, "foo is not declared")

	out, probs := FormatListing("algorithm x\nprocess main:\n  loop forever\n    P1:  NCS\n    P2: CS\n")
	assert.Empty(t, probs)
	assert.Equal(t, "algorithm x\n\nprocess main:\n    loop forever:\n        P1: NCS\n        P2: CS\n", out)
	assert.Equal(t, "", ListingOf("raymond"))

	// Columns are UTF-16 units, as the editor counts: after "é" (two
	// bytes, one unit) zz is at unit 17, byte 18.
	probs = ParseListing("algorithm x\nglobal int x = 0\nprocess main:\n    P1: NCS\n    P2: CS\n    P3: x = é + zz\n")
	require.Len(t, probs, 2)
	assert.Equal(t, diag.Diagnostic{Line: 6, Col: 13, Message: probs[0].Message}, probs[0])
	assert.Equal(t, 17, probs[1].Col)
	assert.Contains(t, probs[1].Message, "zz is not declared")

	_, err := NewRun(Params{Algo: "ra-benari", Nodes: 2, Requests: 1, Listing: "algorithm x\n"})
	assert.ErrorContains(t, err, "no process")
}

// The editor counts UTF-16 units: "å" is two bytes but one unit, so the
// problem after it is one column left of its byte column.
func TestListingProblemsForEditor(t *testing.T) {
	text := "algorithm x\nglobal int åx = 0, foo = bar\nprocess main:\n    P1: NCS\n    P2: CS\n"
	probs := ParseListing(text)
	require.Len(t, probs, 1)
	assert.Equal(t, diag.Diagnostic{Line: 2, Col: 18, Message: probs[0].Message}, probs[0])
}

// Every listing the page ships has no problems: the Listing view does not
// parse the seed's own text (site/static/listingview.js), it shows it as
// clean.
func TestShippedListingsHaveNoProblems(t *testing.T) {
	require.NotEmpty(t, listing.Seeds())
	for _, name := range listing.Seeds() {
		text := ListingOf(name)
		require.NotEmpty(t, text, name)
		assert.Empty(t, ParseListing(text), name)
	}
}

// A listing written as handlers (seed 002's central server) runs and
// explores in the playground as the built-in algorithm does.
func TestHandlerListingRunsAndChecks(t *testing.T) {
	p := Params{Algo: "central", Nodes: 3, Requests: 1, Listing: ListingOf("central")}
	require.NotEmpty(t, p.Listing)
	res, err := Check(CheckParams{Params: p}, nil)
	require.NoError(t, err)
	assert.Equal(t, "holds", res.Properties["safety"])
	assert.Equal(t, "holds", res.Properties["liveness"])
	r, err := NewRun(p)
	require.NoError(t, err)
	_, err = r.StepDefault()
	require.NoError(t, err)
	assert.Equal(t, 1, r.State().Pos)
}

// A scenario runs on an edited listing when it names the listing's
// algorithm (a listing exercise's counterexample, whose link carries the
// student's listing): its expectations may name the listing's variables
// and its steps the listing's labels, and the run is of the listing (its
// Params.Listing, for the pseudocode panel). The built-in ra-v1 cannot
// run the exercise's schedule; a scenario of another algorithm ignores
// the listing; a listing that does not compile is an error.
func TestScenarioOnAListing(t *testing.T) {
	read := func(p string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "exercises", "listing-ra-v1", p))
		require.NoError(t, err)
		return string(b)
	}
	lst, tie := read("solution.txt"), read("public/tie.scn")

	r, errs, err := NewScenarioRunWith(tie, lst)
	require.NoError(t, err)
	require.Empty(t, errs)
	assert.Equal(t, lst, r.Params().Listing)
	s := r.State()
	require.NotNil(t, s.Script)
	assert.True(t, s.Script.OK, "the exercise's schedule holds on its reference listing")
	assert.Empty(t, ParseScenarioWith(tie, lst))
	x, errs, err := ExploreScenarioWith(tie, lst, 10000)
	require.NoError(t, err)
	require.Empty(t, errs)
	assert.Nil(t, x.Stopped)

	// The built-in ra-v1 runs it otherwise, and another run comes out.
	r, errs, err = NewScenarioRun(tie)
	require.NoError(t, err)
	require.Empty(t, errs)
	assert.Empty(t, r.Params().Listing)
	assert.False(t, r.State().Script.OK)

	// An expectation on a variable only the listing has.
	own := "algorithm ra-v1\nnodes N1 N2\nexpect N1 requestCS = false\n"
	assert.Empty(t, ParseScenarioWith(own, lst))
	assert.NotEmpty(t, ParseScenario(own), "ra-v1's Go model has no requestCS")

	// A scenario of another algorithm: the listing is not used.
	r, errs, err = NewScenarioRunWith("algorithm central\nnodes N1 N2\nrequest N2\n", lst)
	require.NoError(t, err)
	require.Empty(t, errs)
	assert.Empty(t, r.Params().Listing)

	// A listing with a mistake.
	_, _, err = NewScenarioRunWith(tie, strings.Replace(lst, "myNum", "myNumber", 1))
	require.ErrorContains(t, err, "the listing does not compile: line")
	_, _, err = ExploreScenarioWith(tie, "not a listing", 0)
	require.ErrorContains(t, err, "the listing does not compile")
	assert.NotEmpty(t, ParseScenarioWith(own, "not a listing"), "checked against the built-in")
}

// A node whose listing step broke a rule reads "failed": its phase in a
// scenario's expectations and its card's Failed, with the reason (its
// Phase stays Wanting inside, so that the fault is a liveness failure).
func TestFailedListingNode(t *testing.T) {
	lst := strings.Replace(ListingOf("ra-benari"), "send(reply, source)", "send(reply, source + 7)", 1)
	require.Contains(t, lst, "source + 7")
	sc := "algorithm ra-benari\nnodes N1 N2\nrequest N1\nrun\nexpect N2 phase = failed\nexpect N1 phase = wanting\n"
	r, errs, err := NewScenarioRunWith(sc, lst)
	require.NoError(t, err)
	require.Empty(t, errs)
	s := r.State()
	require.NotNil(t, s.Script)
	assert.True(t, s.Script.OK, "N2 reads failed, N1 still wants the CS")
	assert.Equal(t, "sent reply to 7, but the nodes are 0..1, in send(reply, source + 7) at P12 (line 32)", s.Nodes[1].Failed)
	assert.Empty(t, s.Nodes[0].Failed)
	assert.True(t, s.End.Deadlock)
}
