package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// The fair cycle found in a component is the same whatever the liveness
// check looked at before it. Fairness classes are numbered as the check
// meets them, so a cycle built in the order of those numbers changed
// with the order in which components were examined; the check now
// examines them closest first and stops at the first fair one, and the
// counterexample must not depend on that.
func TestFairLoopIsIndependentOfWhatCameBefore(t *testing.T) {
	for _, c := range []struct {
		n, r  int
		order bool
	}{{2, 2, false}, {3, 1, false}, {2, 1, true}} {
		cfg := Config{Alg: registry.Lookup("permission-ring"), Sim: sim.Config{N: c.n},
			Opts: sim.Options{Requests: c.r, AppMsgs: 1, Order: c.order}, NoReduce: true, Exhaust: true}
		s, err := newSearch(cfg)
		require.NoError(t, err)
		s.bfs()
		require.True(t, s.complete)
		// reset forgets the classes met so far, as a new search would.
		reset := func() { s.classes = map[classKey]uint32{} }
		fair := 0
		for v := 0; v < c.n; v++ {
			bit := uint32(1) << v
			in := func(i int) bool { return i < s.expanded && s.wait.at(i)&bit != 0 && !s.bad.at(i) }
			comps := s.sccs(in)
			for k, comp := range comps {
				// Each fair component alone ...
				reset()
				want, wantClasses := s.fairLoop(comp, in)
				if want == nil {
					continue
				}
				fair++
				wantKeys := s.keys(wantClasses)
				// ... and after every other component, last to first.
				reset()
				for j := len(comps) - 1; j >= 0; j-- {
					if j != k {
						s.fairLoop(comps[j], in)
					}
				}
				got, gotClasses := s.fairLoop(comp, in)
				assert.Equal(t, want, got, "N=%d R=%d order=%v node %d component %d", c.n, c.r, c.order, v, k)
				assert.Equal(t, wantKeys, s.keys(gotClasses))
			}
		}
		assert.Positive(t, fair, "N=%d R=%d: permission-ring starves", c.n, c.r)
	}
}

// keys names classes by what they are, not by their numbers.
func (s *search) keys(classes []uint32) []classKey {
	name := map[uint32]classKey{}
	for k, id := range s.classes {
		name[id] = k
	}
	var out []classKey
	for _, c := range classes {
		out = append(out, name[c])
	}
	return out
}

// The liveness check tries components closest first and stops early; it
// must report what testing every component of every node would: the
// fair component that starts closest to the initial state, the earliest
// node winning a tie.
func TestLivenessReportsTheClosestFairComponent(t *testing.T) {
	for _, c := range []struct{ n, r int }{{2, 2}, {3, 1}, {3, 2}} {
		cfg := Config{Alg: registry.Lookup("permission-ring"), Sim: sim.Config{N: c.n},
			Opts: sim.Options{Requests: c.r}, Props: []string{Safety, Liveness}, NoReduce: true, Exhaust: true}
		s, err := newSearch(cfg)
		require.NoError(t, err)
		s.bfs()
		require.True(t, s.complete)
		wantV, wantState, fair := -1, 0, 0
		for v := 0; v < c.n; v++ {
			bit := uint32(1) << v
			in := func(i int) bool { return i < s.expanded && s.wait.at(i)&bit != 0 && !s.bad.at(i) }
			for _, comp := range s.sccs(in) {
				if loop, _ := s.fairLoop(comp, in); loop != nil {
					fair++
					if wantV < 0 || loop[0] < wantState {
						wantV, wantState = v, loop[0]
					}
				}
			}
		}
		require.Greater(t, fair, 1, "N=%d R=%d: more than one fair component to choose from", c.n, c.r)
		s.liveness()
		got := s.found[Liveness]
		require.NotNil(t, got, "N=%d R=%d", c.n, c.r)
		require.Equal(t, "starvation", got.kind)
		assert.Equal(t, wantV, got.victim, "N=%d R=%d victim", c.n, c.r)
		assert.Equal(t, wantState, got.state, "N=%d R=%d first state of the cycle", c.n, c.r)
	}
}
