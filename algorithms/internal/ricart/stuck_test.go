package ricart_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benariflagfirst"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/rav1"
	"dmelab/algorithms/rav2"
	"dmelab/algorithms/rav3"
	"dmelab/algorithms/sim"
)

// deadlocked reports whether w is a deadlock as the explorer means it:
// some node waits to enter or to leave and only idle applications could
// still act.
func deadlocked(w *sim.World) bool {
	for _, e := range w.Events(nil) {
		if e.Kind != sim.EvRequest {
			return false
		}
	}
	for _, n := range w.Nodes {
		if n.Phase() != sim.Idle {
			return true
		}
	}
	return false
}

// reach calls visit on every state reachable from a fresh world.
func reach(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options, visit func(w *sim.World)) int {
	t.Helper()
	w, err := sim.NewWorld(alg, cfg, opts)
	require.NoError(t, err)
	key := func(w *sim.World) string {
		var e sim.Enc
		w.Encode(&e)
		return string(e.B)
	}
	seen := map[string]bool{key(w): true}
	todo := []*sim.World{w}
	for len(todo) > 0 {
		w := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		visit(w)
		for _, e := range w.Events(nil) {
			c := w.Clone()
			_, err := c.Apply(e)
			require.NoError(t, err)
			if k := key(c); !seen[k] {
				seen[k] = true
				todo = append(todo, c)
			}
		}
	}
	return len(seen)
}

// Every deadlock the rules reach, for every variant, is explained, and
// the explanation names every waiting node at P5; states that are no
// deadlock are not explained where nobody waits or a message is in flight.
func TestEveryDeadlockIsExplained(t *testing.T) {
	configs := []struct {
		cfg  sim.Config
		opts sim.Options
	}{
		{sim.Config{N: 2, Numbers: 2}, sim.Options{Requests: 2}},
		{sim.Config{N: 3, Numbers: 2}, sim.Options{Requests: 1}},
	}
	for _, alg := range variants() {
		t.Run(alg.Name, func(t *testing.T) {
			require.NotNil(t, alg.Stuck)
			deadlocks := 0
			for _, c := range configs {
				reach(t, alg, c.cfg, c.opts, func(w *sim.World) {
					why := alg.Stuck(w)
					if !deadlocked(w) {
						if w.Waiting() == 0 || len(w.Net) > 0 {
							assert.Empty(t, why, "nobody waits:\n%s", w.StateString())
						}
						return
					}
					deadlocks++
					require.NotEmpty(t, why, "a deadlock left unexplained:\n%s", w.StateString())
					for i, n := range w.Nodes {
						if n.Phase() == sim.Wanting {
							named := strings.Contains(why, w.Names[i]+" waits at P5") || strings.Contains(why, w.Names[i]+" waits too: at P5")
							assert.True(t, named, "%s\n%s", why, w.StateString())
						}
					}
					assert.Contains(t, why, "A deferred request is answered only at P7–P9")
				})
			}
			switch alg.Name {
			case "ra-benari", "ra-benari-numfirst":
				assert.Zero(t, deadlocks, "Ben-Ari's fix does not deadlock")
			default:
				assert.NotZero(t, deadlocks)
			}
		})
	}
}

// summary is the explorer's account of the first deadlock it finds.
func summary(t *testing.T, alg *sim.Algorithm, n int) string {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n},
		Opts: sim.Options{Requests: 1}, Props: []string{explore.Liveness}})
	require.NoError(t, err)
	ce := res.Counterexamples[explore.Liveness]
	require.NotNil(t, ce)
	require.Equal(t, "deadlock", ce.Kind)
	return ce.Summary
}

// The explorer's deadlocks are explained in the listings' terms: an idle
// node whose myNum is still 0 defers every request (ra-v1, ra-v2, ra-v3),
// and ra-benari-flagfirst's node that deferred between P2a and P2b.
func TestExplorerExplainsTheDeadlocks(t *testing.T) {
	idle := func(decide string) string {
		return "N1 waits at P5 for N2's reply, which N2 deferred at " + decide + " although idle at P1 " +
			"(N1's number 1 is not smaller than N2's myNum 0, its initial value). " +
			"A deferred request is answered only at P7–P9, after the deferring node's CS, and N2 is not asking for one: N1 waits forever. " +
			"Only optional events are left (an idle application may call enter()), and none has to happen."
	}
	assert.Equal(t, idle("P11"), summary(t, rav1.Algorithm(), 2))
	assert.Equal(t, idle("P11"), summary(t, rav2.Algorithm(), 2))
	assert.Equal(t, idle("P12"), summary(t, rav3.Algorithm(), 2))
	assert.Equal(t, "N1 waits at P5 for N2's reply, which N2 deferred at P11 although idle at P1 "+
		"(N1's number 1 is not smaller than N2's myNum 0, its initial value), "+
		"and for N3's, which N3 deferred at P11 although idle at P1 "+
		"(N1's number 1 is not smaller than N3's myNum 0, its initial value). "+
		"A deferred request is answered only at P7–P9, after the deferring node's CS, and N2 and N3 are not asking for one: N1 waits forever. "+
		"Only optional events are left (an idle application may call enter()), and none has to happen.", summary(t, rav1.Algorithm(), 3))
	assert.Equal(t, "N1 and N2 wait for each other: "+
		"N1 waits at P5 for N2's reply, which N2 deferred at P12 between its P2a and P2b, requestCS already true but myNum not yet raised "+
		"(its myNum now, 2, would let N1's 1 through); "+
		"N2 waits at P5 for N1's reply, which N1 deferred at P12 (requestCS is true and N2's number 2 is not smaller than N1's myNum 1). "+
		"A deferred request is answered only at P7–P9, after the deferring node's CS: neither can enter, so neither will.",
		summary(t, benariflagfirst.Algorithm(), 2))
	got := summary(t, benariflagfirst.Algorithm(), 3)
	assert.True(t, strings.HasPrefix(got, "N1 and N2 wait for each other: N1 waits at P5 (replies = 1 of 2) for N2's reply"), got)
}
