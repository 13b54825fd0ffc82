// Package simtest runs data-driven transcripts (testdata/*.txt, in the
// format of github.com/cockroachdb/datadriven, as etcd-io/raft tests its
// state machine) against any algorithm. Only tests import it: it is the one
// package under algorithms/ that reads files (the transcripts), and the
// core never depends on it.
//
// Commands:
//
//	init nodes=N [requests=R] [numbers=K] [appmsgs=K] [crashes=K] [order] [sets=1,2;2,3;3,1]
//	    builds a fresh world and prints its state.
//	do
//	<event>...
//	    applies each event line (see sim.World.FindEvent: a prefix of the
//	    canonical form is enough) and prints what happened, with a "!" line
//	    for every CS entry and a "!!" line for every property violation.
//	events
//	    lists the enabled events in canonical form.
//	state
//	    prints every node's variables and the messages in flight.
//	run [max=N]
//	    repeatedly takes the first enabled event (the simplest default
//	    policy) and prints each, until nothing is enabled or max steps.
//	stuck
//	    prints the algorithm's own words for why the nodes of a deadlock
//	    wait (sim.Algorithm.Stuck), or "(nothing to say)".
package simtest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"dmelab/algorithms/sim"
)

// Run runs every transcript in dir against alg.
func Run(t *testing.T, alg *sim.Algorithm, dir string) {
	datadriven.Walk(t, dir, func(t *testing.T, path string) {
		var w *sim.World
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			if d.Cmd != "init" && w == nil {
				d.Fatalf(t, "%s: init first", d.Pos)
			}
			switch d.Cmd {
			case "init":
				cfg, opts, err := parseInit(d)
				if err != nil {
					return "error: " + err.Error() + "\n"
				}
				w, err = sim.NewWorld(alg, cfg, opts)
				if err != nil {
					return "error: " + err.Error() + "\n"
				}
				return w.StateString()
			case "do":
				return do(w, d.Input)
			case "events":
				var b strings.Builder
				for _, e := range w.Events(nil) {
					b.WriteString(w.EventString(e) + "\n")
				}
				if b.Len() == 0 {
					return "(nothing enabled)\n"
				}
				return b.String()
			case "state":
				return w.StateString()
			case "stuck":
				if alg.Stuck == nil {
					return "(nothing to say)\n"
				}
				if why := alg.Stuck(w); why != "" {
					return why + "\n"
				}
				return "(nothing to say)\n"
			case "run":
				limit := 1000
				for _, a := range d.CmdArgs {
					if a.Key == "max" && len(a.Vals) == 1 {
						limit, _ = strconv.Atoi(a.Vals[0])
					}
				}
				var b strings.Builder
				for k := 0; k < limit; k++ {
					evs := w.Events(nil)
					if len(evs) == 0 {
						b.WriteString("(nothing enabled)\n")
						break
					}
					b.WriteString(apply(w, evs[0]))
				}
				return b.String()
			}
			d.Fatalf(t, "%s: unknown command %q", d.Pos, d.Cmd)
			return ""
		})
	})
}

func parseInit(d *datadriven.TestData) (sim.Config, sim.Options, error) {
	cfg := sim.Config{}
	opts := sim.Options{Requests: 1}
	for _, a := range d.CmdArgs {
		val := ""
		if len(a.Vals) > 0 {
			val = strings.Join(a.Vals, ",")
		}
		num := func() (int, error) {
			v, err := strconv.Atoi(val)
			if err != nil {
				return 0, fmt.Errorf("%s wants a number, got %q", a.Key, val)
			}
			return v, nil
		}
		var err error
		switch a.Key {
		case "nodes":
			cfg.N, err = num()
		case "requests":
			opts.Requests, err = num()
		case "numbers":
			cfg.Numbers, err = num()
		case "appmsgs":
			opts.AppMsgs, err = num()
		case "crashes":
			opts.Crashes, err = num()
		case "order":
			opts.Order = true
		case "sets":
			cfg.Sets, err = parseSets(val)
		default:
			err = fmt.Errorf("unknown init argument %q", a.Key)
		}
		if err != nil {
			return cfg, opts, err
		}
	}
	return cfg, opts, nil
}

// parseSets reads "1,2;2,3;3,1" (1-based node numbers) into 0-based sets.
func parseSets(s string) ([][]int, error) {
	var sets [][]int
	for _, part := range strings.Split(s, ";") {
		var set []int
		for _, f := range strings.FieldsFunc(part, func(r rune) bool { return r == ',' || r == ' ' }) {
			v, err := strconv.Atoi(strings.TrimPrefix(f, "N"))
			if err != nil {
				return nil, fmt.Errorf("bad voting set member %q", f)
			}
			set = append(set, v-1)
		}
		sets = append(sets, set)
	}
	return sets, nil
}

func do(w *sim.World, input string) string {
	var b strings.Builder
	for _, line := range strings.Split(input, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := w.FindEvent(line)
		if err != nil {
			b.WriteString("error: " + err.Error() + "\n")
			continue
		}
		b.WriteString(apply(w, e))
	}
	return b.String()
}

func apply(w *sim.World, e sim.Event) string {
	var b strings.Builder
	b.WriteString(w.Describe(e) + "\n")
	out, err := w.Apply(e)
	if err != nil {
		return b.String() + "error: " + err.Error() + "\n"
	}
	if out.Entered {
		fmt.Fprintf(&b, "! %s enters the CS\n", w.Names[e.Node])
	}
	if out.WrongLeader {
		fmt.Fprintf(&b, "!! SAFETY: %s elects %s while a higher node is alive\n", w.Names[e.Node], w.Names[out.Leader])
	}
	if out.OrderBroken {
		fmt.Fprintf(&b, "!! ORDER: %s entered before an enter() that happened-before its own\n", w.Names[e.Node])
	}
	if w.Unsafe() {
		var in []string
		for _, i := range w.InCS() {
			in = append(in, w.Names[i])
		}
		fmt.Fprintf(&b, "!! SAFETY: %s are in the CS together\n", strings.Join(in, " and "))
	}
	return b.String()
}
