package explore

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// TestPersistentSetsArePersistent checks the reduction's claims by their
// definition rather than by the verdicts they lead to (the verdicts of a
// small search rarely depend on the one interleaving a wrong claim drops:
// a GroupReceiver whose MaySend always said no kept every verdict of
// TestReductionKeepsVerdicts). At states of the full search, every
// candidate set T that persistentSet offers (sim.Reducible's steps and
// local events, sim.GroupReceiver's groups) must be independent of all
// that can happen before it: along every path of events outside T (up to
// a budget of states), each event e and each t in T are both enabled,
// taking one leaves the other enabled, and both orders reach the same
// state. Every member must also keep every node's phase, but enter() and
// local receipts, which have arguments of their own, and the end of a
// node's exit (Exiting to Idle), which no property reads (see
// sim.Reducible). Runs
// have no application messages: they are inert unless Order is checked,
// when the reduction is off, and enter() does not commute with them (a
// node's application tells only idle nodes).
func TestPersistentSetsArePersistent(t *testing.T) {
	// Every state of the full search at N=2; at N=3, the states of
	// random runs (walks), every third of them.
	sizes := []struct{ n, r, walks int }{{2, 1, 0}, {2, 2, 0}, {3, 1, 25}, {3, 2, 10}}
	if testing.Short() {
		sizes = sizes[:2]
	}
	tried := 0
	for _, alg := range registry.All() {
		for _, sz := range sizes {
			w, err := sim.NewWorld(alg, sim.Config{N: sz.n}, sim.Options{Requests: sz.r})
			if err != nil {
				continue
			}
			if _, ok := w.Nodes[0].(sim.Reducible); !ok || w.AnyFIFO() || alg.Clocks {
				continue
			}
			tried++
			t.Run(fmt.Sprintf("%s/N=%d/R=%d", alg.Name, sz.n, sz.r), func(t *testing.T) {
				sets := 0
				check := func(u *sim.World) { sets += checkCandidates(t, u, 200) }
				if sz.walks == 0 {
					reachable(t, w, check)
				}
				for seed := range sz.walks {
					walk(t, w, uint64(seed), 3, check)
				}
				require.Positive(t, sets, "no candidate set was checked")
			})
		}
	}
	require.Positive(t, tried, "some algorithm must use the reduction")
}

// reachable visits the states of the full search from w.
func reachable(t *testing.T, w *sim.World, visit func(*sim.World)) {
	seen := map[string]bool{key(w): true}
	queue := []*sim.World{w}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		visit(u)
		for _, e := range u.Events(nil) {
			v := after(t, u, e)
			if k := key(v); !seen[k] {
				seen[k] = true
				queue = append(queue, v)
			}
		}
	}
}

// walk visits every k-th state of a random run from w to its end.
func walk(t *testing.T, w *sim.World, seed uint64, k int, visit func(*sim.World)) {
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; ; i++ {
		if i%k == 0 {
			visit(w)
		}
		evs := w.Events(nil)
		if len(evs) == 0 {
			return
		}
		w = after(t, w, evs[r.IntN(len(evs))])
	}
}

// checkCandidates checks every candidate set at s, exploring at most
// budget states outside each; it returns how many sets it checked.
func checkCandidates(t *testing.T, s *sim.World, budget int) int {
	sc := newScratch(s, nil, ReplayNever)
	evs := s.Events(nil)
	checked := 0
	for set, k := sc.persistentSet(s, evs, 0); set != nil; set, k = sc.persistentSet(s, evs, k) {
		T := slices.Clone(set)
		checked++
		for _, x := range T {
			if x.Kind == sim.EvRequest || x.Kind == sim.EvDeliver && sc.reducible[x.Node].LocalMsg(x.Msg, s.App[x.Node].Left == 0) {
				continue // the exceptions sim.Reducible allows
			}
			v := after(t, s, x)
			for i := range s.Nodes {
				if was, is := s.Nodes[i].Phase(), v.Nodes[i].Phase(); was != is && !(was == sim.Exiting && is == sim.Idle) {
					t.Fatalf("%s changes N%d's phase", s.Describe(x), i+1)
				}
			}
		}
		checkOutside(t, s, T, budget)
	}
	return checked
}

// checkOutside walks the states reached from s by events outside T and
// checks each event there against each member of T.
func checkOutside(t *testing.T, s *sim.World, T []sim.Event, budget int) {
	seen := map[string]bool{key(s): true}
	queue := []*sim.World{s}
	for len(queue) > 0 && len(seen) < budget {
		u := queue[0]
		queue = queue[1:]
		evs := u.Events(nil)
		for _, x := range T {
			if !slices.Contains(evs, x) {
				t.Fatalf("%s was disabled by events outside its set", s.Describe(x))
			}
		}
		for _, e := range evs {
			if slices.Contains(T, e) {
				continue
			}
			ue := after(t, u, e)
			for _, x := range T {
				ux := after(t, u, x)
				switch {
				case !slices.Contains(ue.Events(nil), x):
					t.Fatalf("%s disables %s, of a persistent set", u.Describe(e), u.Describe(x))
				case !slices.Contains(ux.Events(nil), e):
					t.Fatalf("%s, of a persistent set, disables %s", u.Describe(x), u.Describe(e))
				case key(after(t, ue, x)) != key(after(t, ux, e)):
					t.Fatalf("%s and %s, of a persistent set, do not commute", u.Describe(e), u.Describe(x))
				}
			}
			if k := key(ue); !seen[k] {
				seen[k] = true
				queue = append(queue, ue)
			}
		}
	}
}

func after(t *testing.T, w *sim.World, e sim.Event) *sim.World {
	v := w.Clone()
	_, err := v.Apply(e)
	require.NoError(t, err)
	return v
}

func key(w *sim.World) string { return string(simtest.Encoding(w)) }
