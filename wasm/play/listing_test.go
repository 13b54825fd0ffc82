package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// texts returns the listing lines at indices idx, trimmed.
func texts(l []sim.Line, idx []int) []string {
	var out []string
	for _, i := range idx {
		out = append(out, strings.TrimSpace(l[i].Text))
	}
	return out
}

// Every algorithm has a listing, and every event of a run (but
// application messages and crashes) runs some line of it, so the page
// always has a line to mark.
func TestEveryEventRunsAListingLine(t *testing.T) {
	for _, a := range List() {
		t.Run(a.Name, func(t *testing.T) {
			require.NotEmpty(t, a.Listing)
			r, err := NewRun(Params{Algo: a.Name, Nodes: 3, Requests: 2})
			require.NoError(t, err)
			_, err = r.RunDefault(150)
			require.NoError(t, err)
			s := r.State()
			require.NotEmpty(t, s.Steps)
			for _, st := range s.Steps {
				if st.Kind == "app" || st.Kind == "crash" {
					continue
				}
				assert.NotEmpty(t, st.Lines, "%s runs no line of the listing", st.Event)
			}
			// Every node that can do something is at some line.
			require.NoError(t, r.Seek(1))
			s = r.State()
			for i, n := range s.Nodes {
				acts := false
				for _, e := range s.Enabled {
					acts = acts || e.Node == i && e.Kind != "app" && e.Kind != "crash"
				}
				if acts {
					assert.NotEmpty(t, n.At, "%s can act but is at no line", n.Name)
				}
			}
		})
	}
}

// The seed-000 family: each process is marked where it is, the waiting
// ones too (P5's await, P10's receive), with the seed's numbering.
func TestListingMarksTheSeedSteps(t *testing.T) {
	alg := registry.Lookup("ra-v1")
	r, err := NewRun(raV1())
	require.NoError(t, err)
	at := func(i int) []string { return texts(alg.Listing, r.State().Nodes[i].At) }
	assert.Equal(t, []string{"P1: NCS", "P10: receive(request,source,requestedNum)"}, at(0))
	require.NoError(t, r.Apply("request N1"))
	assert.Equal(t, []string{"P2: MyNum = chooseNumber()", "P10: receive(request,source,requestedNum)"}, at(0))
	assert.Equal(t, []string{"P1: NCS"}, texts(alg.Listing, r.State().Nodes[0].Last), "the last event ended P1")
	require.NoError(t, r.Apply("step N1 P2 myNum = chooseNumber() = 1"))
	require.NoError(t, r.Apply("step N1 P4"))
	assert.Equal(t, []string{"P5:     await reply's from all other nodes", "P10: receive(request,source,requestedNum)"}, at(0), "N1 waits at P5")
	assert.Equal(t, []string{"P3: for all other Node N:", "P4:     send(request,N,myID,myNum)"}, texts(alg.Listing, r.State().Nodes[0].Last))
	require.NoError(t, r.Apply("deliver N1->N2 request(1)"))
	assert.Equal(t, []string{"P1: NCS", "P11: if requestedNum < myNum:", "else:", "add source to differed"}, at(1),
		"N2's receive process decides at P11: the test and the branch it will take (1 > 0: defer)")
	require.NoError(t, r.Apply("step N2 P11"))
	assert.Equal(t, []string{"P11: if requestedNum < myNum:", "else:", "add source to differed"}, texts(alg.Listing, r.State().Nodes[1].Last),
		"only the branch taken is marked as run")
}

// An event-driven algorithm: the handler a node ran last is marked.
func TestListingMarksTheLastHandler(t *testing.T) {
	r, _, err := NewScenarioRun(readExample(t, "seed001.scn"))
	require.NoError(t, err)
	alg := registry.Lookup("ra-lamport")
	require.NoError(t, r.Seek(1)) // request N32
	n32 := r.State().Nodes[4]
	assert.Equal(t, "enter() at process P_i", texts(alg.Listing, n32.Last)[0])
	require.NoError(t, r.Seek(2)) // deliver N32->N3 request@1
	assert.Equal(t, "On receipt of a Request <T_j, P_j> at P_i (i ≠ j):", texts(alg.Listing, r.State().Nodes[0].Last)[0])
	assert.Contains(t, texts(alg.Listing, r.State().Nodes[4].At), "- wait until all processes send back \"Reply\"", "N32 may receive a reply next")
}

// Every branch condition of every listing is one sim.Line.If knows (an
// unknown one would never hold, and its branch would never be marked).
func TestListingConditionsAreKnown(t *testing.T) {
	for _, a := range List() {
		assert.NoError(t, sim.CheckIf(registry.Lookup(a.Name)), a.Name)
	}
	bad := *registry.Lookup("maekawa")
	for _, c := range []string{"sends grant", "replies", "sends reply or entres"} {
		bad.Listing = []sim.Line{{On: "receive request", If: c, Text: "x"}}
		assert.Error(t, sim.CheckIf(&bad), c)
	}
	bad.Listing = []sim.Line{{If: "enters", Text: "x"}}
	assert.Error(t, sim.CheckIf(&bad), "a condition on a line no event runs")
}
