package explore

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// TestCutKeepsOnlyWhatTheViolationNeeds cuts the raw counterexamples of
// reduced searches (before shorten) and holds each result to what cut
// promises: a real run from the initial state that first violates the
// property at its last step, no longer than the input, from which no
// single event can go (replaying the rest, later events no longer enabled
// left out, reaches no violation). A shortest counterexample of the full
// search comes back as long as it was.
func TestCutKeepsOnlyWhatTheViolationNeeds(t *testing.T) {
	cuts := 0
	for _, name := range []string{"ra-v1", "ra-v2", "ra-v3", "ra-benari-flagfirst", "ra-benari-numfirst"} {
		for _, nr := range [][2]int{{2, 2}, {3, 1}} {
			c := Config{Alg: registry.Lookup(name), Sim: sim.Config{N: nr[0]}, Opts: sim.Options{Requests: nr[1]}, Props: []string{Safety, Liveness}}
			t.Run(fmt.Sprintf("%s/N=%d/R=%d", name, nr[0], nr[1]), func(t *testing.T) {
				s, err := newSearch(c)
				require.NoError(t, err)
				require.True(t, s.reduce, "a reduced search")
				s.bfs()
				raw, err := s.result()
				require.NoError(t, err)
				full := c
				full.NoReduce = true
				shortest, err := Check(full)
				require.NoError(t, err)
				require.NotEmpty(t, raw.Counterexamples)
				for p, tr := range raw.Counterexamples {
					if tr.Loop >= 0 {
						continue
					}
					got := cut(c, tr)
					assert.Equal(t, p, got.Property)
					assert.Equal(t, tr.Kind, got.Kind)
					assert.LessOrEqual(t, len(got.Steps), len(tr.Steps))
					evs := replayEvents(t, c, got)
					assert.Equal(t, len(evs), firstBad(t, c, tr.Kind, evs), "%s: the cut run must end at its first violation", p)
					for i := range evs {
						rest := append(append([]sim.Event(nil), evs[:i]...), evs[i+1:]...)
						assert.Negative(t, firstBad(t, c, tr.Kind, rest), "%s: step %d of %d could still go", p, i+1, len(evs))
					}
					if len(got.Steps) < len(tr.Steps) {
						cuts++
					}
					if st := shortest.Counterexamples[p]; st != nil {
						assert.Len(t, cut(full, st).Steps, len(st.Steps), "%s: a shortest run cannot be cut", p)
					}
				}
			})
		}
	}
	assert.Positive(t, cuts, "some reduced counterexample carries events it does not need")
}

// replayEvents reads a trace's events back from the initial state of c.
func replayEvents(t *testing.T, c Config, tr *Trace) []sim.Event {
	w, err := initial(c)
	require.NoError(t, err)
	var evs []sim.Event
	for _, st := range tr.Steps {
		e, err := w.FindEvent(st.Event)
		require.NoError(t, err)
		_, err = w.Apply(e)
		require.NoError(t, err)
		evs = append(evs, e)
	}
	return evs
}

// firstBad replays evs from the initial state of c, leaving out those not
// enabled when their turn comes, and returns how many were taken when the
// first state of the kind's violation was reached, or -1.
func firstBad(t *testing.T, c Config, kind string, evs []sim.Event) int {
	w, err := initial(c)
	require.NoError(t, err)
	bad := func() bool {
		if kind == "two nodes in the CS" {
			return len(w.InCS()) > 1
		}
		require.Equal(t, "deadlock", kind)
		for _, e := range w.Events(nil) {
			if e.Kind != sim.EvRequest && e.Kind != sim.EvApp {
				return false
			}
		}
		for i, n := range w.Nodes {
			if n.Phase() != sim.Idle && w.Crashed&(1<<i) == 0 {
				return true
			}
		}
		return false
	}
	taken := 0
	for _, e := range evs {
		if bad() {
			return taken
		}
		if !slices.Contains(w.Events(nil), e) {
			continue
		}
		_, err := w.Apply(e)
		require.NoError(t, err)
		taken++
	}
	if bad() {
		return taken
	}
	return -1
}

// TestShorteningReportsItself: the full search that looks for a shorter
// counterexample after a reduced search's violation reports its progress
// marked, so that a caller can say what the wait is for; the reduced
// search's own reports are not.
func TestShorteningReportsItself(t *testing.T) {
	var search, shortening int
	c := Config{Alg: registry.Lookup("ra-benari-numfirst"), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{Safety},
		ProgressEvery: 256, Progress: func(p Progress) {
			if p.Shortening {
				shortening++
				return
			}
			assert.Zero(t, shortening, "a report of the reduced search after the shortening began")
			search++
		}}
	r, err := Check(c)
	require.NoError(t, err)
	require.True(t, r.Reduced)
	require.Equal(t, Violated, r.Verdicts[Safety])
	assert.Positive(t, search)
	assert.Positive(t, shortening)
}

// TestWalkCutsItsCounterexamples: a random walk's counterexample carries
// whatever else the walk happened to do first; with Cut it keeps only
// what the violation needs, and still ends at its first violation.
func TestWalkCutsItsCounterexamples(t *testing.T) {
	c := Config{Alg: registry.Lookup("ra-v1"), Sim: sim.Config{N: 4}, Opts: sim.Options{Requests: 2}, Props: []string{Safety, Liveness}}
	wc := WalkConfig{Config: c, Seed: 7, Walks: 1000, Depth: 500}
	raw, err := Walk(wc)
	require.NoError(t, err)
	wc.Cut = true
	cut, err := Walk(wc)
	require.NoError(t, err)
	require.Equal(t, raw.Verdicts, cut.Verdicts)
	rt, ct := raw.Counterexamples[Liveness], cut.Counterexamples[Liveness]
	require.NotNil(t, rt)
	require.NotNil(t, ct)
	assert.Equal(t, Liveness, ct.Property)
	assert.Less(t, len(ct.Steps), len(rt.Steps))
	evs := replayEvents(t, c, ct)
	assert.Equal(t, len(evs), firstBad(t, c, ct.Kind, evs))
}
