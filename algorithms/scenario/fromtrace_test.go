package scenario

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

func encoding(w *sim.World) string {
	var e sim.Enc
	w.Encode(&e)
	return string(e.B)
}

// TestCounterexampleReplays: every counterexample the explorer finds for
// the flawed algorithms, written as a scenario, parses, replays to the
// state the explorer's trace ends in, and its "expect ... violated" holds;
// its summary is a comment of lines no wider than an editor's.
func TestCounterexampleReplays(t *testing.T) {
	safeLive := []string{explore.Safety, explore.Liveness}
	for _, c := range []struct {
		alg   string
		n, r  int
		names []string
		props []string
	}{
		{"ra-v1", 2, 1, nil, nil},
		{"ra-v2", 2, 2, []string{"P", "Q"}, safeLive},
		{"ra-v3", 2, 1, []string{"N5", "N1"}, nil},
		{"ra-benari-flagfirst", 2, 1, nil, safeLive},
		{"ra-benari-numfirst", 2, 1, []string{"left", "right"}, safeLive},
		{"maekawa", 3, 1, nil, safeLive},
		{"token-ring", 3, 1, nil, []string{explore.Order}},
	} {
		alg := registry.Lookup(c.alg)
		cfg := explore.Config{Alg: alg, Sim: sim.Config{N: c.n}, Opts: sim.Options{Requests: c.r, AppMsgs: 1}, Props: c.props}
		res, err := explore.Check(cfg)
		require.NoError(t, err)
		require.NotEmpty(t, res.Counterexamples, c.alg)
		st := NewSetup(alg, c.names, cfg.Sim, cfg.Opts)
		for prop, tr := range res.Counterexamples {
			src, err := FromCounterexample(st, tr)
			require.NoError(t, err, c.alg)
			// The summary is a comment wrapped to an editor's width,
			// which reads back as the summary (names as the scenario's).
			var said []string
			for _, l := range strings.Split(src, "\n") {
				text, ok := strings.CutPrefix(l, "  # ")
				if !ok || strings.HasPrefix(text, "from here on") {
					continue
				}
				assert.LessOrEqual(t, utf8.RuneCountInString(text), noteWidth, "%s: %q", c.alg, l)
				said = append(said, text)
			}
			require.NotEmpty(t, said, src)
			assert.Equal(t, strings.Join(strings.Fields(tr.Kind+": "+renamer(st.Names).apply(tr.Summary)), " "), strings.Join(said, " "))
			s, err := Load(c.alg+".scn", []byte(src))
			require.NoError(t, err, src)
			if prop == explore.Order {
				// The emitted expectation turns the ghost state on.
				assert.True(t, s.Setup.Opts.Order)
			}
			r := Run(s, Options{})
			require.Nil(t, r.Stopped, src)
			// The explorer's trace replayed on its own world ends in the
			// same state.
			w, err := sim.NewWorld(alg, cfg.Sim, sim.Options{Requests: c.r, AppMsgs: 1, Order: s.Setup.Opts.Order})
			require.NoError(t, err)
			evs, err := Replay(&Setup{Alg: alg, Cfg: cfg.Sim, Opts: w.Opts, Names: defaultNames(c.n), Requests: st.Requests}, tr.Events())
			require.NoError(t, err)
			for _, e := range evs {
				_, err := w.Apply(e)
				require.NoError(t, err)
			}
			assert.Equal(t, encoding(w), encoding(r.Final), "%s %s", c.alg, prop)
			last := r.Expects[len(r.Expects)-1]
			if prop == explore.Liveness && tr.Loop >= 0 {
				// Starvation: a lasso's tail from a later state is
				// checked by explore.CheckFrom; do not demand more here.
				assert.NotEqual(t, Fail, last.Status, src)
				continue
			}
			assert.Equal(t, Pass, last.Status, "%s\n%s", src, r.Report())
		}
	}
}

// TestEmitReplays: every example's run, written back, replays to the same
// final state.
func TestEmitReplays(t *testing.T) {
	for _, path := range examples(t) {
		s, err := Load(path, read(t, path))
		require.NoError(t, err)
		r := Run(s, Options{MaxStates: 1})
		out, err := r.Scenario()
		require.NoError(t, err)
		s2, err := Load("emitted", []byte(out))
		require.NoError(t, err, out)
		r2 := Run(s2, Options{})
		require.Nil(t, r2.Stopped, out)
		assert.Equal(t, encoding(r.Final), encoding(r2.Final), path)
		assert.Equal(t, len(r.Steps), len(r2.Steps))
		roundTrip(t, "emitted", []byte(out))
	}
}
