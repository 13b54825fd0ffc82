// Package steptest is the test suite every student interface (the
// algorithms/*steps packages) shares: its reference solution behaves
// exactly as the registry's algorithm, directly and through the wire;
// handlers that break the contract fail their node, saying why; and the
// wire round-trips the variables and never panics on what it reads.
package steptest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// Config is one system to explore: N nodes, R requests each, App
// application messages, C crashes and Rec recoveries, with the
// properties Props (safety and liveness when empty), without partial-order
// reduction when NoReduce.
type Config struct {
	N, R, App, C, Rec int
	Props             []string
	NoReduce          bool
}

func (c Config) String() string {
	return fmt.Sprintf("N%d-R%d-A%d-C%d-Rec%d", c.N, c.R, c.App, c.C, c.Rec)
}

// Explore runs a complete search of alg in c.
func Explore(t testing.TB, alg *sim.Algorithm, c Config) *explore.Result {
	t.Helper()
	props := c.Props
	if props == nil {
		props = []string{explore.Safety, explore.Liveness}
	}
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: c.N}, Opts: sim.Options{Requests: c.R, AppMsgs: c.App, Crashes: c.C, Recoveries: c.Rec},
		Props: props, NoReduce: c.NoReduce, MaxStates: 2_000_000, Exhaust: true})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// Same requires that every algorithm of got has exactly want's state
// graph, verdicts and counterexamples in each configuration, and returns want's results.
func Same(t *testing.T, want *sim.Algorithm, got []*sim.Algorithm, cfgs ...Config) []*explore.Result {
	var out []*explore.Result
	for _, c := range cfgs {
		w := Explore(t, want, c)
		for i, alg := range got {
			g := Explore(t, alg, c)
			assert.Equal(t, w.States, g.States, "%s, algorithm %d", c, i)
			assert.Equal(t, w.Transitions, g.Transitions, "%s, algorithm %d", c, i)
			assert.Equal(t, w.Verdicts, g.Verdicts, "%s, algorithm %d", c, i)
			for p, ce := range w.Counterexamples {
				require.Contains(t, g.Counterexamples, p)
				assert.Equal(t, ce.Events(), g.Counterexamples[p].Events(), "%s, algorithm %d: %s", c, i, p)
				assert.Equal(t, ce.Summary, g.Counterexamples[p].Summary, "%s, algorithm %d: %s", c, i, p)
			}
		}
		out = append(out, w)
	}
	return out
}

// Apply applies the event line names.
func Apply(t testing.TB, w *sim.World, line string) {
	t.Helper()
	e, err := w.FindEvent(line)
	require.NoError(t, err, line)
	_, err = w.Apply(e)
	require.NoError(t, err, line)
}

// Transcript applies lines to a world of each algorithm and requires the
// same descriptions of the events and the same states after each.
func Transcript(t *testing.T, want, got *sim.Algorithm, cfg sim.Config, opts sim.Options, lines []string) *sim.World {
	t.Helper()
	a, err := sim.NewWorld(want, cfg, opts)
	require.NoError(t, err)
	b, err := sim.NewWorld(got, cfg, opts)
	require.NoError(t, err)
	for _, line := range lines {
		ea, err := a.FindEvent(line)
		require.NoError(t, err, line)
		eb, err := b.FindEvent(line)
		require.NoError(t, err, line)
		require.Equal(t, a.Describe(ea), b.Describe(eb), line)
		Apply(t, a, line)
		Apply(t, b, line)
		require.Equal(t, a.StateString(), b.StateString(), line)
	}
	return b
}

// Quiet delivers messages until none is left (no enter() or exit()).
func Quiet(t testing.TB, w *sim.World) {
	for k := 0; k < 100; k++ {
		var next *sim.Event
		for _, e := range w.Events(nil) {
			if e.Kind == sim.EvDeliver {
				next = &e
				break
			}
		}
		if next == nil {
			return
		}
		_, err := w.Apply(*next)
		require.NoError(t, err)
	}
	t.Fatal("the network did not go quiet")
}

// Faults applies lines to a world of alg ("run" is Quiet) and returns the
// faults of its failed nodes.
func Faults(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options, lines []string) []string {
	t.Helper()
	w, err := sim.NewWorld(alg, cfg, opts)
	require.NoError(t, err)
	for _, line := range lines {
		if line == "run" {
			Quiet(t, w)
			continue
		}
		Apply(t, w, line)
	}
	var faults []string
	for _, n := range w.Nodes {
		if f := n.(sim.Faulter).Fault(); f != "" {
			faults = append(faults, f)
		}
	}
	return faults
}

// Fault requires that applying lines makes exactly one node fail, with a
// fault that says want and names stepwire's states as the student's code
// does (GoNames), and returns the fault.
func Fault(t *testing.T, alg *sim.Algorithm, cfg sim.Config, opts sim.Options, lines []string, want string) string {
	t.Helper()
	f := Faults(t, alg, cfg, opts, lines)
	require.Len(t, f, 1, "failed nodes")
	assert.Contains(t, f[0], want)
	GoNames(t, f[0], stepwireStates[:]...)
	return f[0]
}

// Override is c with handler op replaced by f.
func Override[V any](c stepwire.Code[V], op int, f func(v *V, a, b int) int) stepwire.Code[V] {
	return func(v *V, o, a, b int) int {
		if o == op {
			return f(v, a, b)
		}
		return c(v, o, a, b)
	}
}

// Both is c and c behind w's wire: each test runs on both.
func Both[V, S any](w *stepwire.Wire[V, S], c stepwire.Code[V]) []stepwire.Code[V] {
	return []stepwire.Code[V]{c, w.Through(c)}
}

// RoundTrip requires that the wire carries each of vs to the student's
// code and back unchanged (but for the place, which goes one way), and
// that a request the host cannot send is refused without running the
// code.
func RoundTrip[V, S any](t *testing.T, w *stepwire.Wire[V, S], op int, vs []V, bad [][]byte) {
	var seen V
	spy := func(v *V, _, _, _ int) int { seen = *v; return 7 }
	// One Guest answers every request as a fresh one would: nothing of a
	// call (its variables, what it sent) is left for the next, though its
	// memory is reused.
	sends := func(v *V, _, _, _ int) int {
		var m S
		stepwire.Emit(w.Self(v), m)
		return 7
	}
	guest := w.Guest(sends)
	for k := 0; k < 2; k++ {
		for i := range vs {
			v := vs[(i+k)%len(vs)]
			req := w.EncodeRequest(op, 0, 0, &v)
			assert.Equal(t, w.Serve(sends, req), guest(req), "request %d answered after another", i)
		}
	}
	for i, v := range vs {
		a, err := w.DecodeAnswer(w.Serve(spy, w.EncodeRequest(op, 0, 0, &v)))
		require.NoError(t, err, i)
		assert.Empty(t, a.Panic, i)
		assert.Equal(t, 7, a.Ret, i)
		assert.Equal(t, v, seen, "the request %d", i)
		*w.Self(&v) = stepwire.Self[S]{}
		assert.Equal(t, v, a.Vars, "the answer %d", i)
	}
	for i, req := range bad {
		a, err := w.DecodeAnswer(w.Serve(func(*V, int, int, int) int { panic("ran") }, req))
		require.NoError(t, err, i)
		assert.Equal(t, "the request was malformed", a.Panic, "bad request %d", i)
	}
}

// Fuzz fuzzes w's decoders: an answer from the sandbox is untrusted, and
// decoding it never panics; any request, however malformed, gets an
// answer from ref that decodes.
func Fuzz[V, S any](f *testing.F, w *stepwire.Wire[V, S], ref stepwire.Code[V], seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
		f.Add(w.Serve(ref, s))
	}
	f.Add([]byte{1, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		if a, err := w.DecodeAnswer(b); err == nil {
			assert.LessOrEqual(t, len(a.Panic), stepwire.MaxPanic)
		}
		_, err := w.DecodeAnswer(w.Serve(ref, b))
		require.NoError(t, err, "Serve's own answer does not decode")
	})
}

// Broken requires that a broken sandbox (an error, a malformed or
// truncated answer) or a panic there makes the node that ran event line
// fail with that reason (after say, the call's name), never the host
// panic; alg builds the algorithm of a Code.
func Broken[V, S any](t *testing.T, w *stepwire.Wire[V, S], alg func(stepwire.Code[V]) *sim.Algorithm, cfg sim.Config, line, say string) {
	var v V
	*w.Self(&v) = stepwire.Placed[S](stepwire.Place{N: 1})
	oops := w.Serve(func(*V, int, int, int) int { panic(stepwire.Fault{Msg: "oops"}) }, w.EncodeRequest(0, 0, 0, &v))
	for _, c := range []struct {
		answer []byte
		err    error
		fault  string
	}{
		{nil, errors.New("ran out of time (2s)"), "ran out of time (2s)"},
		{[]byte{7, 7, 7}, nil, stepwire.ErrBadAnswer.Error()},
		{oops[:len(oops)-1], nil, stepwire.ErrBadAnswer.Error()},
		{oops, nil, "oops"},
	} {
		code := w.Remote(func([]byte) ([]byte, error) { return c.answer, c.err })
		assert.Equal(t, []string{say + " " + c.fault}, Faults(t, alg(code), cfg, sim.Options{Requests: 1}, []string{line}))
	}
}

// Each is alg of each of codes.
func Each[V any](alg func(stepwire.Code[V]) *sim.Algorithm, codes []stepwire.Code[V]) []*sim.Algorithm {
	var out []*sim.Algorithm
	for _, c := range codes {
		out = append(out, alg(c))
	}
	return out
}
