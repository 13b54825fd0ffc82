package explore_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// The explorer's verdicts as transcripts: each file in testdata/verdicts
// holds searches and what they find, the way the course states them —
// which property holds, and the shortest run that breaks one, event by
// event. Every counterexample is also replayed through the simulator and
// must end where its kind says (two nodes in the CS; a deadlock with
// nothing forced left to do). Regenerate with go test -rewrite.
//
//	check alg=ra-v1 nodes=2 requests=1 [props=safety,liveness,order]
//	      [crashes=1] [channels=unordered] [numbers=3] [appmsgs=1] [first=true] [reduce=false]
func TestVerdictTranscripts(t *testing.T) {
	datadriven.Walk(t, "testdata/verdicts", func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			if d.Cmd != "check" {
				d.Fatalf(t, "unknown command %q (want check)", d.Cmd)
			}
			cfg, opts := transcriptConfig(t, d)
			res, err := explore.Check(cfg)
			if err != nil {
				return "error: " + err.Error() + "\n"
			}
			return transcript(t, cfg, opts, res)
		})
	})
}

// transcriptConfig reads a check line's arguments.
func transcriptConfig(t *testing.T, d *datadriven.TestData) (explore.Config, sim.Options) {
	cfg := explore.Config{Props: []string{explore.Safety, explore.Liveness}}
	opts := sim.Options{Requests: 1}
	for _, a := range d.CmdArgs {
		if len(a.Vals) != 1 {
			d.Fatalf(t, "%s: want one value", a.Key)
		}
		v := a.Vals[0]
		num := func() int {
			n, err := strconv.Atoi(v)
			if err != nil {
				d.Fatalf(t, "%s=%s: not a number", a.Key, v)
			}
			return n
		}
		switch a.Key {
		case "alg":
			cfg.Alg = registry.Lookup(v)
			if cfg.Alg == nil {
				d.Fatalf(t, "unknown algorithm %q", v)
			}
		case "nodes":
			cfg.Sim.N = num()
		case "requests":
			opts.Requests = num()
		case "props":
			cfg.Props = strings.Split(v, ",")
		case "crashes":
			opts.Crashes = num()
		case "appmsgs":
			opts.AppMsgs = num()
		case "numbers":
			cfg.Sim.Numbers = num()
		case "channels":
			cp := *cfg.Alg
			cp.FIFO = v == "fifo"
			cfg.Alg = &cp
		case "first":
			cfg.First = v == "true"
		case "reduce":
			cfg.NoReduce = v == "false"
		default:
			d.Fatalf(t, "unknown argument %q", a.Key)
		}
	}
	if cfg.Alg == nil || cfg.Sim.N == 0 {
		d.Fatalf(t, "check needs alg= and nodes=")
	}
	if opts.AppMsgs == 0 && slices.Contains(cfg.Props, explore.Order) {
		opts.AppMsgs = 1 // as dmelab check: Order needs a message to relate requests
	}
	cfg.Opts = opts
	return cfg, opts
}

// transcript prints res: the search, each property's verdict, and each
// counterexample's events, after replaying it.
func transcript(t *testing.T, cfg explore.Config, opts sim.Options, res *explore.Result) string {
	var b strings.Builder
	how := "complete"
	if res.Settled {
		how = "settled"
	} else if !res.Complete {
		how = "incomplete: " + res.Stopped()
	}
	reduced := ""
	if res.Reduced {
		reduced = " (reduced)"
	}
	fmt.Fprintf(&b, "%d states%s, %s\n", res.States, reduced, how)
	for _, p := range explore.Properties {
		v, ok := res.Verdicts[p]
		if !ok {
			continue
		}
		ce := res.Counterexamples[p]
		if ce == nil {
			fmt.Fprintf(&b, "%s: %s\n", p, v)
			continue
		}
		fmt.Fprintf(&b, "%s: %s, %s in %d steps\n", p, v, ce.Kind, len(ce.Steps))
		for i, s := range ce.Steps {
			loop := ""
			if ce.Loop == i {
				loop = "  <- the loop starts here"
			}
			fmt.Fprintf(&b, "  %2d. %s%s\n", i+1, s.Event, loop)
		}
		replayEnds(t, cfg, opts, ce)
	}
	return b.String()
}

// replayEnds replays ce and checks that it ends as its kind says.
func replayEnds(t *testing.T, cfg explore.Config, opts sim.Options, ce *explore.Trace) {
	t.Helper()
	opts.Order = slices.Contains(cfg.Props, explore.Order)
	w, err := sim.NewWorld(cfg.Alg, cfg.Sim, opts)
	require.NoError(t, err)
	// For a lasso: the fairness classes enabled in every state of the
	// loop, and those its steps take (weak fairness: one of the former
	// that is never taken makes the loop unfair, so no counterexample).
	var always, taken map[fairClass]bool
	for i, line := range ce.Events() {
		e, err := w.FindEvent(line)
		require.NoError(t, err, "replaying %s", line)
		if ce.Loop >= 0 && i >= ce.Loop {
			here := map[fairClass]bool{}
			for _, x := range w.Events(nil) {
				if c, ok := classOf(x); ok {
					here[c] = true
				}
			}
			if always == nil {
				always, taken = here, map[fairClass]bool{}
			}
			for c := range always {
				if !here[c] {
					delete(always, c)
				}
			}
			if c, ok := classOf(e); ok {
				taken[c] = true
			}
		}
		_, err = w.Apply(e)
		require.NoError(t, err, "replaying %s", line)
	}
	for c := range always {
		require.True(t, taken[c], "%s: the loop from step %d is unfair: %+v is enabled throughout and never taken", cfg.Alg.Name, ce.Loop+1, c)
	}
	switch {
	case ce.Property == explore.Safety:
		require.True(t, w.Unsafe(), "%s: a safety counterexample ends with two nodes in the CS", cfg.Alg.Name)
	case ce.Kind == "deadlock":
		// Only an idle application's own enter() may be left (and a
		// crash, which nothing forces): nothing that has to happen.
		for _, e := range w.Events(nil) {
			require.Contains(t, []sim.EventKind{sim.EvRequest, sim.EvCrash}, e.Kind,
				"%s: a deadlock leaves nothing forced enabled, found %s", cfg.Alg.Name, w.EventString(e))
		}
	}
}

// fairClass is an event's weak-fairness class as the explorer defines it:
// a node's exit, one process's steps, one message's delivery. The
// application's calls, crashes and recoveries need no fairness.
type fairClass struct {
	kind sim.EventKind
	node int
	proc uint8
	msg  sim.Msg
}

func classOf(e sim.Event) (fairClass, bool) {
	switch e.Kind {
	case sim.EvExit:
		return fairClass{kind: e.Kind, node: e.Node}, true
	case sim.EvStep:
		return fairClass{kind: e.Kind, node: e.Node, proc: e.Step.Proc}, true
	case sim.EvDeliver:
		return fairClass{kind: e.Kind, msg: e.Msg}, true
	}
	return fairClass{}, false
}
