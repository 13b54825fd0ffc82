package play

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

func raV1() Params { return Params{Algo: "ra-v1", Nodes: 2, Requests: 1, AppMessages: 1} }

func TestListHasTheRegistry(t *testing.T) {
	l := List()
	require.NotEmpty(t, l)
	names := map[string]bool{}
	for _, a := range l {
		names[a.Name] = true
		assert.NotEmpty(t, a.Summary, a.Name)
	}
	assert.True(t, names["ra-v1"] && names["central"] && names["lamport"])
}

func TestNewRunRejectsBadParams(t *testing.T) {
	for _, p := range []Params{
		{Algo: "nope", Nodes: 2, Requests: 1},
		{Algo: "central", Nodes: 0, Requests: 1},
		{Algo: "central", Nodes: 2, Requests: -1},
		{Algo: "central", Nodes: 2, Requests: 1, Crashes: 2},
	} {
		_, err := NewRun(p)
		assert.Error(t, err, "%+v", p)
	}
}

// The explorer's counterexample replays in a run and ends where the
// explorer says: a deadlock, both nodes waiting.
func TestCounterexampleReplays(t *testing.T) {
	res, err := Check(CheckParams{Params: raV1()}, nil)
	require.NoError(t, err)
	require.Equal(t, "violated", res.Properties["liveness"])
	ce := res.Counterexamples["liveness"]
	require.NotNil(t, ce)

	r, err := NewRun(raV1())
	require.NoError(t, err)
	require.NoError(t, r.Load(ce.Steps))
	s := r.State()
	assert.Equal(t, len(ce.Steps), s.Pos)
	assert.Equal(t, ce.Steps, r.Events())
	assert.True(t, s.Status.Deadlock)
	assert.NotEmpty(t, s.Status.Waiting)
	for _, en := range s.Enabled {
		assert.Contains(t, []string{"app", "request", "crash"}, en.Kind, "only an application may still act: %s", en.Event)
	}
	// Every delivery is drawn from the step that sent the message.
	for k, st := range s.Steps {
		if st.Kind != "deliver" {
			continue
		}
		require.GreaterOrEqual(t, st.Msg, 0, st.Event)
		m := s.Messages[st.Msg]
		assert.Equal(t, k+1, m.Delivered)
		assert.Less(t, m.Sent, m.Delivered)
		assert.Equal(t, st.Node, m.To)
	}
}

func TestBackForwardSeekAndTruncate(t *testing.T) {
	// N1 is central's server and no client: N2 and N3 each enter once.
	r, err := NewRun(Params{Algo: "central", Nodes: 3, Requests: 1})
	require.NoError(t, err)
	n, err := r.RunDefault(100)
	require.NoError(t, err)
	require.Equal(t, n, r.Len())
	end := r.State()
	assert.True(t, end.Status.Done)
	require.Len(t, end.CS, 2)
	assert.Less(t, end.CS[0].To, end.CS[1].From+1, "the two stays must not overlap")
	for i, n := range end.Nodes {
		assert.Equal(t, min(i, 1), n.Entries, "N%d", i+1)
	}

	require.True(t, r.Back())
	mid := r.State()
	assert.Equal(t, n-1, mid.Pos)
	assert.Len(t, mid.Steps, n, "stepping back keeps the future")
	assert.True(t, mid.Enabled[0].Next || anyNext(mid.Enabled))
	require.True(t, r.Forward())
	assert.Equal(t, end.Nodes, r.State().Nodes)
	assert.False(t, r.Forward())

	require.NoError(t, r.Seek(0))
	assert.Equal(t, "idle", r.State().Nodes[0].Phase)
	assert.Error(t, r.Seek(n+1))

	// Taking another event than the timeline's next discards the future.
	require.NoError(t, r.Seek(1)) // after "request N2"
	require.NoError(t, r.Apply("request N3"))
	if r.Events()[1] != "request N3" {
		t.Fatalf("timeline did not branch: %v", r.Events())
	}
	assert.Equal(t, 2, r.Len())
	for _, m := range r.State().Messages {
		assert.LessOrEqual(t, m.Sent, 2)
	}
}

func anyNext(es []Enabled) bool {
	for _, e := range es {
		if e.Next {
			return true
		}
	}
	return false
}

func TestApplyIndexAndErrors(t *testing.T) {
	r, err := NewRun(raV1())
	require.NoError(t, err)
	s := r.State()
	require.NotEmpty(t, s.Enabled)
	require.NoError(t, r.ApplyIndex(s.Enabled[0].Index))
	assert.Equal(t, s.Enabled[0].Event, r.Events()[0])
	assert.Error(t, r.ApplyIndex(99))
	assert.Error(t, r.Apply("exit N2"))
	err = r.Load([]string{"request N1", "deliver N2->N1 nothing"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "event 2")
	assert.Equal(t, 1, r.Len())
}

func TestLamportClocksAndFIFOArrows(t *testing.T) {
	r, err := NewRun(Params{Algo: "lamport", Nodes: 3, Requests: 1})
	require.NoError(t, err)
	_, err = r.RunDefault(MaxEvents)
	require.NoError(t, err)
	s := r.State()
	assert.True(t, s.Status.Done)
	assert.Len(t, s.CS, 3)
	for _, n := range s.Nodes {
		require.NotNil(t, n.Clock)
		assert.Positive(t, *n.Clock)
	}
	for _, m := range s.Messages {
		assert.Positive(t, m.Delivered, "every message is delivered in a completed run: %+v", m)
	}
	assert.Empty(t, s.InFlight)
}

func TestCheckCancels(t *testing.T) {
	calls := 0
	_, err := Check(CheckParams{Params: raV1(), ProgressEvery: 1}, func(p explore.Progress) bool {
		calls++
		return calls == 3
	})
	assert.ErrorIs(t, err, ErrCancelled)
	assert.Equal(t, 3, calls)
}

// The page's check result has the command line's JSON shape and values,
// for the same properties: the page checks all three unless told
// otherwise, the command line leaves Order out of its default.
func TestCheckMatchesCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the dmelab command")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	cmd := exec.Command("go", "run", "./cmd/dmelab", "check", "--algo", "ra-v1", "--nodes", "2", "--requests", "1", "--props", "safety,liveness,order", "--cores", "1", "--json")
	cmd.Dir = root
	out, _ := cmd.Output() // exit status 1: a violation was found
	var cli map[string]any
	require.NoError(t, json.Unmarshal(out, &cli), string(out))

	res, err := Check(CheckParams{Params: raV1()}, nil)
	require.NoError(t, err)
	b, err := json.Marshal(res)
	require.NoError(t, err)
	var ours map[string]any
	require.NoError(t, json.Unmarshal(b, &ours))
	delete(cli, "elapsed_ms")
	delete(ours, "elapsed_ms")
	assert.Equal(t, cli, ours)
}

// The page reads these names; a field without a JSON tag would reach it
// capitalised.
func TestStateJSONNames(t *testing.T) {
	r, err := NewRun(Params{Algo: "ra-lamport", Nodes: 2, Requests: 1})
	require.NoError(t, err)
	require.NoError(t, r.Apply("request N1"))
	b, err := json.Marshal(r.State())
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	for _, k := range []string{"params", "names", "pos", "initial", "steps", "messages", "cs", "nodes", "inFlight", "enabled", "status", "end"} {
		assert.Contains(t, m, k)
	}
	node := m["nodes"].([]any)[0].(map[string]any)
	assert.Contains(t, node, "clock")
	v := node["vars"].([]any)[0].(map[string]any)
	assert.Equal(t, "state", v["name"])
	assert.Equal(t, "WANTED", v["value"])
	step := m["steps"].([]any)[0].(map[string]any)
	assert.Equal(t, "request N1", step["event"])
	assert.Equal(t, []any{"wanting", "idle"}, step["phases"])
	msg := m["messages"].([]any)[0].(map[string]any)
	assert.Equal(t, float64(1), msg["sent"])
	assert.Equal(t, float64(0), msg["delivered"])
}

// A scenario's run: its own initial state (a clock set ahead, as seed 001
// does) and its node names on everything shown, canonical events kept.
func TestRunFromAScenarioState(t *testing.T) {
	p := Params{Algo: "ra-lamport", Nodes: 2, Requests: 1}
	w, err := sim.NewWorld(registry.Lookup("ra-lamport"), sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	w.Clock[1] = 113
	rename := strings.NewReplacer("N1", "N12", "N2", "N80").Replace
	r, err := NewRunFrom(p, w, rename)
	require.NoError(t, err)
	evs := w.Events(nil)
	require.NoError(t, r.ApplyEvent(evs[len(evs)-1])) // request N2
	s := r.State()
	assert.Equal(t, []string{"N12", "N80"}, s.Names)
	assert.Equal(t, "request N2", s.Steps[0].Event, "events stay replayable")
	assert.Equal(t, "N80 calls enter()", s.Steps[0].Text)
	assert.Equal(t, int32(114), *s.Nodes[1].Clock)
	var texts []string
	for _, e := range s.Enabled {
		texts = append(texts, e.Text)
	}
	assert.Contains(t, texts, "N12 receives request@114 from N80 (T=114)")
	assert.Equal(t, int32(113), w.Clock[1], "the given state is not changed")

	_, err = NewRunFrom(Params{Algo: "central", Nodes: 2, Requests: 1}, w, nil)
	assert.Error(t, err)
}

// The default policy is the scenario language's: what the system must do
// first, enter() calls only when it has nothing to do, so one node asks
// and gets in before the next asks.
func TestDefaultPolicyTakesForcedEventsFirst(t *testing.T) {
	r, err := NewRun(Params{Algo: "ra-lamport", Nodes: 2, Requests: 1})
	require.NoError(t, err)
	_, err = r.RunDefault(100)
	require.NoError(t, err)
	ev := r.Events()
	require.Equal(t, "request N1", ev[0])
	assert.NotEqual(t, "request N2", ev[1], "N1's request is handled before N2 asks")
	s := r.State()
	assert.True(t, s.Status.Done)
	require.Len(t, s.CS, 2)
}

// A timeout that changes nothing is not taken again and again: a bully
// election with its leader crashed elects the next one (and then goes on
// with heartbeats, which this model never stops).
func TestDefaultPolicySkipsEventsThatChangeNothing(t *testing.T) {
	r, err := NewRun(Params{Algo: "election-bully", Nodes: 4, Requests: 1, Crashes: 1})
	require.NoError(t, err)
	require.NoError(t, r.Apply("crash N4"))
	_, err = r.RunDefault(30)
	require.NoError(t, err)
	s := r.State()
	for _, ns := range s.Nodes[:3] {
		assert.Contains(t, ns.Vars, Var{"leader", "N3"}, ns.Name)
	}
	assert.True(t, s.Election)
	assert.Empty(t, s.Status.Waiting)
	require.NoError(t, r.Seek(1))
	assert.False(t, r.State().Status.Done, "nobody has started an election yet")
	// Nobody asks: with N4 crashed, N3's "no leader" timeout (the seed's
	// timeframe for an election result) expires and N3 elects itself.
	require.Equal(t, "step N3 timeout: no election result, elect if no higher node is alive", r.Events()[1])
	seen := map[string]int{}
	for _, e := range r.Events() {
		seen[e]++
	}
	for e, n := range seen {
		if strings.Contains(e, "timeout") {
			assert.Equal(t, 1, n, "%s taken %d times", e, n)
		}
	}
}

// The page's Explore starts with what each algorithm's package says shows
// it (sim.Algorithm.Shows), zero fields filled in.
func TestListShows(t *testing.T) {
	shows := map[string]sim.Bounds{}
	for _, a := range List() {
		shows[a.Name] = a.Shows
	}
	require.Equal(t, sim.Bounds{Nodes: 2, Requests: 2}, shows["ra-v1"], "seed 000's safety failure needs a second request")
	require.Equal(t, sim.Bounds{Nodes: 2, Requests: 2}, shows["lamport"])
	require.Equal(t, sim.Bounds{Nodes: 3, Requests: 1, Crashes: 1}, shows["election-bully"])
	require.Equal(t, sim.Bounds{Nodes: 3, Requests: 1}, shows["maekawa"], "the default")
}

// Run on the bully goes on with heartbeats once the election is over:
// Cycle finds the state the run comes back to, with the policy's events
// between, so that the page can stop after one round. A run still
// that ends (ra-benari's, its requests served) has none.
func TestCycleFindsWhereRunSettles(t *testing.T) {
	r, err := NewRun(Params{Algo: "election-bully", Nodes: 3, Requests: 1})
	require.NoError(t, err)
	_, err = r.RunDefault(200)
	require.NoError(t, err)
	start, end, ok := r.Cycle(0)
	require.True(t, ok, "the heartbeats go round")
	assert.Less(t, start, end)
	require.NoError(t, r.Seek(start))
	before := r.State()
	require.NoError(t, r.Seek(end))
	after := r.State()
	for i := range before.Nodes {
		assert.Equal(t, before.Nodes[i].Phase, after.Nodes[i].Phase, "the same state at both ends")
		assert.Equal(t, before.Nodes[i].Vars, after.Nodes[i].Vars, "the same state at both ends")
	}
	assert.Equal(t, r.Events()[start:end], r.Events()[end:2*end-start], "and the same events after both")
	for _, ns := range after.Nodes {
		assert.Contains(t, ns.Vars, Var{"leader", "N3"}, ns.Name)
	}
	_, _, ok = r.Cycle(end + 1)
	assert.True(t, ok, "any later start finds the cycle again")

	ra, err := NewRun(Params{Algo: "ra-benari", Nodes: 2, Requests: 2})
	require.NoError(t, err)
	_, err = ra.RunDefault(200)
	require.NoError(t, err)
	_, _, ok = ra.Cycle(0)
	assert.False(t, ok, "a run that ends does not cycle")
}
