// Package starter writes the playground's starter scenarios: for any
// algorithm of the registry and any number of nodes, a short script that
// names them, has two clients ask for the critical section (or one node
// start an election) and says what must happen, checked by running it.
// The gallery keeps one per algorithm (site/examples); the page asks the
// core for another when the student changes the number of nodes.
package starter

import (
	"fmt"
	"strings"

	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// For writes alg's starter scenario for a system of n nodes (three if n
// is less than two, or if fewer than two of its nodes are clients), so
// that the script and the run made from the playground's settings are of
// the same system. The first two clients (N1 and N2; N2 and N3 when N1 is a
// server) ask for the critical section (an election: N1 starts one) and
// run schedules the rest by the default policy. An algorithm that never
// comes to rest (a token that circulates forever) runs until both have
// entered.
func For(alg *sim.Algorithm, n int) (src []byte, err error) {
	name := "start-" + alg.Name + ".scn"
	if n < 2 {
		n = 3
	}
	clients := func(n int) []string {
		var ask []string
		for i := 0; i < n && len(ask) < 2; i++ {
			if alg.Client(i) {
				ask = append(ask, fmt.Sprintf("N%d", i+1))
			}
		}
		return ask
	}
	ask := clients(n)
	if len(ask) < 2 && n < 3 {
		n = 3
		ask = clients(n)
	}
	if len(ask) < 2 {
		return nil, fmt.Errorf("%s: fewer than two of %d nodes are clients", alg.Name, n)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("N%d", i+1)
	}
	a, b := ask[0], ask[1]
	// What an expect line can say: who enters first, or for an election
	// who is elected.
	expects := fmt.Sprintf("expect %s enters before %s, expect safety holds", a, b)
	if alg.Election {
		expects = fmt.Sprintf("expect N1 leader = %s, expect safety holds", names[n-1])
	}
	head := fmt.Sprintf(`# %s: %s.
# A starter: edit it, then Run scenario (Ctrl+Enter). Pin an interleaving
# with event lines (request %s, step %s ..., deliver %s->%s ..., exit %s),
# let run fill in the rest, and say what must happen with expect lines
# (%s, ...).
algorithm %s
nodes %s

`, alg.Name, alg.Summary, a, a, b, a, a, expects, alg.Name, strings.Join(names, " "))
	var bodies []string
	if alg.Election {
		top := names[n-1]
		bodies = []string{fmt.Sprintf("# N1 starts an election; the highest node should win.\nrequest N1\nrun until N1 leader = %[1]s\nexpect N1 leader = %[1]s\n", top)}
	} else {
		bodies = []string{
			fmt.Sprintf("# %[1]s and %[2]s call enter(); run lets the system do the rest (the\n# other nodes' applications may call enter() too).\nrequest %[1]s\nrequest %[2]s\nrun\n", a, b),
			fmt.Sprintf("# %[1]s and %[2]s call enter(); this algorithm never rests, so run until both\n# have been in the critical section.\nrequest %[1]s\nrequest %[2]s\nrun until %[1]s enters\nrun until %[2]s enters\n", a, b),
			fmt.Sprintf("# %[1]s calls enter(), then %[2]s once %[1]s is out. (Called at once, the two\n# refuse each other and retry, and run's fixed choices never let either\n# through; the explorer finds that livelock.)\nrequest %[1]s\nrun until %[1]s enters\nexit %[1]s\nrequest %[2]s\nrun until %[2]s enters\n", a, b),
		}
	}
	for _, b := range bodies {
		src = []byte(head + b)
		res, ok := runs(name, src)
		if !ok {
			continue
		}
		if w := res.Final; !alg.Election && w.Waiting() != 0 {
			// The flawed listings deadlock on the default schedule: say so.
			src = append(src, "\n# The default schedule ends in a deadlock: step back through the\n# diagram to see who waits for whom, and why.\nexpect liveness violated\n"...)
			if _, ok := runs(name, src); !ok {
				continue
			}
		}
		return src, nil
	}
	return nil, fmt.Errorf("%s: no starter template runs to its end; add one to starter.For", alg.Name)
}

// runs loads and runs src and reports whether it ran to its end with
// every expectation holding.
func runs(name string, src []byte) (*scenario.Result, bool) {
	sc, err := scenario.Load(name, src)
	if err != nil {
		return nil, false
	}
	res := scenario.Run(sc, scenario.Options{})
	return res, res.Stopped == nil && res.OK()
}
